import { BaseSchema } from '@adonisjs/lucid/schema'
import { createSearchIndex, dropSearchIndex } from '#database/search_index'
import { OFFICER_SEARCH_COLUMNS } from '#database/search_columns'

/**
 * The officer table must answer in well under 100 ms on 100k rows (bench/):
 * one index serves "staff only, ordered by name" for every page, and a
 * trigram index serves the search box.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.alterTable('users', (table) => {
      table.index(['fasyankes_id', 'name', 'id'], 'users_staff_by_name')
    })
    this.defer((db) => createSearchIndex(db, 'users', OFFICER_SEARCH_COLUMNS))
  }

  async down() {
    this.defer((db) => dropSearchIndex(db, 'users'))
    this.schema.alterTable('users', (table) => {
      table.dropIndex(['fasyankes_id', 'name', 'id'], 'users_staff_by_name')
    })
  }
}
