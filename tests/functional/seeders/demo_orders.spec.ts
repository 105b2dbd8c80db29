import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import { seedDemoOrders } from '#database/seeders/demo_orders'
import { DateTime } from 'luxon'
import { INTERNAL_STATUSES } from '#workflows/internal_order_workflow'
import { labNow } from '#services/format'

/** A fresh demo installation shows the product: Alat Datang orders in every status, with their work. */
test.group('Demo data | orders', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('orders in every status across several facilities, with receipts, worksheets, files, hand-overs, feedback and inventory', async ({
    assert,
  }) => {
    const existing = await db.from('orders').count('* as total').first()
    const before = Number(existing?.total)
    await seedDemoOrders()
    const orders = await db.from('orders').where('type', 'internal').orderBy('id').offset(before)
    const statuses = new Set(orders.map((order) => order.status))
    for (const status of INTERNAL_STATUSES) assert.isTrue(statuses.has(status), status)
    assert.isAbove(new Set(orders.map((order) => order.fasyankes_id)).size, 3)
    const ids = orders.map((order) => order.id)
    const count = async (table: string, column = 'order_id') => {
      const row = await db.from(table).whereIn(column, ids).count('* as total').first()
      return Number(row?.total)
    }
    assert.isAbove(await count('internal_receives'), 0)
    assert.isAbove(await count('internal_handovers'), 0)
    assert.isAbove(await count('feedbacks'), 0)
    assert.isAbove(await count('order_files'), 0)
    const worksheets = await db
      .from('order_devices')
      .whereIn('order_id', ids)
      .whereNotNull('worksheet_saved_at')
    assert.isAbove(worksheets.length, 0)
    const inventory = await db.from('inventories').whereIn(
      'order_device_id',
      worksheets.map((device) => device.id)
    )
    assert.isAbove(inventory.length, 0)
    // Issue 35, item 16: the first demo facility has devices due within 30 days (and overdue).
    const facility = await db.from('users').where('email', 'fasyankes@kalibra.test').first()
    const today = labNow().startOf('day')
    const due = inventory
      .filter((row) => Number(row.fasyankes_id) === Number(facility.fasyankes_id))
      .map(
        (row) => DateTime.fromJSDate(new Date(row.next_calibration_date)).diff(today, 'days').days
      )
    assert.isTrue(
      due.some((days) => days >= 0 && days <= 30),
      'due within 30 days'
    )
    assert.isTrue(
      due.some((days) => days < 0),
      'overdue'
    )
    // Makes and models follow the device type: a monitor's model is never on another type.
    const made = await db
      .from('order_devices as d')
      .join('alkes as a', 'a.id', 'd.alkes_id')
      .whereIn('d.order_id', ids)
      .whereNotNull('d.model')
      .select('a.name', 'd.model')
    assert.isAbove(made.length, 0)
    for (const line of made) {
      if (line.model === 'uMEC 10') assert.equal(line.name, 'Patient Monitor')
      if (line.model === 'HEM-7120') assert.equal(line.name, 'Tensimeter Digital')
    }
    // Done orders have every line finished or cancelled; totals agree with the lines.
    for (const order of orders) {
      const lines = await db.from('order_devices').where('order_id', order.id)
      const billable = lines.filter((line) => line.status !== 'BATAL UJI')
      assert.equal(Number(order.device_count), billable.length, order.number)
      assert.equal(
        Number(order.total_price),
        billable.reduce((sum, line) => sum + Number(line.price), 0)
      )
      if (order.status === 'SELESAI')
        assert.isTrue(
          lines.every((line) => line.status !== 'BELUM SELESAI'),
          order.number
        )
    }
    // Every order has its timeline.
    const audited = await db
      .from('audit_logs')
      .where('subject_type', 'internal_order')
      .whereIn('subject_id', ids.map(String))
      .countDistinct('subject_id as total')
      .first()
    assert.equal(Number(audited?.total), ids.length)
  }).timeout(120_000)
})
