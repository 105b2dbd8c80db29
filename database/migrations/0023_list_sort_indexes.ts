import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Indexes for the orders a user may pick in a list (lists/list_sort.ts): names sort
 * ignoring case through an index on lower(name), and the order list's sortable columns
 * each have one that ends in the id (the tie-break).
 */
const NAME_INDEXES = [
  ['alkes', 'name'],
  ['users', 'name'],
  ['fasyankes', 'fasyankes_name'],
  ['calibrators', 'name'],
] as const

const ORDER_INDEXES = ['number', 'total_price', 'device_count', 'status'] as const

export default class extends BaseSchema {
  async up() {
    for (const [table, column] of NAME_INDEXES) {
      this.schema.raw(
        `CREATE INDEX ${table}_${column}_lower_idx ON ${table} (lower(${column}), id)`
      )
    }
    this.schema.alterTable('orders', (table) => {
      for (const column of ORDER_INDEXES) {
        table.index(['type', column, 'id'], `orders_type_${column}_sort_idx`)
      }
    })
  }

  async down() {
    this.schema.alterTable('orders', (table) => {
      for (const column of ORDER_INDEXES) {
        table.dropIndex(['type', column, 'id'], `orders_type_${column}_sort_idx`)
      }
    })
    for (const [table, column] of NAME_INDEXES) {
      this.schema.raw(`DROP INDEX ${table}_${column}_lower_idx`)
    }
  }
}
