import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import type User from '#models/user'
import { formatDate, formatRupiah, isoDate, labToday } from '#services/format'
import { internalWorkflow } from '#workflows/internal_order_workflow'
import { orderListHref } from '#workflows/order_types'
import { historyHref } from '#queries/devices/history_href'
import { deviceLinesQuery } from '#queries/orders/joins'

const RECALIBRATION_ROWS = 10

function scoped<T extends { where: (...args: any[]) => T }>(query: T, user: User, column: string) {
  return user.isFacility ? query.where(column, user.fasyankesId ?? 0) : query
}

export async function dashboardData(user: User) {
  // The five status cards of the spec (part 1, Dashboard) are the Alat Datang workflow's cards.
  const counts = await scoped(
    db
      .from('orders')
      .where('type', 'internal')
      .select('status')
      .count('* as total')
      .groupBy('status'),
    user,
    'fasyankes_id'
  )
  const byStatus = new Map(counts.map((row) => [row.status, Number(row.total)]))

  const today = labToday()
  const daily = await scoped(
    deviceLinesQuery()
      .join('internal_orders as io', 'io.order_id', 'o.id')
      .where('io.service_type', 'Tuntung Saharian')
      .where('io.delivery_date_estimation', today)
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
      .leftJoin('order_devices as d', 'd.id', 'i.order_device_id')
      .select(
        'i.id',
        'i.alkes_id',
        'i.fasyankes_id',
        'd.is_laik',
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
    cards: internalWorkflow.cards().map(({ status, label }) => ({
      status,
      label,
      count: byStatus.get(status) ?? 0,
      // The list behind the card, filtered to its status.
      href: user.can('internal.view') ? orderListHref('internal', { status }) : null,
    })),
    // Spec part 1: the order number and facility columns are for yantek and admin_pk only.
    showOrderColumns: user.can('dashboard.all_facilities'),
    daily: daily.map((row) => ({
      id: Number(row.id),
      number: row.number ?? null,
      fasyankes_name: row.fasyankes_name,
      alkes_name: row.alkes_name,
      formatted_price: formatRupiah(Number(row.price)),
    })),
    recalibration: recalibration.map((row) => {
      const next = isoDate(row.next_calibration_date) ?? labToday()
      return {
        id: Number(row.id),
        fasyankes_name: row.fasyankes_name,
        alkes: [row.alkes_name, row.merk, row.model, row.serial_number].filter(Boolean).join(' / '),
        formatted_next_calibration_date: formatDate(next),
        day_counter: Math.round(DateTime.fromISO(next).diff(now, 'days').days),
        // Its last result: a device found TIDAK LAIK is not "due in N days", it is out of use.
        not_fit: row.is_laik === false || row.is_laik === 0,
        history_href: historyHref(
          Number(row.alkes_id),
          row.serial_number,
          Number(row.fasyankes_id)
        ),
      }
    }),
  }
}
