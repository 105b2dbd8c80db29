import { BaseSchema } from '@adonisjs/lucid/schema'
import { dropOrderCounts, orderCountsBackfill, orderCountTriggers } from '#database/order_counts'
import { dialectOf, runStatements } from '#database/raw_statements'

/**
 * Orders per facility, type and status, kept by the database (database/order_counts.ts): the
 * dashboard's cards and the order lists' totals read them instead of counting every order.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('order_counts', (table) => {
      table.string('type', 10).notNullable()
      table.string('status', 30).notNullable()
      table.integer('fasyankes_id').unsigned().notNullable()
      table.integer('total').notNullable().defaultTo(0)
      table.primary(['type', 'status', 'fasyankes_id'])
    })
    this.defer(async (client) => {
      await runStatements(client, orderCountTriggers(dialectOf(client)))
      await runStatements(client, orderCountsBackfill())
    })
  }

  async down() {
    this.defer(async (client) => {
      await runStatements(client, dropOrderCounts(dialectOf(client)))
    })
    this.schema.dropTable('order_counts')
  }
}
