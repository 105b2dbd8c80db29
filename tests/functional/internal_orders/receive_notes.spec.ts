import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import { makeOrder, userWithRole } from '#tests/functional/internal_orders/_support'

/** Issue 35, point 11: the receiving form shows the facility's note beside each unit. */
test.group('Internal order | receiving form notes', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test("each unit on the receiving form carries the facility's note", async ({
    client,
    assert,
  }) => {
    const { order, devices } = await makeOrder({ status: 'ORDER DITERIMA', devices: 2 })
    await db
      .from('order_devices')
      .where('id', devices[0].id)
      .update({ description: 'Layar kadang mati saat dinyalakan' })
    const page = await client
      .get(`/internal/${order.id}/receive`)
      .loginAs(await userWithRole('admin_pk'))
      .withInertia()
    page.assertStatus(200)
    assert.deepEqual(
      (page.inertiaProps.devices as any[]).map((device) => device.description),
      ['Layar kadang mati saat dinyalakan', null]
    )
  })
})
