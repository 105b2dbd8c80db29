import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import type { ApiClient } from '@japa/api-client'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import Order from '#models/order'
import Certificate from '#models/certificate'
import {
  FACILITY_EMAIL,
  HANDOVER_PAYLOAD,
  OTHER_FACILITY_EMAIL,
  binary,
  errorFields,
  feedbackPayload,
  isRedirect,
  makeAlkes,
  orderFields,
  pdfBuffer,
  pdfText,
  receivePayload,
  userByEmail,
  userWithRole,
  worksheetPayload,
} from '#tests/functional/internal_orders/_support'
import { makeInsitu } from '#tests/functional/insitu_orders/_support'

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
 * An Alat Datang order of two devices taken over HTTP to its hand-over: the first found LAIK,
 * the second TIDAK LAIK, each with an attached certificate link and its worksheet number.
 */
async function handedOver(client: ApiClient) {
  const facility = await userByEmail(FACILITY_EMAIL)
  const admin = await userWithRole('admin_pk')
  const yantek = await userWithRole('yantek')
  const officer = await userWithRole('officer_pk')
  const alkes = await makeAlkes({ name: `Infusion Pump Hasil ${Date.now()}` })
  await send(
    client
      .post('/internal')
      .loginAs(facility)
      .file('letter', pdfBuffer(), { filename: 'surat.pdf' })
      .fields(orderFields([{ alkes_id: alkes.id, quantity: 2 }]))
  )
  const order = await Order.query()
    .where('fasyankes_id', facility.fasyankesId!)
    .orderBy('id', 'desc')
    .firstOrFail()
  const rows = await db.from('order_devices').where('order_id', order.id).orderBy('id')
  const devices = rows.map((row) => ({ id: Number(row.id) }))
  await send(
    client
      .post(`/internal/${order.id}/confirm/approve`)
      .loginAs(admin)
      .json({ order_description: 'Silakan antar alat ke laboratorium.' })
  )
  const receive = receivePayload(devices, admin.id)
  await send(client.put(`/internal/${order.id}/receive`).loginAs(admin).json(receive))
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
  const numbers = devices.map((_, index) => `PK/HSL/${order.id}/${index + 1}`)
  const serials = receive.alkes_orders.map((line) => line.serial_number as string)
  for (const [index, device] of devices.entries()) {
    await send(
      client
        .put(`/internal/${order.id}/worksheet/pk/${device.id}/update`)
        .loginAs(officer)
        .json(
          worksheetPayload(officer.id, {
            serial_number: serials[index],
            certificate_number: numbers[index],
            is_laik: index === 0 ? '1' : '0',
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
  return { order, devices, numbers, serials, facility, yantek }
}

/** Issue 35, point 4: a failed device is not hidden from the facility. */
test.group('Orders | each device line shows its result and certificate', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test("the facility's order page shows each line's result and certificate, a failed line in red", async ({
    client,
    assert,
  }) => {
    const { order, devices, numbers, facility } = await handedOver(client)
    // The first line's certificate was generated and approved: its revision's number and
    // public verification page are the ones shown.
    await Certificate.create({
      orderDeviceId: devices[0].id,
      revision: 0,
      status: 'Berlaku',
      statusChangedAt: DateTime.utc(),
      code: `HSL${order.id}`.padEnd(10, 'X').slice(0, 10),
      number: `${numbers[0]}-R0`,
    })
    const code = `HSL${order.id}`.padEnd(10, 'X').slice(0, 10)

    const page = await client.get(`/internal/${order.id}/summary`).loginAs(facility).withInertia()
    page.assertStatus(200)
    const lines = (page.inertiaProps.order as any).devices
    assert.deepEqual(
      lines.map((line: any) => [line.status, line.status_tone, line.verdict, line.verdict_tone]),
      [
        ['SELESAI', 'emerald', 'LAIK', 'emerald'],
        ['SELESAI', 'red', 'TIDAK LAIK', 'red'],
      ]
    )
    assert.equal(lines[0].certificate.certificate_number, `${numbers[0]}-R0`)
    assert.equal(lines[0].certificate.verification_href, `/verifikasi/${code}`)
    assert.equal(lines[1].certificate.certificate_number, numbers[1])
    assert.isNull(lines[1].certificate.verification_href)
    // The files open to the facility once the order is done (the workflow's rule).
    assert.isNull(lines[1].certificate.certificate_href)

    await send(
      client.post(`/internal/${order.id}/feedback`).loginAs(facility).json(feedbackPayload(5))
    )
    const done = await client.get(`/internal/${order.id}/summary`).loginAs(facility).withInertia()
    const doneLines = (done.inertiaProps.order as any).devices
    assert.equal(
      doneLines[1].certificate.certificate_href,
      `https://drive.example.com/sertifikat/${devices[1].id}.pdf`
    )

    // Staff see the same on the detail page.
    const staff = await client
      .get(`/internal/${order.id}/detail`)
      .loginAs(await userWithRole('admin_pk'))
      .withInertia()
    assert.deepEqual(
      (staff.inertiaProps.order as any).devices.map((line: any) => line.verdict),
      ['LAIK', 'TIDAK LAIK']
    )

    // Another facility finds nothing there.
    const stranger = await userByEmail(OTHER_FACILITY_EMAIL)
    const foreign = await client
      .get(`/internal/${order.id}/summary`)
      .loginAs(stranger)
      .withInertia()
    assert.equal(foreign.status(), 404)
  })

  test("the lists' device popover reads each line's result and certificate; another facility gets 404", async ({
    client,
    assert,
  }) => {
    const { order, numbers, serials, facility } = await handedOver(client)
    const response = await client
      .get(`/internal/${order.id}/devices`)
      .loginAs(facility)
      .header('Accept', 'application/json')
    response.assertStatus(200)
    const { devices, more } = response.body()
    assert.equal(more, 0)
    assert.deepEqual(
      devices.map((line: any) => [
        line.serial_number,
        line.status_tone,
        line.verdict,
        line.verdict_tone,
        line.certificate_number,
      ]),
      [
        [serials[0], 'emerald', 'LAIK', 'emerald', numbers[0]],
        [serials[1], 'red', 'TIDAK LAIK', 'red', numbers[1]],
      ]
    )
    const foreign = await client
      .get(`/internal/${order.id}/devices`)
      .loginAs(await userByEmail(OTHER_FACILITY_EMAIL))
      .header('Accept', 'application/json')
    foreign.assertStatus(404)
  })

  test('the hand-over proof prints each result and certificate number', async ({
    client,
    assert,
  }) => {
    const { order, numbers, serials } = await handedOver(client)
    const response = await binary(
      client.get(`/internal/${order.id}/handover/print`).loginAs(await userWithRole('yantek'))
    )
    response.assertStatus(200)
    const text = pdfText(response.body() as Buffer)
    assert.include(text, 'No. Sertifikat')
    for (const number of numbers) assert.include(text, number)
    for (const serial of serials) assert.include(text, serial)
    assert.include(text, 'TIDAK LAIK')
  })

  test("the facility's hand-over notice lists each device's result and certificate, failures first", async ({
    client,
    assert,
  }) => {
    const { order, numbers, serials, facility } = await handedOver(client)
    const notice = await db
      .from('notices')
      .where('user_id', facility.id)
      .where('title', `${order.number}: MENUNGGU FEEDBACK`)
      .firstOrFail()
    assert.include(notice.body, 'kuesioner umpan balik')
    assert.include(notice.body, 'Hasil (1 dari 2 alat TIDAK LAIK):')
    const lines = (notice.body as string).split('\n').slice(2)
    assert.match(lines[0], new RegExp(`SN ${serials[1]}: TIDAK LAIK, sertifikat ${numbers[1]}`))
    assert.match(lines[1], new RegExp(`SN ${serials[0]}: LAIK, sertifikat ${numbers[0]}`))
    // The failed device's next step, not a due date (issue 37, point 6).
    assert.include(notice.body, 'lakukan perbaikan atau penggantian')
  })

  test("an on-site order's page shows the facility each finished line's result, a failed one in red", async ({
    client,
    assert,
  }) => {
    const alkes = await makeAlkes({ name: `Centrifuge Hasil ${Date.now()}` })
    const { order, devices } = await makeInsitu({
      status: 'SELESAI',
      alkes,
      devices: 2,
      deviceStatus: 'SELESAI',
    })
    await db
      .from('order_devices')
      .where('id', devices[0].id)
      .update({ is_laik: true, certificate_number: 'PK/DL/0001' })
    await db
      .from('order_devices')
      .where('id', devices[1].id)
      .update({ is_laik: false, certificate_number: 'PK/DL/0002' })
    const facility = await userByEmail(FACILITY_EMAIL)
    const page = await client.get(`/insitu/${order.id}/detail`).loginAs(facility).withInertia()
    page.assertStatus(200)
    const lines = (page.inertiaProps.order as any).labs.find((lab: any) => lab.lab === 'pk').devices
    assert.deepEqual(
      lines.map((line: any) => [
        line.verdict,
        line.status_tone,
        line.certificate?.certificate_number,
      ]),
      [
        ['LAIK', 'emerald', 'PK/DL/0001'],
        ['TIDAK LAIK', 'red', 'PK/DL/0002'],
      ]
    )
    const stranger = await userByEmail(OTHER_FACILITY_EMAIL)
    const foreign = await client.get(`/insitu/${order.id}/detail`).loginAs(stranger).withInertia()
    assert.equal(foreign.status(), 404)
  })
})
