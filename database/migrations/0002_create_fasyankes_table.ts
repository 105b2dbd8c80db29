import { BaseSchema } from '@adonisjs/lucid/schema'

export default class extends BaseSchema {
  async up() {
    this.schema.createTable('fasyankes_categories', (table) => {
      table.increments('id')
      table.string('name', 100).notNullable().unique()
    })
    this.schema.createTable('fasyankes_classes', (table) => {
      table.increments('id')
      table.string('name', 100).notNullable().unique()
    })
    this.schema.createTable('fasyankes', (table) => {
      table.increments('id')
      table.string('fasyankes_name', 200).notNullable()
      table.string('phone', 30).nullable()
      table.text('address').nullable()
      table.string('type', 10).notNullable()
      table.string('province_code', 2).nullable().references('code').inTable('provinces')
      table.string('city_code', 5).nullable().references('code').inTable('regencies')
      table
        .integer('category_id')
        .unsigned()
        .nullable()
        .references('id')
        .inTable('fasyankes_categories')
      table.integer('class_id').unsigned().nullable().references('id').inTable('fasyankes_classes')
      table.string('pic', 150).nullable()
      table.string('pic_phone', 30).nullable()
      table.decimal('latitude', 10, 7).nullable()
      table.decimal('longitude', 10, 7).nullable()
      table.timestamp('created_at').notNullable()
      table.timestamp('updated_at').notNullable()
      table.index(['fasyankes_name'])
    })
  }

  async down() {
    this.schema.dropTable('fasyankes')
    this.schema.dropTable('fasyankes_classes')
    this.schema.dropTable('fasyankes_categories')
  }
}
