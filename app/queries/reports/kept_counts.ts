import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import {
  MONTH_COLUMNS,
  reportCountsBackfill,
  type DeviceMeasure,
  type Ledger,
} from '#database/report_counts'
import { dialectOf, runStatements } from '#database/raw_statements'
import { labOffsetMinutes } from '#services/format'
import { labDayRange, type ReportFilters } from '#queries/reports/report_filters'

/**
 * Reading the counts the database keeps for the reports (database/report_counts.ts): a range's
 * whole months come from them, the days of its partial first and last months from the lines
 * (the callers' own queries, given those days as `edges`).
 */

/** Whole lab-time months, from the first to the last (contiguous). */
export interface KeptMonths {
  first: { year: number; month: number }
  last: { year: number; month: number }
}

export interface SplitRange {
  kept: KeptMonths | null
  /** The parts of the range outside whole months, as filters of their own. */
  edges: ReportFilters[]
}

const CLOCK_ROW = 1

/**
 * Dates the kept counts in the lab's zone: when APP_TIMEZONE moved to another offset, the
 * counts are made again from every line (run with the reference data at each start).
 */
export async function keepReportClock() {
  const offset = labOffsetMinutes()
  if (offset === null) return
  await db.transaction(async (trx) => {
    // Changing the row first: a second instance starting at once waits here, then finds the
    // clock set and leaves the counts alone.
    const changed = await trx
      .from('report_clock')
      .where('id', CLOCK_ROW)
      .whereNot('offset_minutes', offset)
      .update({ offset_minutes: offset })
    if (!Number(Array.isArray(changed) ? changed[0] : changed)) return
    await runStatements(trx, reportCountsBackfill(dialectOf(trx)))
  })
}

/** Whether the kept counts are dated in the lab's zone (a zone of fixed offset, the same one). */
async function countsAreKept() {
  const offset = labOffsetMinutes()
  if (offset === null) return false
  const clock = await db.from('report_clock').where('id', CLOCK_ROW).first()
  return clock !== null && Number(clock.offset_minutes) === offset
}

/** Filters of the lab dates `start..end` (inclusive), otherwise the same. */
function within(filters: ReportFilters, start: DateTime, end: DateTime): ReportFilters {
  const [startDate, endDate] = [start.toISODate()!, end.toISODate()!]
  const [from, until] = labDayRange(startDate, endDate)
  return { ...filters, startDate, endDate, from, until }
}

/** The range's whole months (read from the kept counts) and the days around them. */
async function splitRange(filters: ReportFilters): Promise<SplitRange> {
  const start = DateTime.fromISO(filters.startDate)
  const end = DateTime.fromISO(filters.endDate)
  const firstWhole = start.day === 1 ? start : start.plus({ months: 1 }).startOf('month')
  const lastWholeEnd = end.hasSame(end.endOf('month'), 'day')
    ? end
    : end.startOf('month').minus({ days: 1 })
  if (firstWhole > lastWholeEnd || !(await countsAreKept())) return { kept: null, edges: [filters] }
  const edges: ReportFilters[] = []
  if (start < firstWhole) edges.push(within(filters, start, firstWhole.minus({ days: 1 })))
  if (end > lastWholeEnd) edges.push(within(filters, lastWholeEnd.plus({ days: 1 }), end))
  return {
    kept: {
      first: { year: firstWhole.year, month: firstWhole.month },
      last: { year: lastWholeEnd.year, month: lastWholeEnd.month },
    },
    edges,
  }
}

/**
 * What a report reads over its range: `fromKept` over its whole months (when the counts are
 * kept), `fromLines` over each part-month around them, or over the whole range when the months
 * are not kept or `useKept` is false; all of it together.
 */
export async function overRange<T>(
  filters: ReportFilters,
  fromKept: (kept: KeptMonths) => Promise<T[]>,
  fromLines: (part: ReportFilters) => Promise<T[]>,
  useKept = true
) {
  const { kept, edges } = useKept ? await splitRange(filters) : { kept: null, edges: [filters] }
  const found = kept ? await fromKept(kept) : []
  for (const edge of edges) found.push(...(await fromLines(edge)))
  return found
}

/** `[id, count]` pairs added up per id, the ids whose sum is not positive left out. */
export function sumPerId(pairs: [id: number, count: number][]) {
  const sums = new Map<number, number>()
  for (const [id, count] of pairs) sums.set(id, (sums.get(id) ?? 0) + count)
  for (const [id, count] of sums) if (count <= 0) sums.delete(id)
  return sums
}

