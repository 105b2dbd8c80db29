import { isoDate as dateColumn } from '#services/format'
import Holidays from 'date-holidays'
import db from '@adonisjs/lucid/services/db'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'

/**
 * A national holiday the lab removed stays as a row with this source, so that
 * the calendar loaded at every start does not bring it back; it is a working day.
 */
export const REMOVED_HOLIDAY = 'removed'

/**
 * The dates (YYYY-MM-DD) the lab does not work. Inside a transaction pass its
 * client: a query outside it would wait for the SQLite write lock it holds.
 */
export async function holidayDates(client: QueryClientContract = db.connection()) {
  const rows = await client.from('holidays').whereNot('source', REMOVED_HOLIDAY).select('date')
  return rows.map((row) => isoDate(row.date))
}

/** The holidays as a lookup for the completion estimate. */
export async function holidayLookup(client: QueryClientContract = db.connection()) {
  const dates = new Set(await holidayDates(client))
  return (date: string) => dates.has(date)
}

/** A DATE column as YYYY-MM-DD (never null here: holiday dates are required). */
export function isoDate(value: unknown) {
  return dateColumn(value) ?? ''
}

/**
 * The library names the 27 Rajab holiday "Maulid Nabi Muhammad" in Indonesian,
 * which is another holiday; the calendar says Isra Mikraj.
 */
const NAME_BY_RULE: Record<string, string> = {
  '27 Rajab': 'Isra Mikraj Nabi Muhammad SAW',
}

/**
 * Indonesia's public holidays of the given years, moving ones included (Idul
 * Fitri, Idul Adha, Nyepi, Waisak, Imlek, Isra Mikraj, Good Friday,
 * Ascension...), from the maintained date-holidays calendar. Two holidays on
 * one day become one entry naming both.
 */
export function nationalHolidays(years: number[]) {
  const calendar = new Holidays('ID', { languages: ['id'] })
  const byDate = new Map<string, string[]>()
  for (const year of years) {
    for (const holiday of calendar.getHolidays(year, 'id')) {
      if (holiday.type !== 'public') continue
      const date = holiday.date.slice(0, 10)
      const name = NAME_BY_RULE[holiday.rule] ?? holiday.name
      const names = byDate.get(date) ?? []
      if (!names.includes(name)) names.push(name)
      byDate.set(date, names)
    }
  }
  return [...byDate].map(([date, names]) => ({ date, name: names.join('; ').slice(0, 150) }))
}
