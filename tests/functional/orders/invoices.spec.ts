import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import {
  FACILITY_EMAIL,
  OTHER_FACILITY_EMAIL,
  auditCount,
  binary,
  fieldErrors,
  isoDate,
  makeOrder,
  pdfBuffer,
  pdfText,
  pngBuffer,
  userByEmail,
  userWithRole,
} from '#tests/functional/internal_orders/_support'
import { plannedRequest } from '#tests/functional/insitu_orders/_support'

const TODAY = new Date().toISOString().slice(0, 10)

function send(request: any) {
  return request.withCsrfToken().withInertia().redirects(0)
}

/** An incoming-equipment order waiting for feedback: 3 lines of 175.000, one of them cancelled. */
async function awaitingFeedback() {
  const { order, devices } = await makeOrder({ status: 'MENUNGGU FEEDBACK', devices: 3 })
  await db
    .from('order_devices')
    .whereIn('id', [devices[0].id, devices[1].id])
    .update({ status: 'SELESAI' })
  await db.from('order_devices').where('id', devices[2].id).update({ status: 'BATAL UJI' })
  return order
}

async function invoiceRows(orderId: number) {
  const rows = await db.from('invoices').where('order_id', orderId).orderBy('stage')
  return rows.map((row) => [Number(row.stage), isoDate(row.invoice_date), row.letter_number])
}

test.group('Invoices | who opens the page, when', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('the treasurer and the owning facility read it; staff without it, another facility and earlier statuses do not', async ({
    client,
    assert,
  }) => {
    const order = await awaitingFeedback()
    const treasurer = await userWithRole('treasurer')
    const page = await client.get(`/internal/${order.id}/invoice`).loginAs(treasurer).withInertia()
    page.assertStatus(200)
    page.assertInertiaComponent('orders/invoice')
    const props = page.inertiaProps as any
    // The cancelled test is not billed: 2 x 175.000.
    assert.equal(props.bill.total, 350_000)
    assert.deepEqual(
      props.bill.lines.map((line: any) => line.quantity),
      [2]
    )
    assert.match(props.bill.total_in_words, /tiga ratus lima puluh ribu rupiah/i)
    assert.isString(props.updateHref)
    assert.isNull(props.paymentHref)
    assert.isNull(props.confirmHref, 'nothing to confirm before an invoice is issued')
    assert.isString(props.proofHref)

    const facility = await userByEmail(FACILITY_EMAIL)
    const own = await client.get(`/internal/${order.id}/invoice`).loginAs(facility).withInertia()
    own.assertStatus(200)
    assert.isNull((own.inertiaProps as any).updateHref)
    assert.isNull((own.inertiaProps as any).proofHref)
    // Issue 35, item 14: the advice on refreshing the report's figures is the staff's alone.
    assert.isFalse((own.inertiaProps as any).staffAdvice)
    assert.isTrue(props.staffAdvice)

    const other = await userByEmail(OTHER_FACILITY_EMAIL)
    const foreign = await client.get(`/internal/${order.id}/invoice`).loginAs(other).withInertia()
    foreign.assertStatus(404)

    for (const role of ['admin_pk', 'yantek', 'officer_pk'] as const) {
      const response = await client
        .get(`/internal/${order.id}/invoice`)
        .loginAs(await userWithRole(role))
        .withInertia()
      assert.equal(response.status(), 403, role)
    }

    const { order: working } = await makeOrder({ status: 'PROSES PENGERJAAN' })
    const early = await client
      .get(`/internal/${working.id}/invoice`)
      .loginAs(treasurer)
      .withInertia()
    early.assertStatus(403)
  })
})

