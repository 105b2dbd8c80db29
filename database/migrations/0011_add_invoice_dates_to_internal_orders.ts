import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * The invoice stages and payment confirmation of an incoming-equipment order
 * (spec part 2: up to three invoices; the treasurer confirms payment). The
 * list's invoice filter and the treasurer's row read them; the invoice page
 * that fills them comes with the invoice module.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.alterTable('internal_orders', (table) => {
      table.date('invoice_first_date').nullable()
      table.date('invoice_second_date').nullable()
      table.date('invoice_third_date').nullable()
      table.date('payment_confirm_date').nullable()
    })
  }

  async down() {
    this.schema.alterTable('internal_orders', (table) => {
      table.dropColumns(
        'invoice_first_date',
        'invoice_second_date',
        'invoice_third_date',
        'payment_confirm_date'
      )
    })
  }
}
