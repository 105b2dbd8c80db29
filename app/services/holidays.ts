import db from '@adonisjs/lucid/services/db'

/** National public holidays as a lookup for the completion estimate. */
export async function holidayLookup() {
  const rows = await db.from('holidays').select('date')
  const dates = new Set(
    rows.map((row) =>
      String(row.date instanceof Date ? row.date.toISOString() : row.date).slice(0, 10)
    )
  )
  return (isoDate: string) => dates.has(isoDate)
}
