import db from '@adonisjs/lucid/services/db'
import { formatDate } from '#services/format'
import { isoDate, REMOVED_HOLIDAY, type HolidaySource } from '#services/holidays'

/** The holidays of one year, in date order, as the holidays screen lists them. */
export async function holidayList(year: number) {
  const rows = await db
    .from('holidays')
    .whereNot('source', REMOVED_HOLIDAY)
    .where('date', '>=', `${year}-01-01`)
    .where('date', '<=', `${year}-12-31`)
    .orderBy('date')
  return rows.map((row) => ({
    date: isoDate(row.date),
    formatted_date: formatDate(isoDate(row.date)),
    name: row.name as string,
    source: row.source as HolidaySource,
  }))
}
