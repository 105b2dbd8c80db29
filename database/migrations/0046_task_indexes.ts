import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Issue 34, measured at a million orders while the lab writes: My tasks read two things no
 * index served.
 *
 * - An officer's open lines (`officer_id`, `status` BELUM SELESAI): the officer index alone
 *   visited every line the officer ever had, 100,000 and more, to count the few still open
 *   (0.7 s on PostgreSQL, 1.5 s on SQLite, twice a request). The pair replaces it.
 * - The treasurer's orders to bill or to confirm, oldest first, per status
 *   (queries/tasks/billing_tasks.ts): the type and billing state, then the status, read in the
 *   order of the requests.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.alterTable('order_devices', (table) => {
      table.index(['officer_id', 'status'], 'order_devices_officer_status_idx')
      table.dropIndex(['officer_id'], 'order_devices_officer_idx')
    })
    this.schema.alterTable('orders', (table) => {
      table.index(
        ['type', 'billing_state', 'status', 'created_at', 'id'],
        'orders_billing_tasks_idx'
      )
    })
  }

  async down() {
    this.schema.alterTable('orders', (table) => {
      table.dropIndex(
        ['type', 'billing_state', 'status', 'created_at', 'id'],
        'orders_billing_tasks_idx'
      )
    })
    this.schema.alterTable('order_devices', (table) => {
      table.index(['officer_id'], 'order_devices_officer_idx')
      table.dropIndex(['officer_id', 'status'], 'order_devices_officer_status_idx')
    })
  }
}
