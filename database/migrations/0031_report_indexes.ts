import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Indexes the reports read without touching the tables (issue 14, bench/reports.js): the
 * counted orders of a date range with what every report groups by; the berita acara and PNBP
 * tables' order (date, then id) with their totals; each order's device lines with their lab,
 * status, device type and work date, and the lines finished in a range (the H of the monthly
 * alkes report); the questionnaires of a range.
 */
const INDEXES: [table: string, name: string, columns: string[]][] = [
  ['orders', 'orders_report_idx', ['created_at', 'status', 'type', 'fasyankes_id', 'device_count']],
  [
    'orders',
    'orders_finished_idx',
    ['status', 'status_changed_at', 'id', 'type', 'device_count', 'total_price'],
  ],
  [
    'orders',
    'orders_payment_idx',
    ['payment_confirm_date', 'id', 'type', 'device_count', 'total_price'],
  ],
  [
    'order_devices',
    'order_devices_report_idx',
    ['order_id', 'lab', 'status', 'alkes_id', 'work_date'],
  ],
  [
    'order_devices',
    'order_devices_work_idx',
    ['lab', 'work_date', 'status', 'alkes_id', 'order_id'],
  ],
  ['feedbacks', 'feedbacks_created_idx', ['created_at', 'order_id']],
]

export default class extends BaseSchema {
  async up() {
    for (const [table, name, columns] of INDEXES) {
      this.schema.alterTable(table, (builder) => builder.index(columns, name))
    }
  }

  async down() {
    for (const [table, name, columns] of INDEXES.toReversed()) {
      this.schema.alterTable(table, (builder) => builder.dropIndex(columns, name))
    }
  }
}