/** The month columns (1-12) of `year` inside the kept months. */
function monthsOfYear(kept: KeptMonths, year: number) {
  const from = year === kept.first.year ? kept.first.month : 1
  const to = year === kept.last.year ? kept.last.month : 12
  return MONTH_COLUMNS.slice(from - 1, to)
}

/** The kept months' years, and SQL adding up a row's columns of those months. */
function keptSum(kept: KeptMonths) {
  const years: number[] = []
  for (let year = kept.first.year; year <= kept.last.year; year++) years.push(year)
  const cases = years.map((year) => `WHEN ${year} THEN ${monthsOfYear(kept, year).join(' + ')}`)
  return { years, sum: `CASE year ${cases.join(' ')} ELSE 0 END` }
}

function whereFilters(query: ReturnType<typeof db.from>, filters: ReportFilters) {
  if (filters.orderType !== 'ALL') query.where('order_type', filters.orderType)
  return query
}

/** Counted services per facility in the kept months (`[id, count]`): of every lab, or of one. */
export async function keptFacilityServices(filters: ReportFilters, kept: KeptMonths, lab?: string) {
  const { years, sum } = keptSum(kept)
  const query = whereFilters(db.from('facility_services').whereIn('year', years), filters)
    .groupBy('fasyankes_id')
    .select('fasyankes_id', db.raw(`sum(${sum}) as services`))
  if (lab) query.where('lab', lab)
  if (filters.province) {
    query.whereIn(
      'fasyankes_id',
      db.from('fasyankes').where('province_code', filters.province).select('id')
    )
  }
  const rows = await query
  return rows.map((row): [number, number] => [Number(row.fasyankes_id), Number(row.services)])
}

/** One device type's counted lines of one kept month (`2026-11`). */
export interface DeviceMonth {
  alkesId: number
  month: string
  count: number
}

/** A lab's counted lines per device type and month in the kept months (ordered or finished). */
export async function keptDeviceServices(
  filters: ReportFilters,
  kept: KeptMonths,
  lab: string,
  measure: DeviceMeasure
) {
  const { years } = keptSum(kept)
  const query = whereFilters(
    db.from('device_services').where('measure', measure).where('lab', lab).whereIn('year', years),
    filters
  )
    .groupBy('alkes_id', 'year')
    .select('alkes_id', 'year')
    .select(MONTH_COLUMNS.map((column) => db.raw(`sum(${column}) as ${column}`)))
  if (filters.province) query.where('province', filters.province)
  const found: DeviceMonth[] = []
  for (const row of await query) {
    const year = Number(row.year)
    for (const column of monthsOfYear(kept, year)) {
      const count = Number(row[column])
      if (!count) continue
      const month = `${year}-${column.slice(1).padStart(2, '0')}`
      found.push({ alkesId: Number(row.alkes_id), month, count })
    }
  }
  return found
}

/** The rows of a table of month rows (`year`, `month`) in the kept months. */
function monthRows(table: string, kept: KeptMonths, filters: ReportFilters) {
  const key = (year: number, month: number) => year * 100 + month
  return whereFilters(
    db
      .from(table)
      .whereRaw('year * 100 + month between ? and ?', [
        key(kept.first.year, kept.first.month),
        key(kept.last.year, kept.last.month),
      ]),
    filters
  )
}

/** Questionnaires per kept month: responses and the sums of the group totals named. */
export async function keptFeedbackMonths(
  filters: ReportFilters,
  kept: KeptMonths,
  scores: readonly string[]
) {
  const query = monthRows('feedback_months', kept, filters)
    .groupBy('year', 'month')
    .select('year', 'month', db.raw('sum(responses) as responses'))
    .select(scores.map((column) => db.raw(`sum(${column}) as ${column}`)))
  if (filters.province) query.where('province', filters.province)
  const rows = await query
  return rows.map((row) => ({
    month: `${row.year}-${String(row.month).padStart(2, '0')}`,
    responses: Number(row.responses),
    sums: scores.map((column) => Number(row[column] ?? 0)),
  }))
}

/** A ledger's orders, devices and tariffs per order type in the kept months. */
export async function keptLedgerTotals(filters: ReportFilters, kept: KeptMonths, ledger: Ledger) {
  const rows = await monthRows('ledger_months', kept, filters)
    .where('ledger', ledger)
    .groupBy('order_type')
    .select('order_type as type')
    .select(['orders', 'devices', 'amount'].map((column) => db.raw(`sum(${column}) as ${column}`)))
  return rows.map((row) => ({
    type: String(row.type),
    orders: Number(row.orders),
    devices: Number(row.devices),
    amount: Number(row.amount),
  }))
}
