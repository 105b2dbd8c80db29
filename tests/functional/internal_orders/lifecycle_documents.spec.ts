import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import type { ApiClient } from '@japa/api-client'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import ExcelJS from 'exceljs'
import Order from '#models/order'
import type User from '#models/user'
import type { Role } from '#enums/roles'
import {
  FACILITY_EMAIL,
  HANDOVER_PAYLOAD,
  OTHER_FACILITY_EMAIL,
  auditCount,
  binary,
  errorFields,
  feedbackPayload,
  fieldErrors,
  isRedirect,
  isoDate,
  makeAlkes,
  makeOrder,
  orderFields,
  pdfBuffer,
  pdfText,
  receivePayload,
  statusOf,
  userByEmail,
  userWithRole,
  worksheetPayload,
  currentFileOf,
} from '#tests/functional/internal_orders/_support'

async function send(request: any) {
  const response = await request.withCsrfToken().withInertia().redirects(0)
  const error = response.flashMessages().error
  if (!isRedirect(response) || error || errorFields(response).length)
    throw new Error(
      `step failed: ${response.status()} error=${error ?? '-'} fields=${errorFields(response)}`
    )
  return response
}

/**
 * Walks one order through every step over HTTP, as the people would, and
 * answers the order and its device ids. Stops after `until`.
 */
async function walk(
  client: ApiClient,
  options: {
    until: 'received' | 'handed over' | 'done'
    quantity?: number
    recalibrationMonths?: number
    serials?: string[]
  }
) {
  const facility = await userByEmail(FACILITY_EMAIL)
  const admin = await userWithRole('admin_pk')
  const yantek = await userWithRole('yantek')
  const officer = await userWithRole('officer_pk')
  const alkes = await makeAlkes({
    name: `Syringe Pump Uji ${Date.now()}`,
    price: 300_000,
    minuteEstimation: 90,
    recalibrationMonths: options.recalibrationMonths ?? 12,
  })
  await send(
    client
      .post('/internal')
      .loginAs(facility)
      .file('letter', pdfBuffer(), { filename: 'surat.pdf' })
      .fields(orderFields([{ alkes_id: alkes.id, quantity: options.quantity ?? 2 }]))
  )
  const order = await Order.query()
    .where('fasyankes_id', facility.fasyankesId!)
    .orderBy('id', 'desc')
    .firstOrFail()
  const deviceRows = await db.from('order_devices').where('order_id', order.id).orderBy('id')
  const devices = deviceRows.map((d) => ({ id: Number(d.id) }))
  await send(
    client
      .post(`/internal/${order.id}/confirm/approve`)
      .loginAs(admin)
      .json({ order_description: 'Silakan antar alat ke laboratorium kalibrasi kami.' })
  )
  const receive = receivePayload(devices, admin.id)
  if (options.serials)
    receive.alkes_orders.forEach((line, i) => (line.serial_number = options.serials![i]))
  await send(client.put(`/internal/${order.id}/receive`).loginAs(admin).json(receive))
  if (options.until === 'received')
    return { order, devices, alkes, facility, admin, yantek, officer }
  await send(
    client
      .put(`/internal/${order.id}/officer`)
      .loginAs(admin)
      .json({
        selected_officers: devices.map((d) => ({
          internal_alkes_order_id: d.id,
          bpfk_user_id: officer.id,
        })),
      })
  )
  for (const [index, device] of devices.entries()) {
    await send(
      client
        .put(`/internal/${order.id}/worksheet/pk/${device.id}/update`)
        .loginAs(officer)
        .json(
          worksheetPayload(officer.id, {
            serial_number: receive.alkes_orders[index].serial_number,
            certificate_number: `PK/${order.id}/${String(index + 1).padStart(4, '0')}`,
            work_date: '2026-03-03',
          })
        )
    )
    await send(
      client
        .post(`/internal/${order.id}/attachment/certificate`)
        .loginAs(yantek)
        .fields({
          type: 'certificate',
          internal_alkes_order_id: String(device.id),
          link: `https://drive.example.com/sertifikat/${device.id}.pdf`,
        })
    )
  }
  await send(client.put(`/internal/${order.id}/handover`).loginAs(yantek).json(HANDOVER_PAYLOAD))
  if (options.until === 'handed over')
    return { order, devices, alkes, facility, admin, yantek, officer }
  await send(
    client.post(`/internal/${order.id}/feedback`).loginAs(facility).json(feedbackPayload(5))
  )
  return { order, devices, alkes, facility, admin, yantek, officer }
}

