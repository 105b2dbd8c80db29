import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import Certificate from '#models/certificate'
import OrderFile from '#models/order_file'
import type OrderDevice from '#models/order_device'
import type Calibrator from '#models/calibrator'
import {
  accountWithRole,
  binary,
  exportedTable,
  listOutputs,
  makeCalibrator,
  makeFacility,
  marker,
  pageAccessMismatches,
  rolesSplit,
} from '#tests/functional/master_data/_support'
import { makeAlkes, makeOrder } from '#tests/functional/internal_orders/_support'
import { addHistory, useStandard } from '#tests/functional/calibration/history_fixtures'

/**
 * Issue 15 point 6: "when a reference calibrator is marked out of tolerance (or its own new
 * calibration fails), a page lists every certificate issued with it since its last good
 * calibration, with facility and device, exportable". Required test: the impact list for a
 * calibrator used on three devices of two facilities.
 */

const impactPath = (id: number) => `/calibrator/data/${id}/impact`

/** A device line as the worksheet leaves it: brand, model, serial, work date, verdict. */
async function measured(
  line: OrderDevice,
  values: { workDate: string; serial: string; laik?: boolean; certificateNumber?: string }
) {
  await db
    .from('order_devices')
    .where('id', line.id)
    .update({
      merk: 'B. Braun',
      model: 'Infusomat Space',
      serial_number: values.serial,
      work_date: values.workDate,
      is_laik: values.laik ?? true,
      certificate_number: values.certificateNumber ?? null,
    })
}

async function certificate(
  line: OrderDevice,
  revision: number,
  status: 'Berlaku' | 'Menunggu Persetujuan' | 'Diganti',
  number: string | null
) {
  return Certificate.create({
    orderDeviceId: line.id,
    revision,
    status,
    number,
    code: marker('C').slice(0, 10),
    approvedAt: status === 'Menunggu Persetujuan' ? null : DateTime.utc(),
  })
}

/**
 * A flow analyzer calibrated (passed) on 2025-01-10 and 2026-01-10, found out of tolerance on
 * 2026-06-05, used on: a line of facility A before its last good calibration (not affected),
 * two lines of facility A and one of facility B after it (affected); another calibrator used
 * on a second line of facility B in the same period.
 */
async function threeDevicesOfTwoFacilities() {
  const tag = marker('Imp')
  const calibrator = await makeCalibrator({ name: `Infusion Device Analyzer ${tag}` })
  const older = await addHistory(calibrator, {
    performedOn: '2025-01-10',
    dueOn: '2026-01-10',
    certificateNumber: 'LK-032-IDN/2025/0101',
  })
  const lastGood = await addHistory(calibrator, {
    performedOn: '2026-01-10',
    dueOn: '2027-01-10',
    certificateNumber: 'LK-032-IDN/2026/0412',
    uncertainties: [['Laju alir', 'mL/h', 0.6]],
  })
  const finding = await addHistory(calibrator, {
    kind: 'out_of_tolerance',
    performedOn: '2026-06-05',
    notes: 'Laju alir menyimpang 4 % saat uji antara.',
  })
  const other = await makeCalibrator({ name: `Patient Simulator ${tag}` })
  const otherCalibration = await addHistory(other, {
    performedOn: '2026-01-10',
    dueOn: '2027-01-10',
  })

  const alkes = await makeAlkes({ name: `Infusion Pump ${tag}` })
  const { facility: facilityB } = await makeFacility({ fasyankesName: `RS Dampak ${tag}` })
  const orderA = await makeOrder({ alkes, devices: 3 })
  const orderB = await makeOrder({ alkes, devices: 2, fasyankesId: facilityB.id })
  // The second order is an on-site one: its link goes to /insitu/{id}/detail.
  await db.from('orders').where('id', orderB.order.id).update({ type: 'insitu' })
  const [before, a1, a2] = orderA.devices
  const [b1, b2] = orderB.devices

  await measured(before, { workDate: '2025-12-01', serial: `${tag}-A0` })
  await measured(a1, { workDate: '2026-02-10', serial: `${tag}-A1` })
  await measured(a2, {
    workDate: '2026-04-15',
    serial: `${tag}-A2`,
    laik: false,
    certificateNumber: `UPL/${tag}/2`,
  })
  await measured(b1, {
    workDate: '2026-05-20',
    serial: `${tag}-B1`,
    certificateNumber: `LN/${tag}/B1`,
  })
  await measured(b2, { workDate: '2026-05-20', serial: `${tag}-B2` })

  await useStandard(before.id, calibrator.id, older.id)
  for (const line of [a1, a2, b1]) await useStandard(line.id, calibrator.id, lastGood.id)
  await useStandard(b2.id, other.id, otherCalibration.id)

  // a1: a current revision and the one it replaced; a2: an uploaded certificate only;
  // b1: a revision waiting for approval.
  await certificate(a1, 0, 'Diganti', `SERT/${tag}/A1`)
  await certificate(a1, 1, 'Berlaku', `SERT/${tag}/A1-R1`)
  await OrderFile.create({
    orderId: orderA.order.id,
    orderDeviceId: a2.id,
    kind: 'certificate',
    externalUrl: 'https://example.test/sertifikat.pdf',
    originalName: 'sertifikat.pdf',
  })
  await certificate(b1, 0, 'Menunggu Persetujuan', null)

  return {
    tag,
    calibrator,
    lastGood,
    finding,
    facilityB,
    orderA: orderA.order,
    orderB: orderB.order,
    lines: { before, a1, a2, b1, b2 },
  }
}