test.group('Invoices | stages', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('a later stage only after the earlier date, never before it; the list shows the stage reached', async ({
    client,
    assert,
  }) => {
    const order = await awaitingFeedback()
    const treasurer = await userWithRole('treasurer')
    const update = (fields: Record<string, string>) =>
      send(client.post(`/internal/${order.id}/invoice/update`).loginAs(treasurer).fields(fields))

    const early = await update({ second_date: '2026-11-10', number: 'TG/001/2026' })
    assert.deepEqual(fieldErrors(early, 'second_date'), [
      'Tanggal Tagihan 2 hanya dapat diisi setelah Tanggal Tagihan 1 diisi.',
    ])
    assert.deepEqual(fieldErrors(early, 'first_date'), ['Tanggal Tagihan 1 wajib diisi.'])
    assert.deepEqual(await invoiceRows(order.id), [])

    const letter = await binary(
      client.get(`/internal/${order.id}/invoice/format/2`).loginAs(treasurer)
    )
    letter.assertStatus(403)

    await update({ first_date: '2026-11-10', number: 'TG/001/2026' })
    assert.deepEqual(await invoiceRows(order.id), [[1, '2026-11-10', 'TG/001/2026']])

    const backwards = await update({
      first_date: '2026-11-10',
      second_date: '2026-11-01',
      number: 'TG/002/2026',
    })
    assert.deepEqual(fieldErrors(backwards, 'second_date'), [
      'Tanggal Tagihan 2 tidak boleh sebelum Tanggal Tagihan 1.',
    ])
    const skipped = await update({
      first_date: '2026-11-10',
      third_date: '2026-11-20',
      number: 'TG/003/2026',
    })
    assert.deepEqual(fieldErrors(skipped, 'third_date'), [
      'Tanggal Tagihan 3 hanya dapat diisi setelah Tanggal Tagihan 2 diisi.',
    ])
    assert.deepEqual(await invoiceRows(order.id), [[1, '2026-11-10', 'TG/001/2026']])

    const second = await client
      .post(`/internal/${order.id}/invoice/update`)
      .loginAs(treasurer)
      .withCsrfToken()
      .withInertia()
      .redirects(0)
      .fields({ first_date: '2026-11-10', second_date: '2026-11-17', number: 'TG/002/2026' })
      .file('file', pdfBuffer(), { filename: 'surat-tagihan-2.pdf' })
    assert.equal(second.header('location'), `/internal/${order.id}/invoice`)
    assert.deepEqual(await invoiceRows(order.id), [
      [1, '2026-11-10', 'TG/001/2026'],
      [2, '2026-11-17', 'TG/002/2026'],
    ])
    const stored = await db
      .from('order_files')
      .where({ order_id: order.id, kind: 'invoice_letter' })
      .whereNull('superseded_at')
    assert.lengthOf(stored, 1)
    assert.equal(await auditCount(order.id, 'internal.invoice_update'), 2)

    const list = await client
      .get('/internal/datatable?invoice_index=2')
      .loginAs(treasurer)
      .header('accept', 'application/json')
    const row = list.body().data.find((entry: any) => entry.id === order.id)
    assert.equal(row.invoice_index, 2)
    assert.equal(row.formatted_invoice_dates[1], '17 November 2026')

    // Stage 2's letter: its number and date, the facility, the billed lines, the total in words.
    const pdf = await binary(
      client.get(`/internal/${order.id}/invoice/format/2`).loginAs(treasurer)
    )
    pdf.assertStatus(200)
    assert.equal(pdf.header('content-type'), 'application/pdf')
    const text = pdfText(pdf.body() as Buffer)
    assert.include(text, 'SURAT TAGIHAN 2')
    assert.include(text, 'TG/002/2026')
    assert.include(text, '17 November 2026')
    assert.include(text, 'Rp 350.000')
    assert.match(text, /tiga ratus lima puluh ribu rupiah/i)
    assert.include(text, 'Cara pembayaran')

    // Only the treasurer issues them.
    const facility = await userByEmail(FACILITY_EMAIL)
    const refused = await send(
      client
        .post(`/internal/${order.id}/invoice/update`)
        .loginAs(facility)
        .fields({ first_date: '2026-11-01', number: 'X/1' })
    )
    assert.equal(refused.status(), 403)
  })
})

