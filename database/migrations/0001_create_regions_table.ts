import { BaseSchema } from '@adonisjs/lucid/schema'

export default class extends BaseSchema {
  async up() {
    this.schema.createTable('provinces', (table) => {
      table.string('code', 2).primary()
      table.string('name', 100).notNullable()
    })
    this.schema.createTable('regencies', (table) => {
      table.string('code', 5).primary()
      table.string('province_code', 2).notNullable().references('code').inTable('provinces')
      table.string('name', 100).notNullable()
      table.index(['province_code'])
    })
  }

  async down() {
    this.schema.dropTable('regencies')
    this.schema.dropTable('provinces')
  }
}
