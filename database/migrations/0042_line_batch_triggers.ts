import { BaseSchema } from '@adonisjs/lucid/schema'
import { dropOrderSearch, orderSearchBackfill, orderSearchTriggers } from '#database/order_search'
import { dropReportCounts, reportCountTriggers } from '#database/report_counts'
import { dialectOf, runStatements } from '#database/raw_statements'
import { dropSearchIndexTriggers, searchIndexTriggers } from '#database/search_index'

/**
 * Issue 33: an order of 500 devices took 1.2 s to write on PostgreSQL, most of it in two row
 * triggers on `order_devices` that ran once per inserted line (the order's search text read
 * every line of the order again; the report counts upserted once per line). The triggers are
 * installed again as they are now defined: on PostgreSQL the lines' inserts and deletes are
 * handled once per statement over the lines it wrote (transition tables), on SQLite a line
 * without a serial number no longer refreshes its order's search text. What they keep is the
 * same, so nothing is counted again; the orders' search text also holds their certificate
 * numbers (the top bar's search reads it). On SQLite the orders' search index follows the row as it
 * ends up (database/search_index.ts), whichever trigger wrote it last.
 */
export default class extends BaseSchema {
  async up() {
    this.defer(async (client) => {
      const dialect = dialectOf(client)
      await runStatements(client, dropOrderSearch(dialect))
      await runStatements(client, orderSearchTriggers(dialect))
      // Certificate numbers join the serial numbers in the text (the top bar's search finds a
      // certificate through its order): the orders that have one get their text again.
      await runStatements(
        client,
        orderSearchBackfill(
          dialect,
          'id IN (SELECT order_id FROM order_devices WHERE certificate_number IS NOT NULL)'
        )
      )
      if (dialect === 'sqlite') {
        // Its update trigger read NEW.search_text, which the search triggers now created after
        // it rewrite in a nested update; it reads the row as it ends up.
        await runStatements(client, dropSearchIndexTriggers('orders'))
        await runStatements(client, searchIndexTriggers('orders', ['search_text']))
      }
      await runStatements(client, dropReportCounts(dialect))
      await runStatements(client, reportCountTriggers(dialect))
    })
  }

  /** The earlier definitions are not kept: the current ones stay (they keep the same data). */
  async down() {}
}