test.group('Invoices | payment and confirmation', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('the facility uploads several proofs once invoiced; the treasurer confirms; then nothing changes', async ({
    client,
    assert,
  }) => {
    const order = await awaitingFeedback()
    const treasurer = await userWithRole('treasurer')
    const facility = await userByEmail(FACILITY_EMAIL)
    const pay = (files: [string, Buffer][]) => {
      let request = client
        .post(`/internal/${order.id}/invoice/payment`)
        .loginAs(facility)
        .withCsrfToken()
        .withInertia()
        .redirects(0)
      for (const [name, body] of files) request = request.file('files[]', body, { filename: name })
      return request
    }

    const tooEarly = await pay([['bukti.pdf', pdfBuffer()]])
    assert.match(String(tooEarly.flashMessages().error), /setelah tagihan .* diterbitkan/)
    assert.equal(await auditCount(order.id, 'internal.invoice_payment'), 0)

    await send(
      client
        .post(`/internal/${order.id}/invoice/update`)
        .loginAs(treasurer)
        .fields({ first_date: '2026-11-10', number: 'TG/010/2026' })
    )

    const notPdf = await pay([['bukti.pdf', Buffer.from('bukan pdf sama sekali')]])
    assert.isAbove(
      Object.keys(notPdf.flashMessages().inputErrorsBag ?? {}).filter((key) =>
        key.startsWith('files')
      ).length,
      0
    )

    const paid = await pay([
      ['bukti-transfer.pdf', pdfBuffer()],
      ['struk.png', pngBuffer()],
    ])
    assert.equal(paid.header('location'), `/internal/${order.id}/invoice`)
    const proofs = await db.from('order_files').where({ order_id: order.id, kind: 'payment_proof' })
    assert.deepEqual(proofs.map((proof) => proof.content_type).sort(), [
      'application/pdf',
      'image/png',
    ])

    // The treasurer sees them and may download them; another facility may not.
    const page = await client.get(`/internal/${order.id}/invoice`).loginAs(treasurer).withInertia()
    const listed = (page.inertiaProps as any).payments
    assert.lengthOf(listed, 2)
    const download = await binary(client.get(listed[0].href).loginAs(treasurer))
    download.assertStatus(200)
    assert.equal(download.header('x-content-type-options'), 'nosniff')
    const other = await binary(
      client.get(listed[0].href).loginAs(await userByEmail(OTHER_FACILITY_EMAIL))
    )
    other.assertStatus(404)

    // The facility cannot confirm; the treasurer not before the invoice date, nor in the future.
    const byFacility = await send(
      client.put(`/internal/${order.id}/invoice/confirm`).loginAs(facility).form({ date: TODAY })
    )
    assert.equal(byFacility.status(), 403)
    const beforeInvoice = await send(
      client
        .put(`/internal/${order.id}/invoice/confirm`)
        .loginAs(treasurer)
        .form({ date: '2026-11-01' })
    )
    assert.match(fieldErrors(beforeInvoice, 'date')[0], /tidak boleh sebelum Tanggal Tagihan 1/)
    const future = await send(
      client
        .put(`/internal/${order.id}/invoice/confirm`)
        .loginAs(treasurer)
        .form({ date: '2099-01-01' })
    )
    assert.lengthOf(fieldErrors(future, 'date'), 1)
    const unconfirmed = await db.from('orders').where('id', order.id).first()
    assert.isNull(unconfirmed.payment_confirm_date)

    await send(
      client
        .put(`/internal/${order.id}/invoice/confirm`)
        .loginAs(treasurer)
        .form({ date: '2026-11-12' })
    )
    const confirmed = await db.from('orders').where('id', order.id).first()
    assert.equal(isoDate(confirmed.payment_confirm_date), '2026-11-12')
    assert.equal(await auditCount(order.id, 'internal.invoice_confirm'), 1)

    const after = await send(
      client
        .post(`/internal/${order.id}/invoice/update`)
        .loginAs(treasurer)
        .fields({ first_date: '2026-11-11', number: 'TG/011/2026' })
    )
    assert.match(String(after.flashMessages().error), /sudah dikonfirmasi/)
    assert.deepEqual(await invoiceRows(order.id), [[1, '2026-11-10', 'TG/010/2026']])
    const late = await pay([['lagi.pdf', pdfBuffer()]])
    assert.match(String(late.flashMessages().error), /sudah dikonfirmasi/)
  })
})

