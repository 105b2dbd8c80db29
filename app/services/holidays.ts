import { isoDate as dateColumn } from '#services/format'
import Holidays from 'date-holidays'
import db from '@adonisjs/lucid/services/db'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import { HOLIDAY_DECREES } from '#services/holiday_decrees'

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

/** Where a holiday row came from: the national calendar, the decree's cuti bersama, the lab. */
export type HolidaySource = 'national' | 'cuti' | 'lab'

export interface NationalHoliday {
  date: string
  name: string
  source: Exclude<HolidaySource, 'lab'>
}

/**
 * Indonesia's public holidays of the given years. A year with a joint decree
 * (holiday_decrees.ts) takes the decree's holidays and cuti bersama; any other year, the
 * maintained date-holidays calendar, moving holidays included (Idul Fitri, Idul Adha, Nyepi,
 * Waisak, Imlek, Isra Mikraj, Good Friday, Ascension...) and Easter Sunday, which the decrees
 * have listed since 2024 and the library lacks. Two holidays on one day become one entry
 * naming both.
 */
export function nationalHolidays(years: number[]): NationalHoliday[] {
  const calendar = new Holidays('ID', { languages: ['id'] })
  calendar.setHoliday('easter', { name: EASTER_SUNDAY, type: 'public' })
  const byDate = new Map<string, { names: string[]; source: NationalHoliday['source'] }>()
  const add = (date: string, name: string, source: NationalHoliday['source']) => {
    const entry = byDate.get(date) ?? { names: [], source }
    if (!entry.names.includes(name)) entry.names.push(name)
    byDate.set(date, entry)
  }
  for (const year of years) {
    const decree = HOLIDAY_DECREES[year]
    if (decree) {
      for (const [date, name] of decree.holidays) add(date, name, 'national')
      for (const [date, name] of decree.jointLeave) add(date, name, 'cuti')
      continue
    }
    for (const holiday of calendar.getHolidays(year, 'id')) {
      if (holiday.type !== 'public') continue
      add(holiday.date.slice(0, 10), NAME_BY_RULE[holiday.rule] ?? holiday.name, 'national')
    }
  }
  return [...byDate]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([date, { names, source }]) => ({ date, name: names.join('; ').slice(0, 150), source }))
}

const EASTER_SUNDAY = 'Kebangkitan Yesus Kristus (Paskah)'

/** The years whose national calendar is a decree's: the computed dates of those years give way. */
export function decreedYears(years: number[]) {
  return years.filter((year) => HOLIDAY_DECREES[year] !== undefined)
}
