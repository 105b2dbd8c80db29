import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Whether a holiday came from the national calendar (date-holidays, loaded for
 * this year and the next) or was added by the lab (cuti bersama).
 */
export default class extends BaseSchema {
  async up() {
    this.schema.alterTable('holidays', (table) => {
      table.string('source', 10).notNullable().defaultTo('national')
    })
  }

  async down() {
    this.schema.alterTable('holidays', (table) => {
      table.dropColumn('source')
    })
  }
}
