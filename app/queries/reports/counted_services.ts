import db from '@adonisjs/lucid/services/db'
import type { DatabaseQueryBuilderContract } from '@adonisjs/lucid/types/querybuilder'
import type { ReportFilters } from '#queries/reports/report_filters'
import { UNCOUNTED_DEVICE_STATUS, UNCOUNTED_ORDER_STATUSES } from '#database/report_counts'
import { keptFacilityServices, overRange, sumPerId } from '#queries/reports/kept_counts'

/**
 * What the reports count (docs/decisions.md, issue 14): a service is a device line that is not
 * cancelled (BATAL UJI) of an order that was neither rejected nor cancelled, dated by the day
 * the order was made (lab time). An order's `device_count` is exactly its counted lines (kept
 * with the lines, app/actions/orders/order_totals.ts), so reports over every lab read the
 * orders alone; reports of one lab count its device lines (`countLines`).
 */

type Query = DatabaseQueryBuilderContract<any>

/**
 * Orders of the type and province asked that count, made in the range (or whose `dated`
 * timestamp column falls in it; null: of every date).
 */
export function countedOrders(
  filters: ReportFilters,
  dated: string | null = 'o.created_at'
): Query {
  const query = db.from('orders as o').whereNotIn('o.status', [...UNCOUNTED_ORDER_STATUSES])
  if (dated) whereWithin(query, dated, filters)
  if (filters.orderType !== 'ALL') query.where('o.type', filters.orderType)
  if (filters.province) query.whereIn('o.fasyankes_id', facilitiesOf(filters.province))
  return query
}

/** The ids of a province's facilities (a subquery). */
const facilitiesOf = (province: string) =>
  db.from('fasyankes').where('province_code', province).select('id')

/** A timestamp column within a range's `[from, until)` (stored UTC text). */
export function whereWithin(query: Query, column: string, range: { from: string; until: string }) {
  // Stored UTC text on SQLite; PostgreSQL reads the same text as UTC only when told so.
  const utc = (text: string) => (query.client.dialect.name === 'postgres' ? `${text}+00` : text)
  return query.where(column, '>=', utc(range.from)).where(column, '<', utc(range.until))
}

/** One group of counted lines: the values of its keys and its count. */
export interface LineCount {
  keys: (string | number | null)[]
  count: number
}

/**
 * Counts of one lab's counted device lines, grouped by `keys` (SQL over the line `d`): the
 * lines made in the range, or with `finished` the lines finished in it (status SELESAI, by the
 * worksheet's work date). A line keeps copies of its order's date, type and facility (kept by
 * the database, migration 0031), so the lines of every order are counted from one index of the
 * lines alone; those of rejected or cancelled orders, few, are then subtracted.
 */
export async function countLines(
  filters: ReportFilters,
  lab: string,
  keys: (query: Query) => string[],
  options: { finished?: boolean } = {}
) {
  const lines = () => {
    const query = db.from('order_devices as d').where('d.lab', lab)
    if (options.finished) {
      query
        .where('d.status', 'SELESAI')
        .whereBetween('d.work_date', [filters.startDate, filters.endDate])
    } else {
      whereWithin(query, 'd.ordered_at', filters).whereNot('d.status', UNCOUNTED_DEVICE_STATUS)
    }
    if (filters.orderType !== 'ALL') query.where('d.order_type', filters.orderType)
    if (filters.province) query.whereIn('d.fasyankes_id', facilitiesOf(filters.province))
    return query
  }
  // Each line's own order looked up by its key: a list of every rejected or cancelled order
  // (`d.order_id IN (...)`) was probed line by line across the whole index (on SQLite at a
  // million orders 200 ms, 1.8 s while its pages were not yet in memory).
  const ofUncountedOrder = (query: Query) =>
    query
      .from('orders as u')
      .whereRaw('u.id = d.order_id')
      .whereIn('u.status', [...UNCOUNTED_ORDER_STATUSES])

  const all = await grouped(lines(), keys)
  const uncounted = await grouped(lines().whereExists(ofUncountedOrder), keys)
  for (const [key, line] of uncounted) {
    const kept = all.get(key)
    if (!kept) continue
    kept.count -= line.count
    if (kept.count <= 0) all.delete(key)
  }
  return [...all.values()]
}

async function grouped(query: Query, keys: (query: Query) => string[]) {
  const expressions = keys(query)
  query
    .select(db.raw(expressions.map((expression, index) => `${expression} as k${index}`).join(', ')))
    .select(db.raw('count(*) as total'))
    .groupByRaw(expressions.join(', '))
  const counts = new Map<string, LineCount>()
  for (const row of await query) {
    const values = expressions.map((_, index) => row[`k${index}`] ?? null)
    counts.set(JSON.stringify(values), { keys: values, count: Number(row.total) })
  }
  return counts
}

/** A period of a report column: its key (`2026-11`, `2026`) and its first moment in stored UTC text. */
export interface Period {
  key: string
  start: string
}

/**
 * SQL naming the period a stored UTC timestamp falls in: CASEs over the periods' first moments,
 * halving the periods at each step (a few comparisons a row, no date function), the same on
 * both databases. Rows before the first period are given the first (the range keeps them out).
 */
export function periodOf(query: Query, column: string, periods: Period[]): string {
  if (!periods.length) return 'NULL'
  // One period (a range's partial month): not a bare constant, which PostgreSQL cannot group by.
  if (periods.length === 1) {
    return `CASE WHEN ${column} IS NOT NULL THEN '${periods[0].key.replace(/[^0-9-]/g, '')}' END`
  }
  const postgres = query.client.dialect.name === 'postgres'
  const literal = (text: string) => `'${text.replace(/[^0-9: -]/g, '')}${postgres ? '+00' : ''}'`
  const choose = (from: number, to: number): string => {
    if (to - from === 1) return `'${periods[from].key.replace(/[^0-9-]/g, '')}'`
    const middle = Math.floor((from + to) / 2)
    return `CASE WHEN ${column} < ${literal(periods[middle].start)} THEN ${choose(from, middle)} ELSE ${choose(middle, to)} END`
  }
  const halving = choose(0, periods.length)
  // Months on SQLite, stored as UTC text: from the 2nd to the 27th of a UTC month the lab's
  // time (within a day of UTC) is in the same month, so most rows take the text's own month.
  if (postgres || periods[0].key.length !== 7) return halving
  return `CASE WHEN substr(${column}, 9, 2) BETWEEN '02' AND '27' THEN substr(${column}, 1, 7) ELSE ${halving} END`
}

/** The lab-time month (`2026-11`) of a DATE column, on either database. */
export function monthOfDate(query: Query, column: string) {
  return query.client.dialect.name === 'postgres'
    ? `substr(${column}::text, 1, 7)`
    : `substr(${column}, 1, 7)`
}

/**
 * Services per facility in the range: of every lab (the order totals) or of one lab's lines.
 * Whole months are read from the kept counts, the days around them from the orders or lines.
 */
export async function servicesPerFacility(filters: ReportFilters, lab?: string) {
  const pairs = await overRange(
    filters,
    (kept) => keptFacilityServices(filters, kept, lab),
    async (part): Promise<[number, number][]> => {
      if (lab) {
        const lines = await countLines(part, lab, () => ['d.fasyankes_id'])
        return lines.map((line) => [Number(line.keys[0]), line.count])
      }
      const perFacility = await countedOrders(part)
        .groupBy('o.fasyankes_id')
        .select('o.fasyankes_id as id', db.raw('sum(o.device_count) as services'))
      return perFacility.map((row) => [Number(row.id), Number(row.services)])
    }
  )
  return sumPerId(pairs)
}
