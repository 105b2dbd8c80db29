import { BaseSchema } from '@adonisjs/lucid/schema'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import { dropOrderCounts, orderCountsBackfill, orderCountTriggers } from '#database/order_counts'

/**
 * Issue 16: the kept order counts gain rows for every facility together (`fasyankes_id` 0,
 * database/order_counts.ts), so a staff list's total reads one row, not thousands. The triggers
 * are made again with the new rows and the counts refilled.
 */
const dialectOf = (client: QueryClientContract) =>
  client.dialect.name === 'postgres' ? 'postgres' : 'sqlite'

export default class extends BaseSchema {
  async up() {
    this.defer(async (client) => {
      const dialect = dialectOf(client)
      for (const statement of dropOrderCounts(dialect)) await client.rawQuery(statement)
      for (const statement of orderCountTriggers(dialect)) await client.rawQuery(statement)
      for (const statement of orderCountsBackfill()) await client.rawQuery(statement)
    })
  }

  async down() {
    this.defer(async (client) => {
      const dialect = dialectOf(client)
      for (const statement of dropOrderCounts(dialect)) await client.rawQuery(statement)
      for (const statement of orderCountTriggers(dialect, false)) await client.rawQuery(statement)
      await client.from('order_counts').where('fasyankes_id', 0).delete()
    })
  }
}
