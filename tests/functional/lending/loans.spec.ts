import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import type { Role } from '#enums/roles'
import {
  binary,
  errorFields,
  pdfText,
  fieldErrors,
  isRedirect,
  makeOrder,
  userWithRole,
} from '#tests/functional/internal_orders/_support'
import { makeInsitu, onSiteAlkes } from '#tests/functional/insitu_orders/_support'
import {
  availability,
  latestLoan,
  loanAudits,
  loanPayload,
  loanField,
  loanRow,
  makeCalibrator,
} from '#tests/functional/lending/_support'
import { loanList } from '#queries/lending/loan_list'

const borrow = async (client: any, payload: Record<string, unknown>, role: Role = 'yantek') =>
  client
    .post('/calibrator/loan')
    .json(payload)
    .loginAs(await userWithRole(role))
    .withCsrfToken()
    .withInertia()
    .redirects(0)

const editLoan = async (
  client: any,
  id: number,
  payload: Record<string, unknown>,
  role: Role = 'yantek'
) =>
  client
    .put(`/calibrator/loan/${id}`)
    .json(payload)
    .loginAs(await userWithRole(role))
    .withCsrfToken()
    .withInertia()
    .redirects(0)

const decide = async (client: any, id: number, role: Role, body: Record<string, unknown>) =>
  client
    .post(`/calibrator/loan/${id}/confirm`)
    .json(body)
    .loginAs(await userWithRole(role))
    .withCsrfToken()
    .withInertia()
    .redirects(0)

