import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * The date the proof of invoice of an incoming-equipment order carries (spec part 2: PUT
 * /internal/{id}/invoice with date, "refresh file and date" by admin_pk and yantek). Null
 * until the first refresh; the proof is generated from the order's lines when it is opened.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.alterTable('internal_orders', (table) => {
      table.date('proof_of_invoice_date').nullable()
    })
  }

  async down() {
    this.schema.alterTable('internal_orders', (table) => {
      table.dropColumn('proof_of_invoice_date')
    })
  }
}
