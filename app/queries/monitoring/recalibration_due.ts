import { urlFor } from '@adonisjs/core/services/url_builder'
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import type User from '#models/user'
import config from '#config/notifications'
import { formatDate, isoDate, labToday } from '#services/format'
import type { OrderType } from '#enums/order_types'
import { offeredColumn, offeredFor } from '#queries/alkes/services'
import { withoutNotFit } from '#queries/monitoring/recalibration_mark'

/** Most devices the dashboard lists as due; the inventory has the rest. */
const SHOWN = 20

/** "Ajukan Kalibrasi" makes an Alat Datang request (its route and permission, below). */
const REQUESTED_AS: OrderType = 'internal'

/**
 * A facility's devices due for recalibration (issue 17): overdue or due within the reminder's
 * 30 days, nearest first, each offered for a new Alat Datang request when its type is served
 * in the lab. Null for anyone but a facility user.
 */
export async function recalibrationDue(user: User) {
  if (!user.isFacility || !user.fasyankesId) return null
  const until = DateTime.fromISO(labToday()).plus({ days: config.reminders.daysBefore })
  // A device found TIDAK LAIK is not due: it is out of use until repaired or replaced.
  const rows = await withoutNotFit(
    db.from('inventories as i').join('alkes as a', 'a.id', 'i.alkes_id')
  )
    .where('i.fasyankes_id', user.fasyankesId)
    .where('i.next_calibration_date', '<=', until.toISODate()!)
    .orderBy('i.next_calibration_date')
    .orderBy('i.id')
    .limit(SHOWN)
    .select('i.id', 'i.merk', 'i.model', 'i.serial_number', 'i.next_calibration_date')
    .select('a.name as alkes_name', offeredColumn(REQUESTED_AS, 'requestable', 'i.alkes_id'))
  const today = DateTime.fromISO(labToday())
  const items = rows.map((row) => {
    const due = DateTime.fromISO(isoDate(row.next_calibration_date)!)
    return {
      id: Number(row.id),
      device: [row.alkes_name, row.merk, row.model].filter(Boolean).join(' / '),
      serial_number: row.serial_number as string,
      formatted_due_date: formatDate(due),
      days: Math.round(due.diff(today, 'days').days),
      requestable: Boolean(Number(row.requestable)),
    }
  })
  const requestable = items.filter((item) => item.requestable).map((item) => item.id)
  return {
    items,
    requestHref:
      requestable.length && user.can('internal.create')
        ? urlFor('internal.create', {}, { qs: { inventory: requestable.join(',') } })
        : null,
  }
}

/**
 * The request lines a facility's "Ajukan Kalibrasi" pre-fills: its own inventory devices among
 * `ids` whose type the lab serves as Alat Datang, one line per type with their count and serial
 * numbers. Another facility's devices are never read.
 */
export async function recalibrationLines(user: User, ids: number[]) {
  if (!user.isFacility || !user.fasyankesId || !ids.length) return []
  const rows = await db
    .from('inventories as i')
    .join('alkes as a', 'a.id', 'i.alkes_id')
    .where('i.fasyankes_id', user.fasyankesId)
    .whereIn('i.alkes_id', offeredFor(REQUESTED_AS))
    .whereIn('i.id', ids.slice(0, 100))
    .orderBy('i.alkes_id')
    .orderBy('i.id')
    .select('i.alkes_id', 'i.serial_number')
  const byType = new Map<number, string[]>()
  for (const row of rows) {
    const type = Number(row.alkes_id)
    byType.set(type, [...(byType.get(type) ?? []), row.serial_number])
  }
  return [...byType.entries()].map(([alkesId, serials]) => ({
    alkes_id: alkesId,
    quantity: serials.length,
    description: `Kalibrasi ulang, SN ${serials.join(', ')}`.slice(0, 250),
  }))
}