async function viewer() {
  return accountWithRole('yantek')
}

test.group('Calibrator impact | the list', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('a calibrator used on three devices of two facilities: exactly those three, with their certificates, facilities and orders', async ({
    client,
    assert,
  }) => {
    const fixture = await threeDevicesOfTwoFacilities()
    const { calibrator, lines, tag } = fixture
    const user = await viewer()

    const page = await client.get(impactPath(calibrator.id)).loginAs(user).withInertia()
    page.assertStatus(200)
    assert.equal(page.inertiaComponent, 'calibrators/impact')
    const props = page.inertiaProps as any
    assert.equal(props.title, `Dampak Kalibrator ${calibrator.name}`)
    assert.equal(props.path, impactPath(calibrator.id))
    assert.equal(props.event.id, fixture.finding.id)
    assert.equal(props.event.notes, 'Laju alir menyimpang 4 % saat uji antara.')
    assert.equal(props.lastGood.id, fixture.lastGood.id)
    assert.isNull(props.recovery)
    assert.equal(props.period, 'sejak 10 Januari 2026')
    assert.deepEqual(props.totals, { facilities: 2, lines: 3 })

    const { excel, pdfText, datatable } = await listOutputs(
      client,
      user,
      impactPath(calibrator.id),
      {}
    )
    assert.equal(datatable.total, 3)
    const demoFacility = await db.from('fasyankes').where('id', fixture.orderA.fasyankesId).first()
    assert.deepEqual(
      datatable.data.map((row: any) => ({
        id: row.id,
        certificate_number: row.certificate_number,
        certificate_status: row.certificate_status,
        work_date: row.work_date,
        fasyankes_name: row.fasyankes_name,
        alkes_name: row.alkes_name,
        serial_number: row.serial_number,
        order_number: row.order_number,
        order_href: row.order_href,
        formatted_result: row.formatted_result,
      })),
      [
        {
          id: lines.b1.id,
          certificate_number: `LN/${tag}/B1`,
          certificate_status: 'Menunggu Persetujuan',
          work_date: '2026-05-20',
          fasyankes_name: fixture.facilityB.fasyankesName,
          alkes_name: `Infusion Pump ${tag}`,
          serial_number: `${tag}-B1`,
          order_number: fixture.orderB.number,
          order_href: `/insitu/${fixture.orderB.id}/detail`,
          formatted_result: 'LAIK',
        },
        {
          id: lines.a2.id,
          certificate_number: `UPL/${tag}/2`,
          certificate_status: 'Unggahan',
          work_date: '2026-04-15',
          fasyankes_name: demoFacility.fasyankes_name,
          alkes_name: `Infusion Pump ${tag}`,
          serial_number: `${tag}-A2`,
          order_number: fixture.orderA.number,
          order_href: `/internal/${fixture.orderA.id}/detail`,
          formatted_result: 'TIDAK LAIK',
        },
        {
          id: lines.a1.id,
          certificate_number: `SERT/${tag}/A1-R1`,
          certificate_status: 'Berlaku',
          work_date: '2026-02-10',
          fasyankes_name: demoFacility.fasyankes_name,
          alkes_name: `Infusion Pump ${tag}`,
          serial_number: `${tag}-A1`,
          order_number: fixture.orderA.number,
          order_href: `/internal/${fixture.orderA.id}/detail`,
          formatted_result: 'LAIK',
        },
      ]
    )

    // The Excel export holds the same rows.
    assert.deepEqual(excel.headers, [
      'No',
      'Nomor Sertifikat',
      'Status Sertifikat',
      'Tanggal Pengerjaan',
      'Fasyankes',
      'Alat',
      'Merk',
      'Model',
      'Nomor Seri',
      'Nomor Order',
      'Hasil',
    ])
    assert.include(excel.title, `Dampak Kalibrator ${calibrator.name}`)
    assert.deepEqual(
      excel.rows.map((row) => [
        row['Nomor Sertifikat'],
        row['Status Sertifikat'],
        row['Fasyankes'],
        row['Nomor Seri'],
        row['Nomor Order'],
        row['Hasil'],
      ]),
      datatable.data.map((row: any) => [
        row.certificate_number,
        row.certificate_status,
        row.fasyankes_name,
        row.serial_number,
        row.order_number,
        row.formatted_result,
      ])
    )
    for (const serial of [`${tag}-A1`, `${tag}-A2`, `${tag}-B1`]) assert.include(pdfText, serial)
    for (const serial of [`${tag}-A0`, `${tag}-B2`]) assert.notInclude(pdfText, serial)
    assert.include(pdfText, 'Di luar toleransi (5 Juni 2026)')
  })

  test('the search box narrows the rows, the page and the exports alike', async ({
    client,
    assert,
  }) => {
    const fixture = await threeDevicesOfTwoFacilities()
    const { excel, datatable } = await listOutputs(
      client,
      await viewer(),
      impactPath(fixture.calibrator.id),
      { search: fixture.facilityB.fasyankesName }
    )
    assert.deepEqual(
      datatable.data.map((row: any) => row.id),
      [fixture.lines.b1.id]
    )
    assert.deepEqual(
      excel.rows.map((row) => row['Nomor Seri']),
      [`${fixture.tag}-B1`]
    )
  })

  test('a passed calibration after the finding ends the period; an earlier finding can be asked for', async ({
    client,
    assert,
  }) => {
    const fixture = await threeDevicesOfTwoFacilities()
    const { calibrator, tag } = fixture
    const recovery = await addHistory(calibrator, {
      performedOn: '2026-07-01',
      dueOn: '2027-07-01',
      certificateNumber: 'LK-032-IDN/2026/0600',
    })
    const alkes = await makeAlkes()
    const later = await makeOrder({ alkes, devices: 1 })
    await measured(later.devices[0], { workDate: '2026-07-15', serial: `${tag}-C1` })
    await useStandard(later.devices[0].id, calibrator.id, recovery.id)
    const user = await viewer()

    const page = await client.get(impactPath(calibrator.id)).loginAs(user).withInertia()
    const props = page.inertiaProps as any
    assert.equal(props.recovery.id, recovery.id)
    assert.equal(props.period, 'sejak 10 Januari 2026 sampai sebelum 1 Juli 2026')
    const rows = await client.get(`${impactPath(calibrator.id)}/datatable`).loginAs(user)
    assert.deepEqual(
      rows.body().data.map((row: any) => row.serial_number),
      [`${tag}-B1`, `${tag}-A2`, `${tag}-A1`]
    )

    // A second finding later on: the latest is shown, the first one stays reachable.
    const second = await addHistory(calibrator, {
      kind: 'out_of_tolerance',
      performedOn: '2026-08-01',
      notes: 'Menyimpang lagi.',
    })
    const latest = await client.get(`${impactPath(calibrator.id)}/datatable`).loginAs(user)
    assert.deepEqual(
      latest.body().data.map((row: any) => row.serial_number),
      [`${tag}-C1`]
    )
    const first = await client
      .get(`${impactPath(calibrator.id)}/datatable`)
      .qs({ event: String(fixture.finding.id) })
      .loginAs(user)
    assert.deepEqual(
      first.body().data.map((row: any) => row.serial_number),
      [`${tag}-B1`, `${tag}-A2`, `${tag}-A1`]
    )
    const firstPage = await client
      .get(impactPath(calibrator.id))
      .qs({ event: String(fixture.finding.id) })
      .loginAs(user)
      .withInertia()
    assert.equal((firstPage.inertiaProps as any).event.id, fixture.finding.id)
    assert.equal((firstPage.inertiaProps as any).eventParam, String(fixture.finding.id))
    const latestPage = await client.get(impactPath(calibrator.id)).loginAs(user).withInertia()
    assert.equal((latestPage.inertiaProps as any).event.id, second.id)
  })

  test('a failed calibration with no good one before it lists every use', async ({
    client,
    assert,
  }) => {
    const tag = marker('Fail')
    const calibrator: Calibrator = await makeCalibrator()
    const failed = await addHistory(calibrator, {
      performedOn: '2026-03-01',
      dueOn: '2027-03-01',
      passed: false,
      certificateNumber: 'LK-032-IDN/2026/0200',
    })
    const { devices } = await makeOrder({ devices: 2 })
    await measured(devices[0], { workDate: '2024-05-01', serial: `${tag}-1` })
    await measured(devices[1], { workDate: '2026-02-01', serial: `${tag}-2` })
    for (const line of devices) await useStandard(line.id, calibrator.id, failed.id)
    const user = await viewer()
    const page = await client.get(impactPath(calibrator.id)).loginAs(user).withInertia()
    assert.isNull((page.inertiaProps as any).lastGood)
    assert.equal((page.inertiaProps as any).period, 'seluruh pemakaian')
    assert.deepEqual((page.inertiaProps as any).totals, { facilities: 1, lines: 2 })
    const rows = await client.get(`${impactPath(calibrator.id)}/datatable`).loginAs(user)
    assert.deepEqual(
      rows.body().data.map((row: any) => row.serial_number),
      [`${tag}-2`, `${tag}-1`]
    )
  })

  test('a calibrator never found out of tolerance says so, and its list and export are empty', async ({
    client,
    assert,
  }) => {
    const calibrator = await makeCalibrator()
    const calibration = await addHistory(calibrator, {
      performedOn: '2026-01-10',
      dueOn: '2027-01-10',
    })
    const { devices } = await makeOrder({ devices: 1 })
    await measured(devices[0], { workDate: '2026-02-01', serial: marker('Ok') })
    await useStandard(devices[0].id, calibrator.id, calibration.id)
    const user = await viewer()
    const page = await client.get(impactPath(calibrator.id)).loginAs(user).withInertia()
    page.assertStatus(200)
    assert.isNull((page.inertiaProps as any).event)
    assert.deepEqual((page.inertiaProps as any).totals, { facilities: 0, lines: 0 })
    const excel = await binary(client.get(`${impactPath(calibrator.id)}/print/excel`)).loginAs(user)
    excel.assertStatus(200)
    const table = await exportedTable(excel.body() as Buffer)
    assert.deepEqual(table.rows, [])
    const rows = await client.get(`${impactPath(calibrator.id)}/datatable`).loginAs(user)
    assert.equal(rows.body().total, 0)
  })
})

