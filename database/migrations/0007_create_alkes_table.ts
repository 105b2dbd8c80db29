import { BaseSchema } from '@adonisjs/lucid/schema'
import { createSearchIndex, dropSearchIndex } from '#database/search_index'
import { ALKES_SEARCH_COLUMNS } from '#database/search_columns'

/** Device types (alkes) with their tariffs; spec part 1, Alkes entity. */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('alkes', (table) => {
      table.increments('id')
      table.string('name', 200).notNullable()
      table.string('laboratory', 10).notNullable().defaultTo('PK')
      table.string('category', 100).nullable()
      table.bigInteger('price').notNullable().defaultTo(0)
      table.integer('minute_estimation').notNullable().defaultTo(0)
      table.string('alkes_code', 50).notNullable().unique()
      table.string('mk_code', 50).nullable()
      table.string('aspak_code', 50).nullable()
      table.string('certificate_number', 100).nullable()
      table.integer('total_page').nullable()
      table.integer('recalibration_months').notNullable().defaultTo(12)
      table.boolean('is_tuntung_seharian').notNullable().defaultTo(false)
      table.boolean('is_internal').notNullable().defaultTo(true)
      table.boolean('is_insitu').notNullable().defaultTo(true)
      table.boolean('pengujian_is_kan').notNullable().defaultTo(false)
      table.boolean('kalibrasi_is_kan').notNullable().defaultTo(false)
      table.boolean('has_laik_description').notNullable().defaultTo(true)
      table.timestamp('created_at').notNullable()
      table.timestamp('updated_at').notNullable()
      table.index(['name'])
      table.index(['laboratory', 'name'])
    })
    this.defer((db) => createSearchIndex(db, 'alkes', ALKES_SEARCH_COLUMNS))
  }

  async down() {
    this.defer((db) => dropSearchIndex(db, 'alkes'))
    this.schema.dropTable('alkes')
  }
}