test.group('Calibrator lending | loan cycle', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('a PK and a UKPR calibrator: both heads confirm, one comes back by serial, the rest in batch', async ({
    client,
    assert,
  }) => {
    const pk = await makeCalibrator('PK')
    const ukpr = await makeCalibrator('UKPR')
    const created = await borrow(client, await loanPayload([pk, ukpr]))
    assert.isTrue(isRedirect(created), String(created.flashMessages().error))
    const loan = await latestLoan()
    assert.match(loan.number, /^PJM\/\d{4}\/\d{2}\/\d{4}$/)
    assert.equal(loan.status, 'Pending')
    assert.deepEqual(
      [loan.pk_status, loan.ukpr_status, loan.sarpras_status],
      ['Pending', 'Pending', null]
    )
    assert.isFalse(await availability(pk.id))
    assert.isFalse(await availability(ukpr.id))
    assert.equal(await loanAudits(loan.id, 'loan.create'), 1)

    // Another head, or a head not chosen, cannot decide for PK.
    const wrongHead = await decide(client, loan.id, 'head_of_sarpras_laboratory', {
      status: 'Confirmed',
    })
    assert.match(String(wrongHead.flashMessages().error), /tidak menunggu keputusan Anda/)
    const byYantek = await decide(client, loan.id, 'yantek', { status: 'Confirmed' })
    assert.equal(byYantek.status(), 403)

    await decide(client, loan.id, 'head_of_pk_laboratory', { status: 'Confirmed' })
    assert.equal(await loanField(loan.id, 'status'), 'Pending')
    const again = await decide(client, loan.id, 'head_of_pk_laboratory', { status: 'Confirmed' })
    assert.isString(again.flashMessages().error)
    await decide(client, loan.id, 'head_of_ukpr_laboratory', { status: 'Confirmed' })
    assert.equal(await loanField(loan.id, 'status'), 'Confirmed')
    assert.equal(await loanAudits(loan.id, 'loan.confirm'), 2)

    // Edit after confirmation is refused, and nothing changes.
    const edit = await editLoan(client, loan.id, await loanPayload([pk]), 'yantek')
    assert.match(String(edit.flashMessages().error), /sudah diputuskan/)
    assert.lengthOf(await db.from('calibrator_loan_lines').where('loan_id', loan.id), 2)

    const yantek = await userWithRole('yantek')
    const returnSerial = (serial: string, who = yantek) =>
      client
        .post(`/api/calibrator/loan/${loan.id}/return`)
        .json({ serial_number: serial })
        .header('accept', 'application/json')
        .loginAs(who)
        .withCsrfToken()
    const stranger = await makeCalibrator('PK')
    const notOnLoan = await returnSerial(stranger.serialNumber)
    notOnLoan.assertStatus(422)
    assert.match(notOnLoan.body().errors.serial_number[0], /tidak ada dalam peminjaman/)
    // Only the borrower returns.
    const byHead = await returnSerial(pk.serialNumber, await userWithRole('head_of_pk_laboratory'))
    assert.include([403, 409], byHead.status())

    const one = await returnSerial(pk.serialNumber.toLowerCase())
    one.assertStatus(200)
    assert.equal(
      one.body().message,
      `Kalibrator dengan nomor seri ${pk.serialNumber.toLowerCase()} dikembalikan.`
    )
    // One of two back: still approved and out.
    const half = await client.get('/calibrator/loan/datatable').loginAs(yantek)
    assert.equal(
      half.body().data.find((entry: any) => entry.id === loan.id).formatted_status,
      'Disetujui'
    )
    assert.isTrue(one.body().success)
    assert.equal(one.body().data.calibrator_id, pk.id)
    assert.isString(one.body().data.return_date)
    assert.match(one.body().data.formatted_return_date, /\d{4}/)
    assert.isTrue(await availability(pk.id))
    const twice = await returnSerial(pk.serialNumber)
    assert.match(twice.body().errors.serial_number[0], /sudah dikembalikan/)

    const batch = await client
      .post(`/calibrator/loan/${loan.id}/return/batch`)
      .json({ conditions: { [ukpr.id]: 'Bad' } })
      .loginAs(yantek)
      .withCsrfToken()
      .withInertia()
      .redirects(0)
    assert.isUndefined(batch.flashMessages().error)
    assert.isTrue(await availability(ukpr.id))
    const row = await loanRow(loan.id)
    assert.isNotNull(row.returned_at)
    const ukprAfter = await db.from('calibrators').where('id', ukpr.id).first()
    assert.equal(ukprAfter.calibrator_condition, 'Bad')
    assert.equal(await loanAudits(loan.id, 'loan.return'), 2)

    const detail = await client
      .get(`/calibrator/loan/${loan.id}/detail`)
      .loginAs(yantek)
      .withInertia()
    detail.assertStatus(200)
    // Every calibrator back: finished, not a "Disetujui" loan still out (issue 35, item 12).
    assert.equal(detail.inertiaProps.loan.formatted_status, 'Selesai (Dikembalikan)')
    assert.equal(detail.inertiaProps.loan.status_tone, 'slate')
    assert.equal(detail.inertiaProps.loan.status, 'Confirmed')
    const listed = await client.get('/calibrator/loan/datatable').loginAs(yantek)
    const listedRow = listed.body().data.find((entry: any) => entry.id === loan.id)
    assert.equal(listedRow.formatted_status, 'Selesai (Dikembalikan)')
    assert.equal(listedRow.status_tone, 'slate')
    const lines = detail.inertiaProps.loan.lines as any[]
    assert.isTrue(lines.every((line) => line.formatted_return_date))
    assert.isTrue(detail.inertiaProps.loan.returned)
    const history = (detail.inertiaProps.timeline as any[]).map((entry) => entry.label)
    assert.deepEqual(history, [
      'Peminjaman diajukan',
      'PK: disetujui',
      'UKPR: disetujui',
      `Kalibrator dikembalikan (${pk.serialNumber})`,
      `Kalibrator dikembalikan (${ukpr.serialNumber})`,
    ])
  })

  test('the serial lookup: the spec messages for unknown and still-on-loan, and refusals for Bad or overdue', async ({
    client,
    assert,
  }) => {
    const yantek = await userWithRole('yantek')
    const search = (serial: string) =>
      client
        .get(`/api/calibrator/data/search/${encodeURIComponent(serial)}`)
        .header('accept', 'application/json')
        .loginAs(yantek)
    const free = await makeCalibrator('SARPRAS')
    const ok = await search(free.serialNumber)
    ok.assertStatus(200)
    assert.equal(ok.body().data.id, free.id)
    assert.equal(ok.body().data.lab, 'sarpras')
    assert.isTrue(ok.body().data.is_available)

    const unknown = await search('TIDAK-ADA-123')
    unknown.assertStatus(404)
    assert.equal(
      unknown.body().message,
      'Data Kalibrator Dengan Nomor Seri TIDAK-ADA-123 Tidak Ditemukan!'
    )

    await borrow(client, await loanPayload([free]))
    const held = await search(free.serialNumber)
    held.assertStatus(422)
    assert.equal(
      held.body().message,
      `Kalibrator ${free.name} dengan Nomor Seri ${free.serialNumber} Masih Belum Dikembalikan!`
    )
    assert.isFalse(held.body().data.is_available)

    const bad = await makeCalibrator('PK', { condition: 'Bad' })
    const badAnswer = await search(bad.serialNumber)
    assert.match(badAnswer.body().message, /Tidak Baik/)
    const overdue = await makeCalibrator('PK', {
      nextCalibration: DateTime.now().minus({ days: 3 }).toISODate()!,
    })
    const overdueAnswer = await search(overdue.serialNumber)
    assert.match(overdueAnswer.body().message, /lewat jadwal kalibrasi/)

    // The save checks again: a Bad calibrator sent anyway is refused under its line.
    const refused = await borrow(client, await loanPayload([bad]))
    assert.match(fieldErrors(refused, 'calibrators.0.id').join(' '), /Tidak Baik/)
    // And one already on a loan.
    const twice = await borrow(client, await loanPayload([free]))
    assert.match(fieldErrors(twice, 'calibrators.0.id').join(' '), /Masih Belum Dikembalikan/)
  })

  test('a rejection needs its reason, is final for every lab and frees the calibrators', async ({
    client,
    assert,
  }) => {
    const pk = await makeCalibrator('PK')
    const ukpr = await makeCalibrator('UKPR')
    await borrow(client, await loanPayload([pk, ukpr]))
    const loan = await latestLoan()
    // No decision chosen (the form chooses none, issue 35 item 12): refused under Keputusan.
    const none = await decide(client, loan.id, 'head_of_pk_laboratory', { status: '' })
    assert.include(errorFields(none), 'status')
    assert.equal(await loanField(loan.id, 'pk_status'), 'Pending')
    const noReason = await decide(client, loan.id, 'head_of_pk_laboratory', { status: 'Rejected' })
    assert.include(errorFields(noReason), 'reason')
    assert.equal(await loanField(loan.id, 'pk_status'), 'Pending')
    await decide(client, loan.id, 'head_of_pk_laboratory', {
      status: 'Rejected',
      reason: 'Kalibrator dipakai tim PK minggu ini.',
    })
    const row = await loanRow(loan.id)
    assert.equal(row.status, 'Rejected')
    assert.equal(row.pk_reason, 'Kalibrator dipakai tim PK minggu ini.')
    assert.isTrue(await availability(pk.id))
    assert.isTrue(await availability(ukpr.id))
    const late = await decide(client, loan.id, 'head_of_ukpr_laboratory', { status: 'Confirmed' })
    assert.match(String(late.flashMessages().error), /sudah diputuskan/)
    // The freed calibrators may be lent again at once.
    const next = await borrow(client, await loanPayload([pk]))
    assert.isUndefined(next.flashMessages().error)
  })

  test('the approver of each lab is required and must head it; a PDP calibrator needs none', async ({
    client,
    assert,
  }) => {
    const pk = await makeCalibrator('PK')
    const noHead = await borrow(client, await loanPayload([pk], { pk_officer: undefined }))
    assert.include(errorFields(noHead), 'pk_officer')
    const ukprHead = await userWithRole('head_of_ukpr_laboratory')
    const wrongHead = await borrow(client, await loanPayload([pk], { pk_officer: ukprHead.id }))
    assert.include(errorFields(wrongHead), 'pk_officer')
    assert.isTrue(await availability(pk.id))
    const empty = await borrow(client, await loanPayload([], {}))
    assert.include(errorFields(empty), 'calibrators')
    const past = await borrow(
      client,
      await loanPayload([pk], { planned_return_date: '2020-01-01' })
    )
    assert.include(errorFields(past), 'planned_return_date')
    const pdp = await makeCalibrator('PDP')
    await borrow(client, await loanPayload([pdp]))
    const loan = await latestLoan()
    assert.deepEqual([loan.pk_status, loan.ukpr_status, loan.sarpras_status], [null, null, null])
    assert.equal(loan.status, 'Confirmed')
  })

  test('only the borrower edits, only while Pending; the labs decide again', async ({
    client,
    assert,
  }) => {
    const pk = await makeCalibrator('PK')
    const other = await makeCalibrator('PK')
    await borrow(client, await loanPayload([pk]))
    const loan = await latestLoan()
    await decide(client, loan.id, 'head_of_pk_laboratory', { status: 'Confirmed' })
    const byOther = await editLoan(client, loan.id, await loanPayload([other]), 'admin_pk')
    // The single PK decision already confirmed it: edit is closed for everyone now.
    assert.isString(byOther.flashMessages().error)

    // With a Sarpras calibrator too, the PK decision alone leaves the loan Pending.
    const sarpras = await makeCalibrator('SARPRAS')
    await borrow(client, await loanPayload([other, sarpras]))
    const second = await latestLoan()
    await decide(client, second.id, 'head_of_pk_laboratory', { status: 'Confirmed' })
    const notMine = await editLoan(client, second.id, await loanPayload([other]), 'admin_pk')
    assert.match(String(notMine.flashMessages().error), /peminjamnya/)
    const mine = await editLoan(client, second.id, await loanPayload([other]), 'yantek')
    assert.isUndefined(mine.flashMessages().error)
    const row = await loanRow(second.id)
    assert.deepEqual([row.pk_status, row.sarpras_status], ['Pending', null])
    assert.isTrue(await availability(sarpras.id))
    assert.isFalse(await availability(other.id))
    assert.equal(await loanAudits(second.id, 'loan.edit'), 1)
  })
})

