import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Issue 36: which services a device type is offered for is one relation (device type × order
 * type), not a column per order type on `alkes`: a third order type is a row value, not a new
 * column, form field and batch column. The two flags of the first two types are copied into it
 * and dropped.
 */
const FLAGS = [
  ['is_internal', 'internal'],
  ['is_insitu', 'insitu'],
] as const

export default class extends BaseSchema {
  async up() {
    this.schema.createTable('alkes_services', (table) => {
      table
        .integer('alkes_id')
        .unsigned()
        .notNullable()
        .references('id')
        .inTable('alkes')
        .onDelete('CASCADE')
      table.string('order_type', 10).notNullable()
      table.primary(['alkes_id', 'order_type'])
      // The device types offered for one service (the request forms, their validation).
      table.index(['order_type', 'alkes_id'], 'alkes_services_type_idx')
    })
    this.defer(async (db) => {
      for (const [column, type] of FLAGS) {
        await db.rawQuery(
          `INSERT INTO alkes_services (alkes_id, order_type) SELECT id, ? FROM alkes WHERE ${column} = ?`,
          [type, true]
        )
      }
    })
    // Native DROP COLUMN on both databases: knex would rebuild the SQLite table and lose the
    // search index's triggers on it.
    for (const [column] of FLAGS) this.schema.raw(`ALTER TABLE alkes DROP COLUMN ${column}`)
  }

  async down() {
    this.schema.alterTable('alkes', (table) => {
      for (const [column] of FLAGS) table.boolean(column).notNullable().defaultTo(false)
    })
    this.defer(async (db) => {
      for (const [column, type] of FLAGS) {
        await db.rawQuery(
          `UPDATE alkes SET ${column} = ? WHERE id IN (SELECT alkes_id FROM alkes_services WHERE order_type = ?)`,
          [true, type]
        )
      }
    })
    this.schema.dropTable('alkes_services')
  }
}
