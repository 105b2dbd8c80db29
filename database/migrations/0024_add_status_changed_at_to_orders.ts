import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * When an order entered its status: the age "My tasks" shows for what waits on someone
 * (issue 10). Set on creation and by every status move (workflows/kit.ts moveStatus).
 * Existing orders take their last update, the closest record there is.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.alterTable('orders', (table) => {
      table.timestamp('status_changed_at').nullable()
    })
    this.defer(async (client) => {
      await client.from('orders').update({ status_changed_at: client.raw('updated_at') })
    })
    this.schema.alterTable('orders', (table) => {
      // The tasks of one status, oldest first.
      table.index(['type', 'status', 'status_changed_at', 'id'], 'orders_status_age_idx')
    })
  }

  async down() {
    this.schema.alterTable('orders', (table) => {
      table.dropIndex(['type', 'status', 'status_changed_at', 'id'], 'orders_status_age_idx')
      table.dropColumn('status_changed_at')
    })
  }
}