test.group('Internal order | lifecycle over HTTP', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test("from the facility's request to SELESAI, with a timeline entry per step", async ({
    client,
    assert,
  }) => {
    const { order, devices, facility } = await walk(client, { until: 'done', quantity: 2 })
    assert.equal(await statusOf(order.id), 'SELESAI')
    const states = await db.from('order_devices').where('order_id', order.id).select('status')
    assert.deepEqual(
      states.map((s) => s.status),
      devices.map(() => 'SELESAI')
    )
    const summary = await client
      .get(`/internal/${order.id}/summary`)
      .loginAs(facility)
      .withInertia()
    const labels = summary.inertiaProps.order.timeline.map((t: any) => t.label)
    for (const label of [
      'Permintaan diajukan',
      'Permintaan diterima',
      'Alat diterima laboratorium',
      'Petugas ditetapkan',
      'Lembar kerja disimpan',
      'Sertifikat diunggah',
      'Alat diserahkan kembali',
      'Umpan balik diisi',
    ])
      assert.include(labels, label)
    assert.isTrue(summary.inertiaProps.order.can_see_files)
    assert.deepEqual(summary.inertiaProps.order.actions, [])
    const feedback = await db.from('feedbacks').where('order_id', order.id).first()
    assert.equal(feedback.user_id, facility.id)
  })
})

