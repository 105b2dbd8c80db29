import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Indexes the reports read without touching the tables (issue 14, bench/reports.js): the
 * counted orders of a date range with what every report groups by, each order's device
 * lines with their lab, status, device type and work date, the questionnaires of a range and
 * the payments of a range (PNBP).
 */
export default class extends BaseSchema {
  async up() {
    this.schema.alterTable('orders', (table) => {
      table.index(
        ['created_at', 'status', 'type', 'fasyankes_id', 'device_count'],
        'orders_report_idx'
      )
      // The berita acara and PNBP tables: their order (the date, then the id) and their totals.
      table.index(
        ['status', 'status_changed_at', 'id', 'type', 'device_count', 'total_price'],
        'orders_finished_idx'
      )
      table.index(
        ['payment_confirm_date', 'id', 'type', 'device_count', 'total_price'],
        'orders_payment_idx'
      )
    })
    this.schema.alterTable('order_devices', (table) => {
      table.index(
        ['order_id', 'lab', 'status', 'alkes_id', 'work_date'],
        'order_devices_report_idx'
      )
    })
    this.schema.alterTable('feedbacks', (table) => {
      table.index(['created_at', 'order_id'], 'feedbacks_created_idx')
    })
  }

  async down() {
    this.schema.alterTable('feedbacks', (table) => {
      table.dropIndex(['created_at', 'order_id'], 'feedbacks_created_idx')
    })
    this.schema.alterTable('order_devices', (table) => {
      table.dropIndex(
        ['lab', 'work_date', 'status', 'alkes_id', 'order_id'],
        'order_devices_work_idx'
      )
      table.dropIndex(
        ['order_id', 'lab', 'status', 'alkes_id', 'work_date'],
        'order_devices_report_idx'
      )
    })
    this.schema.alterTable('orders', (table) => {
      table.dropIndex(
        ['payment_confirm_date', 'id', 'type', 'device_count', 'total_price'],
        'orders_payment_idx'
      )
      table.dropIndex(
        ['status', 'status_changed_at', 'id', 'type', 'device_count', 'total_price'],
        'orders_finished_idx'
      )
      table.dropIndex(
        ['created_at', 'status', 'type', 'fasyankes_id', 'device_count'],
        'orders_report_idx'
      )
    })
  }
}
