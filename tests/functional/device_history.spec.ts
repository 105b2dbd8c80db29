import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import {
  FACILITY_EMAIL,
  OTHER_FACILITY_EMAIL,
  makeAlkes,
  makeOrder,
  userByEmail,
  userWithRole,
} from '#tests/functional/internal_orders/_support'

/** Issue 10.16: one page per device (type and serial number, per facility). */
test.group('Device history', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  async function twoVisits() {
    const facility = await userByEmail(FACILITY_EMAIL)
    const alkes = await makeAlkes()
    const first = await makeOrder({
      status: 'SELESAI',
      devices: 1,
      deviceStatus: 'SELESAI',
      alkes,
      fasyankesId: facility.fasyankesId!,
    })
    const second = await makeOrder({
      status: 'PROSES PENGERJAAN',
      devices: 1,
      alkes,
      fasyankesId: facility.fasyankesId!,
    })
    await db
      .from('orders')
      .where('id', first.order.id)
      .update({ created_at: '2025-01-10 08:00:00' })
    await db.from('order_devices').where('id', first.devices[0].id).update({
      serial_number: 'HIST-001',
      is_laik: false,
      certificate_number: 'KAL/HIST/1',
      work_date: '2025-01-12',
    })
    await db
      .from('order_devices')
      .where('id', second.devices[0].id)
      .update({ serial_number: ' hist-001 ' })
    return { facility, alkes, first, second }
  }

  test('every order line of the device, newest first, with result and certificate number', async ({
    client,
    assert,
  }) => {
    const { facility, alkes, first, second } = await twoVisits()
    const page = await client
      .get('/device-history')
      .qs({ alkes: alkes.id, serial: 'HIST-001' })
      .loginAs(facility)
      .withInertia()
    page.assertStatus(200)
    const { device, entries } = page.inertiaProps as any
    assert.equal(device.alkes, alkes.name)
    assert.deepEqual(
      entries.map((entry: any) => [entry.order_number, entry.result, entry.certificate_number]),
      [
        [second.order.number, '-', null],
        [first.order.number, 'TIDAK LAIK', 'KAL/HIST/1'],
      ]
    )
    assert.equal(entries[1].order_href, `/internal/${first.order.id}/summary`)
    // The order page links to it.
    const staff = await userWithRole('admin_pk')
    const detail = await client
      .get(`/internal/${first.order.id}/detail`)
      .loginAs(staff)
      .withInertia()
    const href = detail.inertiaProps.order.devices[0].history_href as string
    assert.include(href, `alkes=${alkes.id}`)
    assert.include(href, `fasyankes=${facility.fasyankesId}`)
    const fromOrder = await client.get(href).loginAs(staff).withInertia()
    assert.lengthOf(fromOrder.inertiaProps.entries, 2)
  })

  test("another facility's device answers 404, even when its id is passed", async ({
    client,
    assert,
  }) => {
    const { facility, alkes } = await twoVisits()
    const other = await userByEmail(OTHER_FACILITY_EMAIL)
    const response = await client
      .get('/device-history')
      .qs({ alkes: alkes.id, serial: 'HIST-001', fasyankes: facility.fasyankesId })
      .loginAs(other)
    assert.equal(response.status(), 404)
  })

  test('without a device the page says where to find one; bad parameters answer 404, never 500', async ({
    client,
    assert,
  }) => {
    const staff = await userWithRole('admin_pk')
    const empty = await client.get('/device-history').loginAs(staff).withInertia()
    empty.assertStatus(200)
    assert.isNull(empty.inertiaProps.device)
    for (const qs of [
      { alkes: 'x', serial: 'A' },
      { serial: 'A' },
      { alkes: 1, serial: '' },
      { alkes: 1, serial: 'TIDAK-ADA' },
      { alkes: 1, serial: 'TIDAK-ADA', fasyankes: 1 },
      { alkes: -1, serial: 'A', fasyankes: 1 },
    ]) {
      const response = await client.get('/device-history').qs(qs).loginAs(staff)
      assert.equal(response.status(), 404, JSON.stringify(qs))
    }
  })
})