test.group('Invoices | proof of invoice', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('admin_pk and yantek refresh its date; the treasurer reads it; the facility does neither', async ({
    client,
    assert,
  }) => {
    const order = await awaitingFeedback()
    const admin = await userWithRole('admin_pk')
    const treasurer = await userWithRole('treasurer')
    const facility = await userByEmail(FACILITY_EMAIL)

    const byTreasurer = await send(client.put(`/internal/${order.id}/invoice`).loginAs(treasurer))
    assert.equal(byTreasurer.status(), 403)
    const byFacility = await send(client.put(`/internal/${order.id}/invoice`).loginAs(facility))
    assert.equal(byFacility.status(), 403)

    const refreshed = await send(
      client.put(`/internal/${order.id}/invoice`).loginAs(admin).form({ date: '2026-11-20' })
    )
    assert.equal(refreshed.header('location'), `/internal/${order.id}/detail`)
    const row = await db.from('internal_orders').where('order_id', order.id).first()
    assert.equal(isoDate(row.proof_of_invoice_date), '2026-11-20')
    assert.equal(await auditCount(order.id, 'internal.invoice_refresh'), 1)

    const pdf = await binary(
      client.get(`/internal/${order.id}/proof-of-invoice`).loginAs(treasurer)
    )
    pdf.assertStatus(200)
    const text = pdfText(pdf.body() as Buffer)
    assert.include(text, 'BUKTI TAGIHAN')
    assert.include(text, '20 November 2026')
    assert.include(text, 'Rp 350.000')

    const forFacility = await binary(
      client.get(`/internal/${order.id}/proof-of-invoice`).loginAs(facility)
    )
    forFacility.assertStatus(403)
  })
})

test.group('Invoices | on-site orders', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('the same page and letters serve an on-site order once it is done, accommodation billed', async ({
    client,
    assert,
  }) => {
    const order = await plannedRequest(client)
    const treasurer = await userWithRole('treasurer')
    const early = await client.get(`/insitu/${order.id}/invoice`).loginAs(treasurer).withInertia()
    early.assertStatus(403)

    await db.from('orders').where('id', order.id).update({ status: 'SELESAI' })
    const page = await client.get(`/insitu/${order.id}/invoice`).loginAs(treasurer).withInertia()
    page.assertStatus(200)
    const props = page.inertiaProps as any
    // 2 x 200.000 + officers 150.000 x 3 x 1 + car 400.000 + hotel 350.000 x 2: the offering's total.
    assert.equal(props.bill.total, 1_950_000)
    assert.equal(props.backHref, `/insitu/${order.id}/detail`)

    await send(
      client
        .post(`/insitu/${order.id}/invoice/update`)
        .loginAs(treasurer)
        .fields({ first_date: '2026-11-10', number: 'TG/DL/001' })
    )
    assert.deepEqual(await invoiceRows(order.id), [[1, '2026-11-10', 'TG/DL/001']])
    const audited = await db
      .from('audit_logs')
      .where({ subject_type: 'insitu_order', subject_id: String(order.id) })
      .where('action', 'insitu.invoice_update')
    assert.lengthOf(audited, 1)
    const pdf = await binary(client.get(`/insitu/${order.id}/invoice/format/1`).loginAs(treasurer))
    pdf.assertStatus(200)
    const text = pdfText(pdf.body() as Buffer)
    assert.include(text, 'Rp 1.950.000')
    assert.include(text, 'Akomodasi PK')

    // The on-site list shows the treasurer the stage reached, filtered by it, with its dates.
    const listPage = await client.get('/insitu').loginAs(treasurer).withInertia()
    assert.isTrue((listPage.inertiaProps as any).showInvoice)
    const yantekList = await client
      .get('/insitu')
      .loginAs(await userWithRole('yantek'))
      .withInertia()
    assert.isFalse((yantekList.inertiaProps as any).showInvoice)
    const json = (stage: string) =>
      client
        .get(`/insitu/datatable?invoice_index=${stage}`)
        .loginAs(treasurer)
        .header('accept', 'application/json')
    const stageOne = await json('1')
    const first = stageOne.body().data.find((entry: any) => entry.id === order.id)
    assert.equal(first.invoice_index, 1)
    assert.equal(first.formatted_invoice_dates[0], '10 November 2026')
    const stageTwo = await json('2')
    assert.isUndefined(stageTwo.body().data.find((entry: any) => entry.id === order.id))
    const wrong = await json('4')
    assert.equal(wrong.status(), 422)

    // No proof of invoice for on-site orders (the spec's route is /internal only).
    const proof = await client.get(`/insitu/${order.id}/proof-of-invoice`).loginAs(treasurer)
    proof.assertStatus(404)
  })
})

