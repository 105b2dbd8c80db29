import db from '@adonisjs/lucid/services/db'
import { getProvinces, getRegencies } from 'idn-area-data'
import { UNIT_NAMES } from '#enums/master_data'
import { decreedYears, isoDate, nationalHolidays } from '#services/holidays'
import { keepReportClock } from '#queries/reports/kept_counts'

export const FASYANKES_CATEGORIES = [
  'Rumah Sakit',
  'Puskesmas',
  'Klinik Utama',
  'Klinik Pratama',
  'Laboratorium Kesehatan',
  'Unit Transfusi Darah',
]

export const FASYANKES_CLASSES = [
  'Kelas A',
  'Kelas B',
  'Kelas C',
  'Kelas D',
  'Rawat Inap',
  'Non Rawat Inap',
  'Pratama',
  'Utama',
]

/**
 * Reference data every installation needs, production included: all provinces
 * and regencies/cities with their Kemendagri codes (from idn-area-data), and
 * the facility categories and classes, the calibrator units. Safe to run again: it only adds what is
 * missing. It also dates the reports' kept counts in the lab's zone (recounted if APP_TIMEZONE
 * moved to another offset).
 */
export async function seedReferenceData() {
  const [provinces, regencies] = await Promise.all([getProvinces(), getRegencies()])
  await db.transaction(async (trx) => {
    const values = async (table: string, column: string) => {
      const rows = await trx.from(table).select(column)
      return new Set(rows.map((row) => row[column]))
    }
    const knownProvinces = await values('provinces', 'code')
    const newProvinces = provinces.filter((p) => !knownProvinces.has(p.code))
    if (newProvinces.length)
      await trx
        .table('provinces')
        .multiInsert(newProvinces.map(({ code, name }) => ({ code, name })))

    const knownRegencies = await values('regencies', 'code')
    const newRegencies = regencies
      .filter((r) => !knownRegencies.has(r.code))
      .map((r) => ({ code: r.code, province_code: r.province_code, name: r.name }))
    for (let i = 0; i < newRegencies.length; i += 200) {
      await trx.table('regencies').multiInsert(newRegencies.slice(i, i + 200))
    }

    for (const [table, names] of [
      ['fasyankes_categories', FASYANKES_CATEGORIES],
      ['fasyankes_classes', FASYANKES_CLASSES],
      ['units', UNIT_NAMES],
    ] as const) {
      const known = await values(table, 'name')
      const missing = names.filter((name) => !known.has(name))
      if (missing.length) await trx.table(table).multiInsert(missing.map((name) => ({ name })))
    }

    const year = new Date().getFullYear()
    // National holidays of this year and the next, moving ones included; the lab's own stay.
    const calendar = nationalHolidays([year, year + 1])
    // Where a decree fixes the year, its dates and names replace the computed ones (a date the
    // lab removed, or added itself, stays as the lab left it).
    for (const decreed of decreedYears([year, year + 1])) {
      await trx
        .from('holidays')
        .whereIn('source', ['national', 'cuti'])
        .whereBetween('date', [`${decreed}-01-01`, `${decreed}-12-31`])
        .delete()
    }
    const known = new Set([...(await values('holidays', 'date'))].map(isoDate))
    const holidays = calendar.filter((holiday) => !known.has(holiday.date))
    if (holidays.length) await trx.table('holidays').multiInsert(holidays)
  })
  await keepReportClock()
}
