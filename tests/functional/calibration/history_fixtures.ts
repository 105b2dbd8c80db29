/**
 * Fixtures of the calibrator history, validity and impact tests (issue 15), beside the shared
 * `addHistory` of _support.ts. Not a spec file.
 */
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'

export { addHistory } from '#tests/functional/calibration/_support'

/** A DATE column as YYYY-MM-DD on both databases; null when empty. */
export function day(value: unknown) {
  if (value === null || value === undefined) return null
  return value instanceof Date ? DateTime.fromJSDate(value).toISODate() : String(value).slice(0, 10)
}

/** The calibrator's history rows, oldest first, as stored. */
export async function historyRows(calibratorId: number) {
  const rows = await db
    .from('calibrator_calibrations')
    .where('calibrator_id', calibratorId)
    .orderBy('performed_on')
    .orderBy('id')
  return rows.map((row) => ({
    id: Number(row.id),
    kind: row.kind as string,
    performed_on: day(row.performed_on),
    due_on: day(row.due_on),
    certificate_number: row.certificate_number as string | null,
    issuer: row.issuer as string | null,
    passed: Boolean(Number(row.passed)),
    notes: row.notes as string | null,
  }))
}

/** The calibrator's stored last and next calibration dates. */
export async function calibratorDates(calibratorId: number) {
  const row = await db.from('calibrators').where('id', calibratorId).first()
  return { last: day(row.last_calibration_date), next: day(row.next_calibration_date) }
}

/** Records that a device line was measured with a calibrator under one of its calibrations. */
export async function useStandard(
  orderDeviceId: number,
  calibratorId: number,
  calibrationId: number
) {
  await db.table('order_device_standards').insert({
    order_device_id: orderDeviceId,
    calibrator_id: calibratorId,
    calibration_id: calibrationId,
  })
}

/** A date `days` from `today` (YYYY-MM-DD). */
export function daysFromToday(days: number, today: string) {
  return DateTime.fromISO(today, { zone: 'utc' }).plus({ days }).toISODate()!
}