test.group('Invoices | only issued letters (issue 35, point 2)', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('the facility reads only the stages issued, also after payment; the treasurer prints an unissued stage only as a marked draft', async ({
    client,
    assert,
  }) => {
    const order = await awaitingFeedback()
    const treasurer = await userWithRole('treasurer')
    const facility = await userByEmail(FACILITY_EMAIL)
    const letter = (stage: number, user: any) =>
      binary(client.get(`/internal/${order.id}/invoice/format/${stage}`).loginAs(user))
    const expectLetter = async (stage: number, user: any, status: number) => {
      const response = await letter(stage, user)
      response.assertStatus(status)
      return response
    }
    const stagesOn = async (user: any) => {
      const page = await client.get(`/internal/${order.id}/invoice`).loginAs(user).withInertia()
      return (page.inertiaProps as any).stages as any[]
    }

    // Nothing issued: no letter exists for the facility, and none is offered.
    for (const stage of [1, 2, 3]) await expectLetter(stage, facility, 404)
    const none = await stagesOn(facility)
    assert.deepEqual(
      none.map((stage) => [stage.href, stage.draft_href]),
      [
        [null, null],
        [null, null],
        [null, null],
      ]
    )
    // The treasurer: a draft of stage 1, marked, without number or date.
    const [first] = await stagesOn(treasurer)
    assert.isNull(first.href)
    assert.equal(first.draft_href, `/internal/${order.id}/invoice/format/1`)
    const draft = await letter(1, treasurer)
    draft.assertStatus(200)
    const draftText = pdfText(draft.body() as Buffer)
    assert.include(draftText, 'DRAF SURAT TAGIHAN 1')
    assert.include(draftText, 'belum diterbitkan')
    assert.notMatch(
      draftText,
      /\d{1,2} (Januari|Februari|Maret|April|Mei|Juni|Juli|Agustus|September|Oktober|November|Desember) \d{4}\n?.*Bendahara/
    )

    await send(
      client
        .post(`/internal/${order.id}/invoice/update`)
        .loginAs(treasurer)
        .fields({ first_date: '2026-11-10', number: 'TG/020/2026' })
    )

    // Stage 1 issued: its letter for the facility; stages 2 and 3 still do not exist for it.
    const issued = await letter(1, facility)
    issued.assertStatus(200)
    const text = pdfText(issued.body() as Buffer)
    assert.include(text, 'SURAT TAGIHAN 1')
    assert.notInclude(text, 'DRAF')
    assert.include(text, 'TG/020/2026')
    assert.include(text, '10 November 2026')
    // Signed by the lab's treasurer, named with the NIP (issue 35, item 14).
    const signer = await userWithRole('treasurer')
    assert.include(text, signer.name)
    assert.include(text, `NIP. ${signer.nip}`)
    await expectLetter(2, facility, 404)
    await expectLetter(3, facility, 404)
    const offered = await stagesOn(facility)
    assert.deepEqual(
      offered.map((stage) => stage.href),
      [`/internal/${order.id}/invoice/format/1`, null, null]
    )
    assert.isTrue(offered.every((stage) => stage.draft_href === null))

    // The treasurer's stage 2 is a draft; stage 3 is not offered before stage 2 is issued.
    const treasurerStages = await stagesOn(treasurer)
    assert.isNull(treasurerStages[1].href)
    assert.equal(treasurerStages[1].draft_href, `/internal/${order.id}/invoice/format/2`)
    assert.isNull(treasurerStages[2].draft_href)
    const secondLetter = await expectLetter(2, treasurer, 200)
    const secondDraft = pdfText(secondLetter.body() as Buffer)
    assert.include(secondDraft, 'DRAF SURAT TAGIHAN 2')
    assert.notInclude(secondDraft, 'TG/020/2026')

    // After the payment is confirmed, an unissued stage still does not exist for the facility.
    await send(
      client
        .post(`/internal/${order.id}/invoice/payment`)
        .loginAs(facility)
        .file('files[]', pdfBuffer(), { filename: 'bukti.pdf' })
    )
    await send(
      client
        .put(`/internal/${order.id}/invoice/confirm`)
        .loginAs(treasurer)
        .form({ date: '2026-11-12' })
    )
    const paid = await db.from('orders').where('id', order.id).first()
    assert.equal(isoDate(paid.payment_confirm_date), '2026-11-12')
    await expectLetter(2, facility, 404)
    await expectLetter(1, facility, 200)
  })
})
