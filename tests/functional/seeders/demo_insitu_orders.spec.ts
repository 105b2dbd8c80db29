import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import { seedDemoInsituOrders } from '#database/seeders/demo_insitu_orders'
import { INSITU_STATUSES } from '#workflows/insitu_order_workflow'

/** A fresh demo installation shows on-site orders too, in every status, with their steps. */
test.group('Demo data | on-site orders', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('on-site orders in every status, with plans, signatures, contracts, teams and finished work', async ({
    assert,
  }) => {
    const existing = await db.from('orders').where('type', 'insitu').max('id as last').first()
    await seedDemoInsituOrders()
    const orders = await db
      .from('orders')
      .where('type', 'insitu')
      .where('id', '>', Number(existing?.last ?? 0))
    const statuses = new Set(orders.map((order) => order.status))
    for (const status of INSITU_STATUSES) assert.isTrue(statuses.has(status), status)
    const ids = orders.map((order) => order.id)
    const plans = await db.from('insitu_lab_plans').whereIn('order_id', ids)
    assert.isAbove(new Set(plans.map((plan) => plan.lab)).size, 1)
    const signed = await db.from('insitu_orders').whereIn('order_id', ids).whereNotNull('signed_at')
    assert.isAbove(signed.length, 2)
    const teams = await db.from('insitu_team_members').whereIn('order_id', ids)
    assert.isAbove(teams.length, 0)
    for (const order of orders.filter((row) => row.status === 'SELESAI')) {
      const open = await db
        .from('order_devices')
        .where('order_id', order.id)
        .where('status', 'BELUM SELESAI')
      assert.lengthOf(open, 0, order.number)
    }
    const audited = await db
      .from('audit_logs')
      .whereIn('subject_id', ids.map(String))
      .countDistinct('subject_id as total')
      .first()
    assert.equal(Number(audited?.total), ids.length)
  })
})
