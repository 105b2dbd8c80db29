import { BaseSchema } from '@adonisjs/lucid/schema'

/** Reference calibrators and the lab units that own them; spec part 1, Calibrator entity. */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('units', (table) => {
      table.increments('id')
      table.string('name', 20).notNullable().unique()
    })
    this.schema.createTable('calibrators', (table) => {
      table.increments('id')
      table.string('name', 200).notNullable()
      table.string('merk', 100).nullable()
      table.string('type_model_category', 10).notNullable().defaultTo('Tipe')
      table.string('type_model', 100).nullable()
      table.string('serial_number', 100).notNullable().unique()
      table.integer('channel_count').notNullable().defaultTo(1)
      table
        .integer('bpfk_user_id')
        .unsigned()
        .nullable()
        .references('id')
        .inTable('users')
        .onDelete('SET NULL')
      table.integer('unit_id').unsigned().notNullable().references('id').inTable('units')
      table.string('calibrator_condition', 10).notNullable().defaultTo('Good')
      table.boolean('is_available').notNullable().defaultTo(true)
      table.date('last_calibration_date').nullable()
      table.date('next_calibration_date').nullable()
      table.timestamp('created_at').notNullable()
      table.timestamp('updated_at').notNullable()
      table.index(['name'])
      table.index(['unit_id'])
    })
  }

  async down() {
    this.schema.dropTable('calibrators')
    this.schema.dropTable('units')
  }
}
