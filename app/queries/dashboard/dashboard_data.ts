import db from '@adonisjs/lucid/services/db'
import type User from '#models/user'
import { formatRupiah, labToday } from '#services/format'
import { internalWorkflow } from '#workflows/internal_order_workflow'
import { orderListHref } from '#workflows/order_types'
import { inventoryQuery, seesFacilities } from '#queries/monitoring/inventory_rows'
import { deviceLinesQuery } from '#queries/orders/joins'
import { countsOf } from '#queries/orders/order_list_kit'
import { recalibrationDue } from '#queries/monitoring/recalibration_due'
import InventoryDeviceTransformer from '#transformers/inventory_device_transformer'
import InventoryRowTransformer from '#transformers/lists/inventory_row_transformer'

const RECALIBRATION_ROWS = 10

function scoped<T extends { where: (...args: any[]) => T }>(query: T, user: User, column: string) {
  return user.isFacility ? query.where(column, user.fasyankesId ?? 0) : query
}

export async function dashboardData(user: User) {
  // The five status cards of the spec (part 1, Dashboard) are the Alat Datang workflow's cards,
  // added up from the kept counts (database/order_counts.ts).
  const counts = db
    .from('order_counts')
    .where('type', 'internal')
    .where('fasyankes_id', countsOf(user))
    .select('status', 'total')

  const today = labToday()
  const daily = scoped(
    deviceLinesQuery()
      // The day's few one-day orders first (internal_orders_daily_idx), then their lines: joined
      // the other way, SQLite read every order of a large facility (50 ms at a million).
      .whereIn(
        'o.id',
        db
          .from('internal_orders')
          .where('service_type', 'Tuntung Saharian')
          .where('delivery_date_estimation', today)
          .select('order_id')
      )
      .whereNot('o.status', 'DITOLAK')
      .select('d.id', 'o.number', 'f.fasyankes_name', 'a.name as alkes_name', 'd.price')
      .orderBy('o.number'),
    user,
    'o.fasyankes_id'
  )

  // The monitor is the head of the inventory list: its query, scope, order and marks.
  const nearest = inventoryQuery({}, user).limit(RECALIBRATION_ROWS)
  // Read side by side (on SQLite, on the reader threads).
  const [countRows, dailyRows, nearestRows, due] = await Promise.all([
    counts,
    daily,
    nearest,
    recalibrationDue(user),
  ])
  const byStatus = new Map(countRows.map((row) => [row.status, Number(row.total)]))
  const recalibration = nearestRows.map((raw) => new InventoryRowTransformer(raw).toObject())
  const seesFacility = seesFacilities(user)

  return {
    cards: internalWorkflow.cards().map(({ status, label }) => ({
      status,
      label,
      count: byStatus.get(status) ?? 0,
      // The list behind the card, filtered to its status.
      href: user.can('internal.view') ? orderListHref('internal', { status }) : null,
    })),
    // Spec part 1: the order number and facility columns are for yantek and admin_pk only.
    showOrderColumns: user.can('dashboard.all_facilities'),
    daily: dailyRows.map((row) => ({
      id: Number(row.id),
      number: row.number ?? null,
      fasyankes_name: row.fasyankes_name,
      alkes_name: row.alkes_name,
      formatted_price: formatRupiah(Number(row.price)),
    })),
    recalibration: recalibration.map((row) =>
      new InventoryDeviceTransformer(row, seesFacility).forMonitor()
    ),
    inventoryHref: user.can('inventory.view') ? '/fasyankes/inventory' : null,
    // A facility's devices due within the reminders' 30 days (issue 17), to request at once.
    recalibrationDue: due,
  }
}