test.group('Calibrator impact | access and addresses', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('the page is opened with calibrator.view; its JSON and exports answer 403 to the others', async ({
    client,
    assert,
  }) => {
    const { calibrator } = await threeDevicesOfTwoFacilities()
    assert.deepEqual(
      await pageAccessMismatches(client, 'calibrator.view', [
        [impactPath(calibrator.id), 'calibrators/impact'],
      ]),
      []
    )
    const [refused] = rolesSplit('calibrator.view').refused
    const user = await accountWithRole(refused)
    for (const suffix of ['/datatable', '/print/pdf', '/print/excel']) {
      const response = await client.get(`${impactPath(calibrator.id)}${suffix}`).loginAs(user)
      assert.equal(response.status(), 403, suffix)
    }
  })

  test('an unknown calibrator, or an event that is not one of its bad events, answers 404', async ({
    client,
  }) => {
    const { calibrator, lastGood } = await threeDevicesOfTwoFacilities()
    const other = await makeCalibrator()
    const otherFinding = await addHistory(other, {
      kind: 'out_of_tolerance',
      performedOn: '2026-02-01',
    })
    const user = await viewer()
    for (const [path, qs] of [
      [impactPath(99999999), {}],
      [`${impactPath(99999999)}/datatable`, {}],
      ['/calibrator/data/0x10/impact', {}],
      ['/calibrator/data/abc/history', {}],
      [impactPath(calibrator.id), { event: String(lastGood.id) }],
      [impactPath(calibrator.id), { event: String(otherFinding.id) }],
      [`${impactPath(calibrator.id)}/print/excel`, { event: 'abc' }],
    ] as const) {
      const response = await client.get(path).qs(qs).loginAs(user)
      response.assertStatus(404)
    }
  })
})
