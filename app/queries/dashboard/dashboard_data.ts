import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import type User from '#models/user'
import { formatDate, formatRupiah, labNow } from '#services/format'

/** The five status cards of the dashboard (spec part 1, Dashboard), in the spec's order and wording. */
export const DASHBOARD_CARDS = [
  ['MENUNGGU', 'Menunggu'],
  ['ORDER DITERIMA', 'Order diterima'],
  ['ALAT DITERIMA', 'Alat diterima'],
  ['PROSES PENGERJAAN', 'Proses pengerjaan'],
  ['SELESAI', 'Selesai'],
] as const

const RECALIBRATION_ROWS = 10

function scoped<T extends { where: (...args: any[]) => T }>(query: T, user: User, column: string) {
  return user.isFacility ? query.where(column, user.fasyankesId ?? 0) : query
}

function toIsoDate(value: unknown) {
  return value instanceof Date
    ? DateTime.fromJSDate(value).toISODate()!
    : String(value).slice(0, 10)
}

export async function dashboardData(user: User) {
  const counts = await scoped(
    db.from('internal_orders').select('status').count('* as total').groupBy('status'),
    user,
    'fasyankes_id'
  )
  const byStatus = new Map(counts.map((row) => [row.status, Number(row.total)]))

  const today = labNow().toISODate()!
  const daily = await scoped(
    db
      .from('internal_alkes_orders as d')
      .join('internal_orders as o', 'o.id', 'd.internal_order_id')
      .join('fasyankes as f', 'f.id', 'o.fasyankes_id')
      .join('alkes as a', 'a.id', 'd.alkes_id')
      .where('o.service_type', 'Tuntung Saharian')
      .where('o.delivery_date_estimation', today)
      .whereNot('o.status', 'DITOLAK')
      .select('d.id', 'o.number', 'f.fasyankes_name', 'a.name as alkes_name', 'd.price')
      .orderBy('o.number'),
    user,
    'o.fasyankes_id'
  )

  const recalibration = await scoped(
    db
      .from('inventories as i')
      .join('fasyankes as f', 'f.id', 'i.fasyankes_id')
      .join('alkes as a', 'a.id', 'i.alkes_id')
      .select(
        'i.id',
        'f.fasyankes_name',
        'a.name as alkes_name',
        'i.merk',
        'i.model',
        'i.serial_number',
        'i.next_calibration_date'
      )
      .orderBy('i.next_calibration_date')
      .limit(RECALIBRATION_ROWS),
    user,
    'i.fasyankes_id'
  )
  const now = DateTime.fromISO(today)

  return {
    cards: DASHBOARD_CARDS.map(([status, label]) => ({
      status,
      label,
      count: byStatus.get(status) ?? 0,
    })),
    daily: daily.map((row) => ({
      id: Number(row.id),
      number: row.number ?? null,
      fasyankes_name: row.fasyankes_name,
      alkes_name: row.alkes_name,
      formatted_price: formatRupiah(Number(row.price)),
    })),
    recalibration: recalibration.map((row) => {
      const next = toIsoDate(row.next_calibration_date)
      return {
        id: Number(row.id),
        fasyankes_name: row.fasyankes_name,
        alkes: [row.alkes_name, row.merk, row.model, row.serial_number].filter(Boolean).join(' / '),
        formatted_next_calibration_date: formatDate(next),
        day_counter: Math.round(DateTime.fromISO(next).diff(now, 'days').days),
      }
    }),
  }
}