test.group('Internal order | device results and the inventory', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('a device is SELESAI only with a saved worksheet AND a certificate or result', async ({
    client,
    assert,
  }) => {
    const officer = await userWithRole('officer_pk')
    const yantek = await userWithRole('yantek')
    const { order, devices } = await makeOrder({ status: 'PROSES PENGERJAAN', devices: 2 })
    const deviceStatus = async (id: number) => {
      const row = await db.from('order_devices').where('id', id).first()
      return row.status
    }
    // Device 1: worksheet first, then the link.
    await send(
      client
        .put(`/internal/${order.id}/worksheet/pk/${devices[0].id}/update`)
        .loginAs(officer)
        .json(worksheetPayload(officer.id, { serial_number: 'SN-A1' }))
    )
    assert.equal(await deviceStatus(devices[0].id), 'BELUM SELESAI')
    await send(
      client
        .post(`/internal/${order.id}/attachment/result`)
        .loginAs(yantek)
        .fields({
          type: 'result',
          internal_alkes_order_id: String(devices[0].id),
          link: 'https://drive.example.com/hasil.pdf',
        })
    )
    assert.equal(await deviceStatus(devices[0].id), 'SELESAI')
    // Device 2: the certificate PDF first, then the worksheet.
    await send(
      client
        .post(`/internal/${order.id}/attachment/certificate`)
        .loginAs(yantek)
        .file('file', pdfBuffer(), { filename: 'sertifikat.pdf' })
        .fields({ type: 'certificate', internal_alkes_order_id: String(devices[1].id) })
    )
    assert.equal(await deviceStatus(devices[1].id), 'BELUM SELESAI')
    await send(
      client
        .put(`/internal/${order.id}/worksheet/pk/${devices[1].id}/update`)
        .loginAs(officer)
        .json(worksheetPayload(officer.id, { serial_number: 'SN-A2', is_laik: '0' }))
    )
    assert.equal(await deviceStatus(devices[1].id), 'SELESAI')
    // The stored certificate downloads as a PDF for staff.
    const download = await binary(
      client.get(`/internal/${order.id}/file/${devices[1].id}/certificate`).loginAs(yantek)
    )
    download.assertStatus(200)
    assert.equal((download.body() as Buffer).subarray(0, 5).toString(), '%PDF-')
  })

  test('the worksheet needs its result chosen, and a result file must be a real PDF', async ({
    client,
    assert,
  }) => {
    const officer = await userWithRole('officer_pk')
    const yantek = await userWithRole('yantek')
    const { order, devices } = await makeOrder({ status: 'PROSES PENGERJAAN', devices: 1 })
    const missing = await client
      .put(`/internal/${order.id}/worksheet/pk/${devices[0].id}/update`)
      .loginAs(officer)
      .json(worksheetPayload(officer.id, { is_laik: '' }))
      .withCsrfToken()
      .withInertia()
      .redirects(0)
    assert.deepEqual(fieldErrors(missing, 'is_laik'), ['Hasil wajib diisi.'])
    const exe = await client
      .post(`/internal/${order.id}/attachment/certificate`)
      .loginAs(yantek)
      .file('file', Buffer.concat([Buffer.from('4d5a9000', 'hex'), Buffer.alloc(256)]), {
        filename: 'sertifikat.pdf',
      })
      .fields({ type: 'certificate', internal_alkes_order_id: String(devices[0].id) })
      .withCsrfToken()
      .withInertia()
      .redirects(0)
    assert.isNotEmpty(fieldErrors(exe, 'file'))
    const neither = await client
      .post(`/internal/${order.id}/attachment/certificate`)
      .loginAs(yantek)
      .fields({ type: 'certificate', internal_alkes_order_id: String(devices[0].id) })
      .withCsrfToken()
      .withInertia()
      .redirects(0)
    assert.isNotEmpty([...fieldErrors(neither, 'file'), ...fieldErrors(neither, 'link')])
    const device = await db.from('order_devices').where('id', devices[0].id).first()
    assert.isNull(device.worksheet_saved_at)
    assert.isNull(await currentFileOf(devices[0].id, 'certificate'))
    assert.equal(await auditCount(order.id), 0)
  })

  test('a finished device enters the facility inventory: last = work date, next = + recalibration interval', async ({
    client,
    assert,
  }) => {
    const { order, devices, alkes, facility } = await walk(client, {
      until: 'handed over',
      quantity: 2,
      recalibrationMonths: 24,
      serials: ['INV-001', 'INV-002'],
    })
    const rows = await db
      .from('inventories')
      .where('fasyankes_id', facility.fasyankesId!)
      .where('alkes_id', alkes.id)
      .orderBy('serial_number')
    assert.deepEqual(
      rows.map((r) => [
        r.serial_number,
        isoDate(r.last_calibration_date),
        isoDate(r.next_calibration_date),
        Number(r.order_device_id),
      ]),
      [
        // Work date 3 March 2026; 24 months later: 3 March 2028.
        ['INV-001', '2026-03-03', '2028-03-03', devices[0].id],
        ['INV-002', '2026-03-03', '2028-03-03', devices[1].id],
      ]
    )
    assert.equal(await statusOf(order.id), 'MENUNGGU FEEDBACK')
  })

  test('the same device calibrated again updates its inventory row instead of adding one', async ({
    client,
    assert,
  }) => {
    const facility = await userByEmail(FACILITY_EMAIL)
    const officer = await userWithRole('officer_pk')
    const yantek = await userWithRole('yantek')
    const alkes = await makeAlkes({ recalibrationMonths: 6 })
    const finish = async (workDate: string) => {
      const { order, devices } = await makeOrder({ status: 'PROSES PENGERJAAN', devices: 1, alkes })
      await send(
        client
          .put(`/internal/${order.id}/worksheet/pk/${devices[0].id}/update`)
          .loginAs(officer)
          .json(worksheetPayload(officer.id, { serial_number: 'SAMA-123', work_date: workDate }))
      )
      await send(
        client
          .post(`/internal/${order.id}/attachment/certificate`)
          .loginAs(yantek)
          .fields({
            type: 'certificate',
            internal_alkes_order_id: String(devices[0].id),
            link: 'https://drive.example.com/c.pdf',
          })
      )
    }
    await finish('2023-01-31')
    await finish('2023-08-31')
    const rows = await db
      .from('inventories')
      .where('fasyankes_id', facility.fasyankesId!)
      .where('alkes_id', alkes.id)
    assert.lengthOf(rows, 1)
    // 31 Aug 2023 + 6 months = 29 Feb 2024 (2024 is a leap year; the month has no 31st).
    assert.equal(isoDate(rows[0].last_calibration_date), '2023-08-31')
    assert.equal(isoDate(rows[0].next_calibration_date), '2024-02-29')
  })
})

