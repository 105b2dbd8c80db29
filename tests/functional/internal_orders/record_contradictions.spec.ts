import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import { labNow } from '#services/format'
import {
  FACILITY_EMAIL,
  HANDOVER_PAYLOAD,
  auditCount,
  fieldErrors,
  isRedirect,
  makeAlkes,
  makeOrder,
  orderJson,
  receivePayload,
  statusOf,
  userByEmail,
  userWithRole,
  worksheetPayload,
} from '#tests/functional/internal_orders/_support'

const REPEATED = 'Nomor seri ini sama dengan alat sejenis lain di permintaan ini.'

/** Issue 10.10: a record never contradicts itself. */
test.group('Internal order | one device, one serial number per order', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('receiving two units of one type under one serial number is refused on the second row', async ({
    client,
    assert,
  }) => {
    const yantek = await userWithRole('yantek')
    const { order, devices } = await makeOrder({ status: 'ORDER DITERIMA', devices: 3 })
    const payload = receivePayload(devices, yantek.id)
    payload.alkes_orders[2].serial_number = ` ${payload.alkes_orders[0].serial_number.toLowerCase()} `
    const response = await client
      .put(`/internal/${order.id}/receive`)
      .loginAs(yantek)
      .json(payload)
      .withCsrfToken()
      .withInertia()
      .redirects(0)
    assert.deepEqual(fieldErrors(response, 'alkes_orders.2.serial_number'), [REPEATED])
    assert.deepEqual(fieldErrors(response, 'alkes_orders.0.serial_number'), [])
    assert.equal(await statusOf(order.id), 'ORDER DITERIMA')
    const saved = await db
      .from('order_devices')
      .where('order_id', order.id)
      .whereNotNull('serial_number')
    assert.lengthOf(saved, 0)
    assert.equal(await auditCount(order.id), 0)
  })

  test('two device types may share a serial number; one type may not, also on the worksheet', async ({
    client,
    assert,
  }) => {
    const yantek = await userWithRole('yantek')
    const officer = await userWithRole('officer_pk')
    const other = await makeAlkes()
    const { order, devices } = await makeOrder({
      status: 'PROSES PENGERJAAN',
      devices: 2,
      officerId: officer.id,
    })
    const [third] = await db
      .table('order_devices')
      .insert({
        ...(await db.from('order_devices').where('id', devices[0].id).first()),
        id: undefined,
        alkes_id: other.id,
      })
      .returning('id')
    const thirdId = Number(third.id ?? third)
    const save = (deviceId: number, serial: string) =>
      client
        .put(`/internal/${order.id}/worksheet/pk/${deviceId}/update`)
        .loginAs(yantek)
        .json(worksheetPayload(officer.id, { serial_number: serial }))
        .withCsrfToken()
        .withInertia()
        .redirects(0)
    assert.isTrue(isRedirect(await save(devices[0].id, 'SAMA-01')))
    // Another type with the same serial is a different device.
    assert.deepEqual(fieldErrors(await save(thirdId, 'SAMA-01'), 'serial_number'), [])
    const refused = await save(devices[1].id, 'sama-01')
    assert.deepEqual(fieldErrors(refused, 'serial_number'), [REPEATED])
    const untouched = await db.from('order_devices').where('id', devices[1].id).first()
    assert.isNull(untouched.worksheet_saved_at)
  })
})

test.group('Internal order | one story on the order page', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  const detail = async (client: any, orderId: number) => {
    const response = await client
      .get(`/internal/${orderId}/detail`)
      .loginAs(await userByEmail(FACILITY_EMAIL))
      .withInertia()
    response.assertStatus(200)
    return response.inertiaProps.order
  }

  test('the approval note leaves the page once the devices are handed back; a rejection reason stays', async ({
    client,
    assert,
  }) => {
    const cases = [
      ['PROSES PENGERJAAN', 'Kirim alat hari Senin.'],
      ['MENUNGGU FEEDBACK', null],
      ['SELESAI', null],
      ['DITOLAK', 'Kirim alat hari Senin.'],
    ] as const
    for (const [status, expected] of cases) {
      const { order } = await makeOrder({ status })
      await db
        .from('internal_orders')
        .where('order_id', order.id)
        .update({ order_description: 'Kirim alat hari Senin.' })
      const page = await detail(client, order.id)
      assert.equal(page.order_description, expected, status)
    }
  })

  test('after receiving, the page shows the completion date set on receiving, not the estimate', async ({
    client,
    assert,
  }) => {
    const yantek = await userWithRole('yantek')
    const { order, devices } = await makeOrder({ status: 'ORDER DITERIMA', devices: 1 })
    const before = await detail(client, order.id)
    assert.notEqual(before.formatted_estimated_completion_at, '9 Maret 2027')
    const payload = { ...receivePayload(devices, yantek.id), done_estimation_date: '2027-03-09' }
    const response = await client
      .put(`/internal/${order.id}/receive`)
      .loginAs(yantek)
      .json(payload)
      .withCsrfToken()
      .withInertia()
      .redirects(0)
    assert.isTrue(isRedirect(response))
    assert.equal(await statusOf(order.id), 'ALAT DITERIMA')
    const after = await detail(client, order.id)
    assert.equal(after.formatted_estimated_completion_at, '9 Maret 2027')
    assert.equal(after.receive.formatted_done_estimation_date, '9 Maret 2027')
  })
})