test.group('Calibrator lending | who may', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('roles outside the Kalibrator menu get 403 on every page and call', async ({
    client,
    assert,
  }) => {
    const pk = await makeCalibrator('PK')
    await borrow(client, await loanPayload([pk]))
    const loan = await latestLoan()
    const mismatches: string[] = []
    for (const role of ['fasyankes', 'officer_pk', 'treasurer', 'human_resource'] as Role[]) {
      const user = await userWithRole(role)
      const calls = [
        client.get('/calibrator/loan'),
        client.get('/calibrator/loan/datatable'),
        client.get('/calibrator/stock'),
        client.get('/calibrator/loan/create'),
        client.post('/calibrator/loan').json(await loanPayload([pk])),
        client.get(`/calibrator/loan/${loan.id}/detail`),
        client.get(`/calibrator/loan/${loan.id}/print/order`),
        client.post(`/calibrator/loan/${loan.id}/confirm`).json({ status: 'Confirmed' }),
        client.get(`/api/calibrator/data/search/${pk.serialNumber}`),
        client
          .post(`/api/calibrator/loan/${loan.id}/return`)
          .json({ serial_number: pk.serialNumber }),
      ]
      for (const call of calls) {
        const response = await call.loginAs(user).withCsrfToken().redirects(0)
        if (response.status() !== 403) mismatches.push(`${role}: ${response.status()}`)
      }
    }
    assert.deepEqual(mismatches, [])
    assert.equal(await loanField(loan.id, 'status'), 'Pending')
  })

  test('the list shows the borrower column to yantek and heads, and each row the links this user may follow', async ({
    client,
    assert,
  }) => {
    const pk = await makeCalibrator('PK')
    await borrow(client, await loanPayload([pk]))
    const loan = await latestLoan()
    const rowFor = async (role: Role) => {
      const response = await client
        .get('/calibrator/loan/datatable')
        .qs({ search: loan.number })
        .loginAs(await userWithRole(role))
      return response.body().data[0]
    }
    assert.include(await rowFor('yantek'), { may_edit: true, may_confirm: false })
    assert.include(await rowFor('head_of_pk_laboratory'), { may_edit: false, may_confirm: true })
    assert.include(await rowFor('head_of_ukpr_laboratory'), { may_confirm: false })
    const page = await client
      .get('/calibrator/loan')
      .loginAs(await userWithRole('admin_pk'))
      .withInertia()
    assert.isFalse(page.inertiaProps.showBorrower)
    const headPage = await client
      .get('/calibrator/loan')
      .loginAs(await userWithRole('head_of_ukpr_laboratory'))
      .withInertia()
    assert.isTrue(headPage.inertiaProps.showBorrower)

    const month = DateTime.now().setZone('Asia/Makassar').toFormat('yyyy-MM')
    const thisMonth = await client
      .get('/calibrator/loan/datatable')
      .qs({ month, status: 'Pending' })
      .loginAs(await userWithRole('yantek'))
    assert.isTrue(thisMonth.body().data.some((row: any) => row.id === loan.id))
    const lastYear = await client
      .get('/calibrator/loan/datatable')
      .qs({ month: '2020-01' })
      .loginAs(await userWithRole('yantek'))
    assert.equal(lastYear.body().total, 0)
    const badMonth = await client
      .get('/calibrator/loan/datatable')
      .qs({ month: '2026-13' })
      .loginAs(await userWithRole('yantek'))
    badMonth.assertStatus(422)
  })

  test('the stock page counts borrowed, available and total per type, with totals and overdue', async ({
    client,
    assert,
  }) => {
    const name = `Stok Uji ${Date.now()}`
    const first = await makeCalibrator('PK', { name })
    await makeCalibrator('PK', { name })
    const stock = async () => {
      const response = await client
        .get('/calibrator/stock/datatable')
        .qs({ search: name })
        .loginAs(await userWithRole('yantek'))
      return response.body()
    }
    const before = await stock()
    assert.deepInclude(before.data[0], { unavailable: 0, available: 2, stock: 2, overdue: 0 })
    assert.deepEqual(before.summary, { unavailable: 0, available: 2, stock: 2, overdue: 0 })
    await borrow(client, await loanPayload([first]))
    const loan = await latestLoan()
    await decide(client, loan.id, 'head_of_pk_laboratory', { status: 'Confirmed' })
    await db
      .from('calibrator_loans')
      .where('id', loan.id)
      .update({ planned_return_date: DateTime.now().minus({ days: 2 }).toISODate() })
    const after = await stock()
    assert.deepInclude(after.data[0], { unavailable: 1, available: 1, stock: 2, overdue: 1 })
    assert.deepEqual(after.summary, { unavailable: 1, available: 1, stock: 2, overdue: 1 })
    const list = await client
      .get('/calibrator/loan/datatable')
      .qs({ search: loan.number })
      .loginAs(await userWithRole('yantek'))
    assert.equal(list.body().data[0].overdue_count, 1)
    const page = await client
      .get('/calibrator/loan')
      .loginAs(await userWithRole('head_of_pk_laboratory'))
      .withInertia()
    assert.isTrue((page.inertiaProps.overdue as any[]).some((line) => line.loan_id === loan.id))
  })

  test('a loan links orders of every type under the spec field names; an order of another type is refused under its field', async ({
    client,
    assert,
  }) => {
    const { order: incoming } = await makeOrder()
    const { order: onSite } = await makeInsitu({
      status: 'DALAM PROSES',
      alkes: await onSiteAlkes('PK', 60, 100_000),
    })
    const pk = await makeCalibrator('PK')
    const wrong = await borrow(
      client,
      await loanPayload([pk], { internal_orders: [onSite.id], insitu_orders: [] })
    )
    assert.isTrue(isRedirect(wrong))
    assert.deepEqual(fieldErrors(wrong, 'internal_orders'), ['Order yang dipilih tidak ditemukan.'])
    assert.isTrue(await availability(pk.id), 'nothing was saved')

    await borrow(
      client,
      await loanPayload([pk], { internal_orders: [incoming.id], insitu_orders: [onSite.id] })
    )
    const loan = await latestLoan()
    const linked = await db.from('calibrator_loan_orders').where('loan_id', loan.id)
    assert.sameMembers(
      linked.map((row) => Number(row.order_id)),
      [incoming.id, onSite.id]
    )
    const yantek = await userWithRole('yantek')
    const edit = await client.get(`/calibrator/loan/${loan.id}/edit`).loginAs(yantek).withInertia()
    const props = edit.inertiaProps as any
    assert.deepEqual(
      props.options.orderFields.map((entry: any) => [entry.field, entry.label]),
      [
        ['internal_orders', 'Order Alat Datang'],
        ['insitu_orders', 'Order Insitu'],
      ]
    )
    assert.deepEqual(
      props.loan.linked_orders.map((entry: any) => [
        entry.field,
        entry.orders.map((order: any) => order.number),
      ]),
      [
        ['internal_orders', [incoming.number]],
        ['insitu_orders', [onSite.number]],
      ]
    )
    const slip = await binary(client.get(`/calibrator/loan/${loan.id}/print/order`).loginAs(yantek))
    const text = pdfText(slip.body() as Buffer).replace(/\s+/g, ' ')
    assert.include(text, incoming.number)
    assert.include(text, onSite.number)
  })

  test('the slips are real PDFs naming the loan and its calibrators', async ({
    client,
    assert,
  }) => {
    const pk = await makeCalibrator('PK', { name: 'Electrical Safety Analyzer Slip' })
    await borrow(client, await loanPayload([pk]))
    const loan = await latestLoan()
    for (const [path, title] of [
      ['print/order', 'SURAT PEMINJAMAN KALIBRATOR'],
      ['print/transaction', 'BUKTI TRANSAKSI PEMINJAMAN KALIBRATOR'],
      ['detail/print/order', 'SURAT PEMINJAMAN KALIBRATOR'],
    ]) {
      const response = await binary(
        client.get(`/calibrator/loan/${loan.id}/${path}`).loginAs(await userWithRole('admin_pk'))
      )
      response.assertStatus(200)
      assert.equal(response.header('content-type'), 'application/pdf')
      const text = pdfText(response.body() as Buffer).replace(/\s+/g, ' ')
      for (const expected of [
        title,
        loan.number,
        'Electrical Safety Analyzer Slip',
        pk.serialNumber,
      ])
        assert.include(text, expected, path)
    }
    for (const path of [
      '/calibrator/loan/print/pdf',
      '/calibrator/loan/print/excel',
      '/calibrator/stock/print/pdf',
      '/calibrator/stock/print/excel',
    ]) {
      const response = await binary(client.get(path).loginAs(await userWithRole('yantek')))
      response.assertStatus(200)
    }
    const missing = await client
      .get(`/calibrator/loan/${loan.id}/print/other`)
      .loginAs(await userWithRole('admin_pk'))
    missing.assertStatus(404)
    const unknown = await client
      .get('/calibrator/loan/999999/detail')
      .loginAs(await userWithRole('admin_pk'))
    unknown.assertStatus(404)
  })
})

test.group('Calibrator lending | the list’s filters', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('each filter is printed under the exports’ title as the list names it', async ({
    assert,
  }) => {
    const yantek = await userWithRole('yantek')
    assert.deepEqual(
      await loanList.describeFilters({
        search: 'PJM',
        status: 'Pending',
        month: '2026-11',
        bpfk_user: yantek.id,
      }),
      [
        { label: 'Pencarian', value: 'PJM' },
        { label: 'Status', value: 'Menunggu Persetujuan' },
        { label: 'Bulan', value: 'November 2026' },
        { label: 'Peminjam', value: yantek.name },
      ]
    )
    // "Semua" is no filter.
    assert.deepEqual(await loanList.describeFilters({ status: 'ALL' }), [])
  })
})