test.group('Internal order | printed proofs and format files', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  const PROOF_READERS: Role[] = ['admin_pk', 'yantek', 'head_of_pk_laboratory']
  const NOT_READERS: Role[] = [
    'fasyankes',
    'officer_pk',
    'treasurer',
    'supervisor_of_pk_laboratory',
  ]

  test('the receiving proof is a real PDF with the order, the devices and the checklist', async ({
    client,
    assert,
  }) => {
    const { order, admin } = await walk(client, {
      until: 'received',
      quantity: 2,
      serials: ['TERIMA-A', 'TERIMA-B'],
    })
    const facilityRow = await db.from('fasyankes').where('id', order.fasyankesId).first()
    const facilityName = facilityRow.fasyankes_name
    for (const role of PROOF_READERS) {
      const response = await binary(
        client.get(`/internal/${order.id}/receive/print`).loginAs(await userWithRole(role))
      )
      response.assertStatus(200)
      assert.match(response.header('content-type') ?? '', /application\/pdf/)
      const body = response.body() as Buffer
      assert.equal(body.subarray(0, 5).toString(), '%PDF-', role)
      const text = pdfText(body)
      for (const expected of [
        'BUKTI PENERIMAAN ALAT',
        order.number,
        facilityName,
        'TERIMA-A',
        'TERIMA-B',
        'Kaji ulang permintaan',
        'Kesesuaian metode kalibrasi',
        // Signature blocks: the facility's contact hands over, the checker receives.
        'Yang menyerahkan,',
        'Yang menerima,',
        'Rahmat Hidayat',
        admin.name,
      ])
        assert.include(text, expected, `${role}: ${expected}`)
      // The letterhead names the laboratory.
      assert.match(text.split('\n')[0], /Laboratorium|Kalibrasi/i)
    }
    // Not yet handed over: the hand-over proof does not exist.
    const early = await client
      .get(`/internal/${order.id}/handover/print`)
      .loginAs(admin)
      .withInertia()
    assert.equal(early.status(), 403)
  })

  test('the hand-over proof is a real PDF with the receiver', async ({ client, assert }) => {
    const { order } = await walk(client, { until: 'handed over', quantity: 1 })
    for (const role of PROOF_READERS) {
      const response = await binary(
        client.get(`/internal/${order.id}/handover/print`).loginAs(await userWithRole(role))
      )
      response.assertStatus(200)
      const body = response.body() as Buffer
      assert.equal(body.subarray(0, 5).toString(), '%PDF-', role)
      const text = pdfText(body)
      assert.include(text, 'BUKTI SERAH TERIMA ALAT')
      assert.include(text, order.number)
      assert.include(text, HANDOVER_PAYLOAD.contact_person_receiver_name)
    }
  })

  test('both proofs are refused to every other role, the owning facility included', async ({
    client,
    assert,
  }) => {
    const { order } = await walk(client, { until: 'handed over', quantity: 1 })
    const mismatches: string[] = []
    for (const role of NOT_READERS) {
      for (const kind of ['receive', 'handover']) {
        const response = await client
          .get(`/internal/${order.id}/${kind}/print`)
          .loginAs(await userWithRole(role))
          .withInertia()
        if (response.status() !== 403) mismatches.push(`${role} ${kind}: ${response.status()}`)
        if ((response.header('content-type') ?? '').includes('pdf'))
          mismatches.push(`${role} ${kind}: got a PDF`)
      }
    }
    const guest = await client.get(`/internal/${order.id}/receive/print`).redirects(0)
    if (guest.header('location') !== '/login') mismatches.push(`guest: ${guest.status()}`)
    assert.deepEqual(mismatches, [])
  })

  test("ASPAK and SRIKANDI files are workbooks generated from the order's results", async ({
    client,
    assert,
  }) => {
    const { order, yantek } = await walk(client, {
      until: 'handed over',
      quantity: 1,
      serials: ['ASPAK-SN-1'],
    })
    const expected: Record<string, string[]> = {
      // Header row, then the device: name, serial, result, certificate number.
      aspak: ['Nomor Seri', 'ASPAK-SN-1', 'LAIK', `PK/${order.id}/0001`],
      srikandi: ['Nomor Order', order.number, 'ASPAK-SN-1', 'SELESAI', `PK/${order.id}/0001`],
    }
    for (const format of ['aspak', 'srikandi']) {
      const response = await binary(
        client.get(`/internal/${order.id}/attachment/${format}`).loginAs(yantek)
      )
      response.assertStatus(200)
      assert.match(response.header('content-type') ?? '', /spreadsheetml/)
      const body = response.body() as Buffer
      assert.equal(body.subarray(0, 2).toString(), 'PK', 'a zip (xlsx) file')
      const workbook = new ExcelJS.Workbook()
      await workbook.xlsx.load(body as any)
      const cells: string[] = []
      workbook.worksheets[0].eachRow((row) =>
        row.eachCell((cell) => cells.push(String(cell.value)))
      )
      for (const value of expected[format]) assert.include(cells, value, `${format}: ${value}`)
      // Typed like every other export (issue 35): the work date is a date cell, the tariff a number.
      const sheet = workbook.worksheets[0]
      const header = (sheet.getRow(1).values as unknown[]).map(String)
      const dateColumn = header.findIndex((h) => /^Tanggal /.test(h))
      const workDate = sheet.getRow(2).getCell(dateColumn).value
      assert.instanceOf(workDate, Date)
      assert.equal((workDate as Date).toISOString().slice(0, 10), '2026-03-03')
      assert.equal(sheet.getRow(2).getCell(dateColumn).numFmt, 'dd/mm/yyyy')
      if (format === 'srikandi') {
        const price = sheet.getRow(2).getCell(header.indexOf('Tarif (Rp)')).value
        assert.isNumber(price)
      }
    }
  })
})

