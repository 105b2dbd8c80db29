import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import type { DatabaseQueryBuilderContract } from '@adonisjs/lucid/types/querybuilder'
import { LAB_TIMEZONE } from '#services/format'
import type { ReportFilters } from '#queries/reports/report_filters'

/**
 * What the reports count (docs/decisions.md, issue 14): a service is a device line that is not
 * cancelled (BATAL UJI) of an order that was neither rejected nor cancelled, dated by the day
 * the order was made (lab time). An order's `device_count` is exactly its counted lines (kept
 * with the lines, app/actions/orders/order_totals.ts), so reports over every lab read the
 * orders alone; reports of one lab read its device lines.
 */
export const UNCOUNTED_ORDER_STATUSES = ['DITOLAK', 'DIBATALKAN'] as const
export const UNCOUNTED_DEVICE_STATUS = 'BATAL UJI'

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
  if (filters.province) {
    query.whereIn(
      'o.fasyankes_id',
      db.from('fasyankes').where('province_code', filters.province).select('id')
    )
  }
  return query
}

/** A timestamp column within the range's `[from, until)`. */
export function whereWithin(query: Query, column: string, filters: ReportFilters) {
  // Stored UTC text on SQLite; PostgreSQL reads the same text as UTC only when told so.
  const utc = (text: string) => (query.client.dialect.name === 'postgres' ? `${text}+00` : text)
  return query.where(column, '>=', utc(filters.from)).where(column, '<', utc(filters.until))
}

/** The counted device lines of one lab in those orders. */
export function countedLines(
  filters: ReportFilters,
  lab: string,
  dated: string | null = 'o.created_at'
): Query {
  return countedOrders(filters, dated)
    .join('order_devices as d', 'd.order_id', 'o.id')
    .where('d.lab', lab)
    .whereNot('d.status', UNCOUNTED_DEVICE_STATUS)
}

/** The lab's UTC offset in minutes (Indonesian zones keep no daylight saving). */
function labOffsetMinutes() {
  return DateTime.now().setZone(LAB_TIMEZONE).offset
}

/**
 * SQL for the lab-time month (`2026-11`) or year (`2026`) of a stored UTC timestamp, or of a
 * DATE column (`date: true`), on either database.
 */
export function periodOf(query: Query, column: string, period: 'month' | 'year', date = false) {
  const postgres = query.client.dialect.name === 'postgres'
  const length = period === 'month' ? 7 : 4
  if (date)
    return postgres ? `substr(${column}::text, 1, ${length})` : `substr(${column}, 1, ${length})`
  const offset = labOffsetMinutes()
  return postgres
    ? `substr(((${column} AT TIME ZONE 'UTC') + interval '${offset} minutes')::text, 1, ${length})`
    : `substr(datetime(${column}, '${offset} minutes'), 1, ${length})`
}
