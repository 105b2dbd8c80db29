import db from '@adonisjs/lucid/services/db'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'

/**
 * National public holidays as a lookup for the completion estimate. Inside a
 * transaction pass its client: SQLite has one connection, and a query outside
 * the transaction would wait for it forever.
 */
export async function holidayLookup(client: QueryClientContract = db.connection()) {
  const rows = await client.from('holidays').select('date')
  const dates = new Set(
    rows.map((row) =>
      String(row.date instanceof Date ? row.date.toISOString() : row.date).slice(0, 10)
    )
  )
  return (isoDate: string) => dates.has(isoDate)
}
