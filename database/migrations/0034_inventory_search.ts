import { BaseSchema } from '@adonisjs/lucid/schema'
import { createSearchIndex, dropSearchIndex } from '#database/search_index'
import { INVENTORY_SEARCH_COLUMNS } from '#database/search_columns'

/**
 * Issue 16: the inventory's search box (brand, model, serial number) through the same trigram
 * index as the master-data lists (FTS5 on SQLite, pg_trgm on PostgreSQL) instead of reading
 * every device of every facility.
 */
export default class extends BaseSchema {
  async up() {
    this.defer((db) => createSearchIndex(db, 'inventories', INVENTORY_SEARCH_COLUMNS))
  }

  async down() {
    this.defer((db) => dropSearchIndex(db, 'inventories'))
  }
}
