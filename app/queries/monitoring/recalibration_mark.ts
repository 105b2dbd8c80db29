import type { DatabaseQueryBuilderContract } from '@adonisjs/lucid/types/querybuilder'
import { labToday } from '#services/format'

/**
 * How close a device is to its next calibration, the one reading the dashboard's
 * recalibration monitor and the facility inventory share (domain decisions: Inventory and
 * recalibration). The facility is reminded 30 days before the due date, so from then on a
 * device is due soon.
 */
export const DUE_SOON_DAYS = 30

export type RecalibrationState = 'not_fit' | 'overdue' | 'due_soon' | 'scheduled'

// A type, not an interface: page props must be plain JSON records (Inertia's ComponentProps).
export type RecalibrationMark = {
  state: RecalibrationState
  /** What the row's badge says: 'TIDAK LAIK', 'Terlambat 5 hari', '12 hari lagi'. */
  label: string
  /** The badge's tone (the pages' StatusBadge). */
  tone: 'red' | 'amber' | 'emerald'
}

/** Days from the lab's today to the next calibration date (YYYY-MM-DD); negative once overdue. */
export function dayCounter(nextDate: string, today: string = labToday()) {
  return Math.round(dayNumber(nextDate) - dayNumber(today))
}

/** Days since 1970 of a `YYYY-MM-DD…` date: plain arithmetic, once per listed device. */
function dayNumber(date: string) {
  const [year, month, day] = [date.slice(0, 4), date.slice(5, 7), date.slice(8, 10)].map(Number)
  return Date.UTC(year, month - 1, day) / 86_400_000
}

/**
 * The last result as the drivers return `order_devices.is_laik` (a boolean on PostgreSQL,
 * 0/1 on SQLite); a device never tested (null) is not "not fit".
 */
export function foundNotFit(isLaik: unknown) {
  return isLaik === false || isLaik === 0 || isLaik === '0'
}

/**
 * The mark of one device. A device last found TIDAK LAIK is out of use whatever its date says,
 * so that comes first; then overdue (red), due within 30 days (amber), or scheduled.
 */
export function recalibrationMark(days: number, notFit: boolean): RecalibrationMark {
  if (notFit) return { state: 'not_fit', label: 'TIDAK LAIK', tone: 'red' }
  if (days < 0) return { state: 'overdue', label: `Terlambat ${-days} hari`, tone: 'red' }
  if (days === 0) return { state: 'due_soon', label: 'Jatuh tempo hari ini', tone: 'amber' }
  if (days <= DUE_SOON_DAYS) return { state: 'due_soon', label: `${days} hari lagi`, tone: 'amber' }
  return { state: 'scheduled', label: `${days} hari lagi`, tone: 'emerald' }
}

/**
 * Leaves out the inventory devices (`inventories as i`) last found TIDAK LAIK: out of use until
 * repaired or replaced, no recalibration is due for them (issue 37, point 6), so neither a
 * reminder nor the facility's due list names them.
 */
export function withoutNotFit<Q extends DatabaseQueryBuilderContract<any>>(query: Q) {
  return query.whereNotExists((failed) => {
    failed
      .from('order_devices as d')
      .whereColumn('d.id', 'i.order_device_id')
      .where('d.is_laik', false)
  })
}