test.group('Internal order | dashboard', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  async function cards(client: ApiClient, user: User) {
    const response = await client.get('/dashboard').loginAs(user).withInertia()
    response.assertStatus(200)
    return Object.fromEntries(
      response.inertiaProps.cards.map((c: any) => [c.status, c.count])
    ) as Record<string, number>
  }

  test("the five status cards count the viewer's visible orders", async ({ client, assert }) => {
    const facility = await userByEmail(FACILITY_EMAIL)
    const other = await userByEmail(OTHER_FACILITY_EMAIL)
    const admin = await userWithRole('admin_pk')
    const facilityBefore = await cards(client, facility)
    const staffBefore = await cards(client, admin)
    assert.deepEqual(Object.keys(facilityBefore), [
      'MENUNGGU',
      'ORDER DITERIMA',
      'ALAT DITERIMA',
      'PROSES PENGERJAAN',
      'SELESAI',
    ])
    const plan: [number, string, number][] = [
      [facility.fasyankesId!, 'MENUNGGU', 2],
      [facility.fasyankesId!, 'ALAT DITERIMA', 1],
      [facility.fasyankesId!, 'SELESAI', 3],
      [other.fasyankesId!, 'MENUNGGU', 4],
      [other.fasyankesId!, 'PROSES PENGERJAAN', 1],
    ]
    for (const [fasyankesId, status, count] of plan)
      for (let i = 0; i < count; i++)
        await makeOrder({ fasyankesId, status: status as any, devices: 1 })
    const facilityAfter = await cards(client, facility)
    const staffAfter = await cards(client, admin)
    const delta = (after: Record<string, number>, before: Record<string, number>) =>
      Object.fromEntries(Object.keys(after).map((k) => [k, after[k] - before[k]]))
    assert.deepEqual(delta(facilityAfter, facilityBefore), {
      'MENUNGGU': 2,
      'ORDER DITERIMA': 0,
      'ALAT DITERIMA': 1,
      'PROSES PENGERJAAN': 0,
      'SELESAI': 3,
    })
    assert.deepEqual(delta(staffAfter, staffBefore), {
      'MENUNGGU': 6,
      'ORDER DITERIMA': 0,
      'ALAT DITERIMA': 1,
      'PROSES PENGERJAAN': 1,
      'SELESAI': 3,
    })
    // yantek sees what admin_pk sees.
    assert.deepEqual(await cards(client, await userWithRole('yantek')), staffAfter)
  })

  test("today's Tuntung Saharian table: the facility sees only its own, rejected orders are left out", async ({
    client,
    assert,
  }) => {
    const facility = await userByEmail(FACILITY_EMAIL)
    const other = await userByEmail(OTHER_FACILITY_EMAIL)
    const today = DateTime.now().setZone('Asia/Makassar').toISODate()!
    const alkes = await makeAlkes({ name: `Nebulizer Harian ${Date.now()}`, price: 1_250_000 })
    const mine = await makeOrder({
      fasyankesId: facility.fasyankesId!,
      serviceType: 'Tuntung Saharian',
      deliveryDate: today,
      devices: 1,
      alkes,
    })
    const theirs = await makeOrder({
      fasyankesId: other.fasyankesId!,
      serviceType: 'Tuntung Saharian',
      deliveryDate: today,
      devices: 1,
      alkes,
    })
    const rejected = await makeOrder({
      fasyankesId: facility.fasyankesId!,
      status: 'DITOLAK',
      serviceType: 'Tuntung Saharian',
      deliveryDate: today,
      devices: 1,
      alkes,
    })
    const daily = async (user: User) => {
      const response = await client.get('/dashboard').loginAs(user).withInertia()
      return response.inertiaProps.daily.filter((row: any) => row.alkes_name === alkes.name)
    }
    const staffRows = await daily(await userWithRole('yantek'))
    assert.sameMembers(
      staffRows.map((r: any) => r.number),
      [mine.order.number, theirs.order.number]
    )
    assert.equal(staffRows[0].formatted_price, 'Rp 1.250.000')
    const facilityRows = await daily(facility)
    assert.lengthOf(facilityRows, 1)
    assert.notInclude(
      facilityRows.map((r: any) => r.number),
      rejected.order.number
    )
  })

  test('the recalibration list of a facility shows only its own inventory', async ({
    client,
    assert,
  }) => {
    const facility = await userByEmail(FACILITY_EMAIL)
    const other = await userByEmail(OTHER_FACILITY_EMAIL)
    const alkes = await makeAlkes()
    for (const [fasyankesId, serial] of [
      [facility.fasyankesId!, 'REKAL-MINE'],
      [other.fasyankesId!, 'REKAL-THEIRS'],
    ] as const) {
      await db.table('inventories').insert({
        fasyankes_id: fasyankesId,
        alkes_id: alkes.id,
        serial_number: serial,
        last_calibration_date: '2020-01-01',
        // Long overdue, so they sort first among the ten closest.
        next_calibration_date: serial === 'REKAL-MINE' ? '2000-01-01' : '2000-01-02',
        created_at: new Date(),
        updated_at: new Date(),
      })
    }
    const rows = async (user: User) => {
      const response = await client.get('/dashboard').loginAs(user).withInertia()
      return response.inertiaProps.recalibration as { alkes: string; day_counter: number }[]
    }
    const list = async (user: User) => {
      const found = await rows(user)
      return found.map((row) => row.alkes)
    }
    const facilityRows = await rows(facility)
    const own = facilityRows.find((row) => row.alkes.includes('REKAL-MINE'))!
    // Overdue: the day counter is negative.
    assert.isBelow(own.day_counter, 0)
    const mine = await list(facility)
    assert.isTrue(mine.some((alkesText) => alkesText.includes('REKAL-MINE')))
    assert.isFalse(mine.some((alkesText) => alkesText.includes('REKAL-THEIRS')))
    const staff = await list(await userWithRole('admin_pk'))
    assert.isTrue(staff.some((alkesText) => alkesText.includes('REKAL-THEIRS')))
  })

  test('a device last found TIDAK LAIK is marked so in the recalibration monitor', async ({
    client,
    assert,
  }) => {
    const facility = await userByEmail(FACILITY_EMAIL)
    const alkes = await makeAlkes()
    const { devices } = await makeOrder({
      status: 'SELESAI',
      devices: 2,
      deviceStatus: 'SELESAI',
      alkes,
    })
    await db.from('order_devices').where('id', devices[0].id).update({ is_laik: false })
    await db.from('order_devices').where('id', devices[1].id).update({ is_laik: true })
    for (const [index, device] of devices.entries()) {
      await db.table('inventories').insert({
        fasyankes_id: facility.fasyankesId!,
        alkes_id: alkes.id,
        order_device_id: device.id,
        serial_number: `LAIK-${index}`,
        last_calibration_date: '2020-01-01',
        next_calibration_date: '1999-01-01',
        created_at: new Date(),
        updated_at: new Date(),
      })
    }
    const response = await client.get('/dashboard').loginAs(facility).withInertia()
    const rows = response.inertiaProps.recalibration as { alkes: string; not_fit: boolean }[]
    const fit = (serial: string) => rows.find((row) => row.alkes.includes(serial))?.not_fit
    assert.isTrue(fit('LAIK-0'))
    assert.isFalse(fit('LAIK-1'))
  })
})