test.group('Internal order | the hand-over proof states what the lines say', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('"Terdapat alat batal uji" follows the lines, whatever the form sent', async ({
    client,
    assert,
  }) => {
    const yantek = await userWithRole('yantek')
    for (const [cancelOne, sent] of [
      [true, false],
      [false, true],
    ] as const) {
      const { order, devices } = await makeOrder({
        status: 'PROSES PENGERJAAN',
        devices: 2,
        deviceStatus: 'SELESAI',
      })
      if (cancelOne)
        await db.from('order_devices').where('id', devices[1].id).update({ status: 'BATAL UJI' })
      const form = await client.get(`/internal/${order.id}/handover`).loginAs(yantek).withInertia()
      assert.equal(form.inertiaProps.cancelTest, cancelOne)
      const response = await client
        .put(`/internal/${order.id}/handover`)
        .loginAs(yantek)
        .json({ ...HANDOVER_PAYLOAD, cancel_test: sent })
        .withCsrfToken()
        .withInertia()
        .redirects(0)
      assert.isTrue(isRedirect(response))
      const proof = await db.from('internal_handovers').where('order_id', order.id).first()
      assert.equal(Boolean(proof.cancel_test), cancelOne)
    }
  })
})

test.group('Internal order | dates that cannot be', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('a worksheet dated after today is refused; today is accepted', async ({
    client,
    assert,
  }) => {
    const officer = await userWithRole('officer_pk')
    const { order, devices } = await makeOrder({
      status: 'PROSES PENGERJAAN',
      devices: 1,
      officerId: officer.id,
    })
    const save = (workDate: string) =>
      client
        .put(`/internal/${order.id}/worksheet/pk/${devices[0].id}/update`)
        .loginAs(officer)
        .json(worksheetPayload(officer.id, { work_date: workDate }))
        .withCsrfToken()
        .withInertia()
        .redirects(0)
    const tomorrow = labNow().plus({ days: 1 }).toISODate()!
    assert.deepEqual(fieldErrors(await save(tomorrow), 'work_date'), [
      'Tanggal pengerjaan tidak boleh setelah hari ini.',
    ])
    const untouched = await db.from('order_devices').where('id', devices[0].id).first()
    assert.isNull(untouched.worksheet_saved_at)
    const today = await save(labNow().toISODate()!)
    assert.deepEqual(fieldErrors(today, 'work_date'), [])
    assert.isTrue(isRedirect(today))
  })

  test('an order cannot be sent on a day already past', async ({ client, assert }) => {
    const facility = await userByEmail(FACILITY_EMAIL)
    const { order, devices } = await makeOrder({ status: 'MENUNGGU', devices: 1 })
    const yesterday = labNow().minus({ days: 1 }).toISODate()!
    const response = await client
      .put(`/internal/${order.id}`)
      .loginAs(facility)
      .json(
        orderJson([{ alkes_id: devices[0].alkesId, quantity: 1 }], {
          delivery_date_estimation: yesterday,
          arrival_date_estimation: yesterday,
        })
      )
      .withCsrfToken()
      .withInertia()
      .redirects(0)
    assert.deepEqual(fieldErrors(response, 'delivery_date_estimation'), [
      'Estimasi tanggal pengiriman tidak boleh sebelum hari ini.',
    ])
    const row = await db.from('internal_orders').where('order_id', order.id).first()
    assert.notEqual(String(row.delivery_date_estimation).slice(0, 10), yesterday)
  })
})

test.group('Internal order | a timeline that says exactly what happened', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('a certificate and a result are named apart, each with its device and serial number', async ({
    client,
    assert,
  }) => {
    const yantek = await userWithRole('yantek')
    const { order, devices } = await makeOrder({ status: 'PROSES PENGERJAAN', devices: 2 })
    for (const [device, type] of [
      [devices[0], 'certificate'],
      [devices[1], 'result'],
    ] as const) {
      const response = await client
        .post(`/internal/${order.id}/attachment/${type}`)
        .loginAs(yantek)
        .fields({
          type,
          internal_alkes_order_id: String(device.id),
          link: `https://drive.example.com/${type}.pdf`,
        })
        .withCsrfToken()
        .withInertia()
        .redirects(0)
      assert.isTrue(isRedirect(response), type)
    }
    const page = await client
      .get(`/internal/${order.id}/detail`)
      .loginAs(await userByEmail(FACILITY_EMAIL))
      .withInertia()
    const entries = (page.inertiaProps.order.timeline as { label: string; detail: string }[]).map(
      (entry) => `${entry.label} | ${entry.detail}`
    )
    const alkes = await db.from('alkes').where('id', devices[0].alkesId).first()
    assert.includeMembers(entries, [
      `Sertifikat diunggah | ${alkes.name} · SN ${devices[0].serialNumber}`,
      `Hasil diunggah | ${alkes.name} · SN ${devices[1].serialNumber}`,
    ])
  })
})

test.group('Internal order | an action that cannot succeed yet says why', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('"Serah Terima" is offered disabled with the unfinished devices named, then enabled', async ({
    client,
    assert,
  }) => {
    const yantek = await userWithRole('yantek')
    const { order, devices } = await makeOrder({
      status: 'PROSES PENGERJAAN',
      devices: 2,
      deviceStatus: 'SELESAI',
    })
    await db.from('order_devices').where('id', devices[0].id).update({ status: 'BELUM SELESAI' })
    const reason = async () => {
      const page = await client.get(`/internal/${order.id}/detail`).loginAs(yantek).withInertia()
      const buttons = page.inertiaProps.order.buttons as {
        key: string
        disabledReason: string | null
      }[]
      return buttons.find((button) => button.key === 'handover')?.disabledReason
    }
    const alkes = await db.from('alkes').where('id', devices[0].alkesId).first()
    assert.equal(
      await reason(),
      `Serah terima belum dapat dilakukan: 1 alat belum selesai (${alkes.name}).`
    )
    await db.from('order_devices').where('id', devices[0].id).update({ status: 'SELESAI' })
    assert.isNull(await reason())
  })
})
