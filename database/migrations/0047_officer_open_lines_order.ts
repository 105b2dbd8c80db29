import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Issue 34: an officer's open lines in My tasks, oldest order first, read in the order of an
 * index. Sorted by the order's status change, every open line of the officer (4,000 for a
 * busy one at a million orders) was joined to its order and sorted on each request; the order
 * id (orders are numbered in time) and the line id come with the officer and status here.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.alterTable('order_devices', (table) => {
      table.index(['officer_id', 'status', 'order_id', 'id'], 'order_devices_officer_open_idx')
      table.dropIndex(['officer_id', 'status'], 'order_devices_officer_status_idx')
    })
  }

  async down() {
    this.schema.alterTable('order_devices', (table) => {
      table.index(['officer_id', 'status'], 'order_devices_officer_status_idx')
      table.dropIndex(['officer_id', 'status', 'order_id', 'id'], 'order_devices_officer_open_idx')
    })
  }
}
