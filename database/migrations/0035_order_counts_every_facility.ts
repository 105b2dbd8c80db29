import { BaseSchema } from '@adonisjs/lucid/schema'
import {
  dropOrderCounts,
  EVERY_FACILITY,
  orderCountsBackfill,
  orderCountTriggers,
} from '#database/order_counts'
import { dialectOf, runStatements } from '#database/raw_statements'

/**
 * Issue 16: the kept order counts gain rows for every facility together (`fasyankes_id` 0,
 * database/order_counts.ts), so a staff list's total reads one row, not thousands. The triggers
 * are made again with the new rows and the counts refilled.
 */
export default class extends BaseSchema {
  async up() {
    this.defer(async (client) => {
      const dialect = dialectOf(client)
      await runStatements(client, dropOrderCounts(dialect))
      await runStatements(client, orderCountTriggers(dialect))
      await runStatements(client, orderCountsBackfill())
    })
  }

  async down() {
    this.defer(async (client) => {
      const dialect = dialectOf(client)
      await runStatements(client, dropOrderCounts(dialect))
      await runStatements(client, orderCountTriggers(dialect, false))
      await client.from('order_counts').where('fasyankes_id', EVERY_FACILITY).delete()
    })
  }
}
