import { BaseSchema } from '@adonisjs/lucid/schema'
import { dropOrderSearch, orderSearchBackfill, orderSearchTriggers } from '#database/order_search'
import { createSearchIndex, dropSearchIndex } from '#database/search_index'
import { dialectOf, runStatements } from '#database/raw_statements'

/**
 * The order lists at a million orders (issue 16).
 *
 * - `orders.search_text`, kept by the database (database/order_search.ts), searched through the
 *   same trigram index as the master-data lists (FTS5 on SQLite, pg_trgm on PostgreSQL)
 *   instead of LIKE over four joined columns; `orders.facility_key`, the facility's name as the
 *   lists sort by it, kept by the same triggers.
 * - Each status filter and the treasurer's invoice-stage filter read their page in the list's
 *   order (newest first) from one index instead of sorting every matching order.
 */
const INDEXES: [name: string, columns: string[]][] = [
  ['orders_type_status_created_idx', ['type', 'status', 'created_at', 'id']],
  ['orders_type_invoice_created_idx', ['type', 'invoice_stage', 'created_at', 'id']],
  ['orders_facility_status_created_idx', ['fasyankes_id', 'type', 'status', 'created_at', 'id']],
  ['orders_type_facility_key_idx', ['type', 'facility_key', 'id']],
]

export default class extends BaseSchema {
  async up() {
    this.schema.alterTable('orders', (table) => {
      table.text('search_text').nullable()
      table.string('facility_key', 255).nullable()
      // Replaced by the status index below, which also serves the list's order.
      table.dropIndex(['type', 'status'], 'orders_type_status_idx')
      for (const [name, columns] of INDEXES) table.index(columns, name)
    })
    this.defer(async (client) => {
      await runStatements(client, orderSearchTriggers(dialectOf(client)))
      await runStatements(client, orderSearchBackfill(dialectOf(client)))
      await createSearchIndex(client, 'orders', ['search_text'])
    })
  }

  async down() {
    this.defer(async (client) => {
      await dropSearchIndex(client, 'orders')
      await runStatements(client, dropOrderSearch(dialectOf(client)))
    })
    this.schema.alterTable('orders', (table) => {
      for (const [name, columns] of INDEXES) table.dropIndex(columns, name)
      table.index(['type', 'status'], 'orders_type_status_idx')
      table.dropColumn('facility_key')
      table.dropColumn('search_text')
    })
  }
}
