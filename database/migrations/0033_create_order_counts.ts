import { BaseSchema } from '@adonisjs/lucid/schema'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import { dropOrderCounts, orderCountsBackfill, orderCountTriggers } from '#database/order_counts'

/**
 * Orders per facility, type and status, kept by the database (database/order_counts.ts): the
 * dashboard's cards and the order lists' totals read them instead of counting every order.
 */
const dialectOf = (client: QueryClientContract) =>
  client.dialect.name === 'postgres' ? 'postgres' : 'sqlite'

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
      for (const statement of orderCountTriggers(dialectOf(client)))
        await client.rawQuery(statement)
      for (const statement of orderCountsBackfill()) await client.rawQuery(statement)
    })
  }

  async down() {
    this.defer(async (client) => {
      for (const statement of dropOrderCounts(dialectOf(client))) await client.rawQuery(statement)
    })
    this.schema.dropTable('order_counts')
  }
}
