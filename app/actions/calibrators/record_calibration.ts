import type { Infer } from '@vinejs/vine/types'
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type Calibrator from '#models/calibrator'
import ActionRefusedException from '#exceptions/action_refused_exception'
import type {
  calibrationRecordValidator,
  outOfToleranceValidator,
} from '#validators/calibrator_history'
import { audit, type Actor } from '#services/audit'
import { lockChain } from '#services/audit_chain'
import { formatDate, isoDate } from '#services/format'
import { databaseNow } from '#services/database_time'
import { insertedId } from '#services/query_results'

export type CalibrationRecordInput = Infer<typeof calibrationRecordValidator>
export type OutOfToleranceInput = Infer<typeof outOfToleranceValidator>

/** The note of a history row that only mirrors the calibrator's own dates. */
export const FROM_CALIBRATOR_DATES = 'Dari tanggal kalibrasi pada data kalibrator.'

const dayOf = (value: Date) => DateTime.fromJSDate(value).toISODate()!
/** Adds one row to a calibrator's history, by `actor`; answers its id. */
async function addHistoryRow(
  trx: TransactionClientContract,
  actor: Actor,
  calibratorId: number,
  values: Record<string, unknown>
) {
  const now = databaseNow(trx)
  const [inserted] = await trx
    .table('calibrator_calibrations')
    .insert({
      ...values,
      calibrator_id: calibratorId,
      created_by: actor.user?.id ?? null,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
  return insertedId(inserted)
}

/** The newest passed calibration of a calibrator (performed_on, then id), or undefined. */
function newestPassed(trx: TransactionClientContract, calibratorId: number) {
  return trx
    .from('calibrator_calibrations')
    .where({ calibrator_id: calibratorId, kind: 'calibration' })
    .where('passed', true)
    .orderBy('performed_on', 'desc')
    .orderBy('id', 'desc')
    .first()
}

/**
 * The calibrator's last and next calibration dates follow its newest passed calibration.
 * Returns what changed, for the audit entry.
 */
async function followNewestPassed(trx: TransactionClientContract, calibrator: Calibrator) {
  const newest = await newestPassed(trx, calibrator.id)
  if (!newest) return {}
  const last = isoDate(newest.performed_on)
  const next = isoDate(newest.due_on)
  const before = {
    last_calibration_date: calibrator.lastCalibrationDate?.toISODate() ?? null,
    next_calibration_date: calibrator.nextCalibrationDate?.toISODate() ?? null,
  }
  if (before.last_calibration_date === last && before.next_calibration_date === next) return {}
  calibrator.useTransaction(trx)
  calibrator.lastCalibrationDate = last ? DateTime.fromISO(last) : null
  calibrator.nextCalibrationDate = next ? DateTime.fromISO(next) : null
  await calibrator.save()
  return {
    from: before,
    to: { last_calibration_date: last, next_calibration_date: next },
  }
}

/**
 * Catat Kalibrasi: the calibrator's own calibration, with its certificate, due date, verdict
 * and the uncertainties it states. A passed calibration that is the newest sets the
 * calibrator's last and next calibration dates. A passed calibration on a day the history
 * already holds one without a certificate (a row made from the calibrator's dates) completes
 * that row instead of adding a second one for the same day.
 */
export async function recordCalibration(
  actor: Actor,
  calibrator: Calibrator,
  input: CalibrationRecordInput
) {
  const performedOn = dayOf(input.performed_on)
  const values = {
    kind: 'calibration' as const,
    performed_on: performedOn,
    due_on: dayOf(input.due_on),
    certificate_number: input.certificate_number,
    issuer: input.issuer ?? null,
    passed: input.passed,
    notes: input.notes ?? null,
  }
  const uncertainties = (input.uncertainties ?? []).map((row) => ({
    parameter: row.parameter,
    unit: row.unit,
    expanded_uncertainty: row.expanded_uncertainty,
    coverage_factor: row.coverage_factor ?? 2,
    relative: row.relative ?? false,
    correction: row.correction ?? null,
    resolution: row.resolution ?? null,
  }))
  return db.transaction(async (trx) => {
    // Every write below is audited: the chain first, then the rows (services/audit.ts).
    await lockChain(trx)
    const mirror = input.passed
      ? await trx
          .from('calibrator_calibrations')
          .where({ calibrator_id: calibrator.id, kind: 'calibration', performed_on: performedOn })
          .where('passed', true)
          .whereNull('certificate_number')
          .orderBy('id', 'desc')
          .first()
      : null
    let id: number
    if (mirror) {
      id = Number(mirror.id)
      await trx
        .from('calibrator_calibrations')
        .where('id', id)
        .update({ ...values, updated_at: databaseNow(trx) })
      await trx.from('calibrator_uncertainties').where('calibration_id', id).delete()
    } else {
      id = await addHistoryRow(trx, actor, calibrator.id, values)
    }
    if (uncertainties.length)
      await trx
        .table('calibrator_uncertainties')
        .multiInsert(uncertainties.map((row) => ({ ...row, calibration_id: id })))
    const dates = input.passed ? await followNewestPassed(trx, calibrator) : {}
    await audit(
      actor,
      {
        action: 'calibrator.calibration',
        subjectType: 'calibrator',
        subjectId: calibrator.id,
        from: 'from' in dates ? dates.from : null,
        to: { calibration_id: id, ...values, uncertainties, ...('to' in dates ? dates.to : {}) },
      },
      trx
    )
    return { id, completed: Boolean(mirror) }
  })
}

/**
 * Tandai Di Luar Toleransi: a finding that the calibrator is out of tolerance from `found_on`.
 * From that day it cannot be chosen as a standard until a later passed calibration; the
 * certificates issued with it since its last good calibration are listed on its impact page.
 */
export async function markOutOfTolerance(
  actor: Actor,
  calibrator: Calibrator,
  input: OutOfToleranceInput
) {
  const values = {
    kind: 'out_of_tolerance' as const,
    performed_on: dayOf(input.found_on),
    passed: false,
    notes: input.reason,
  }
  return db.transaction(async (trx) => {
    await lockChain(trx)
    const id = await addHistoryRow(trx, actor, calibrator.id, values)
    await audit(
      actor,
      {
        action: 'calibrator.out_of_tolerance',
        subjectType: 'calibrator',
        subjectId: calibrator.id,
        to: { calibration_id: id, found_on: values.performed_on },
        reason: input.reason,
      },
      trx
    )
    return id
  })
}

/**
 * Keeps the history in step with dates typed on the calibrator form or in its batch file
 * (save_calibrator.ts): the calibrator's last/next calibration dates are always its newest
 * passed calibration. Called in the save's transaction when the dates changed.
 *
 * - a passed calibration on the new last date gets the new due date, else one is added;
 * - a date earlier than a passed calibration the history already holds is refused (record a
 *   correction on the history page), except when that calibration is the row made from the
 *   old dates, has no certificate and no device line used it: a typo, corrected in place;
 * - clearing the dates of a calibrator with calibrations in its history is refused.
 */
export async function syncCalibrationHistory(
  trx: TransactionClientContract,
  actor: Actor,
  calibrator: Calibrator,
  before: { last: string | null; next: string | null },
  after: { last: string | null; next: string | null }
) {
  if (before.last === after.last && before.next === after.next) return
  const named = `${calibrator.name} (${calibrator.serialNumber})`
  const newest = await newestPassed(trx, calibrator.id)
  const newestDay = newest ? isoDate(newest.performed_on) : null
  if (!after.last) {
    if (!newest) return
    throw new ActionRefusedException(
      `Tanggal kalibrasi ${named} tidak dapat dikosongkan: riwayat kalibrasinya sudah mencatat kalibrasi ${formatDate(newestDay)}.`
    )
  }
  const audited = (action: string, id: number, from: Record<string, unknown> | null) =>
    audit(
      actor,
      {
        action,
        subjectType: 'calibrator',
        subjectId: calibrator.id,
        from,
        to: { calibration_id: id, performed_on: after.last, due_on: after.next, passed: true },
        reason: 'Tanggal kalibrasi diubah pada data kalibrator.',
      },
      trx
    )

  if (newest && newestDay && newestDay > after.last) {
    const used = await trx.from('order_device_standards').where('calibration_id', newest.id).first()
    const isTypo = newestDay === before.last && newest.certificate_number === null && !used
    const taken = await trx
      .from('calibrator_calibrations')
      .where({ calibrator_id: calibrator.id, kind: 'calibration', performed_on: after.last })
      .first()
    if (!isTypo || taken) {
      throw new ActionRefusedException(
        `Riwayat kalibrasi ${named} sudah mencatat kalibrasi lulus yang lebih baru (${formatDate(newestDay)}). Catat perubahan melalui halaman Riwayat Kalibrasi.`
      )
    }
    await trx
      .from('calibrator_calibrations')
      .where('id', newest.id)
      .update({ performed_on: after.last, due_on: after.next, updated_at: databaseNow(trx) })
    return audited('calibrator.calibration_corrected', Number(newest.id), {
      performed_on: newestDay,
      due_on: isoDate(newest.due_on),
    })
  }

  const same = await trx
    .from('calibrator_calibrations')
    .where({ calibrator_id: calibrator.id, kind: 'calibration', performed_on: after.last })
    .where('passed', true)
    .orderBy('id', 'desc')
    .first()
  if (same) {
    if (isoDate(same.due_on) === after.next) return
    await trx
      .from('calibrator_calibrations')
      .where('id', same.id)
      .update({ due_on: after.next, updated_at: databaseNow(trx) })
    return audited('calibrator.calibration_updated', Number(same.id), {
      due_on: isoDate(same.due_on),
    })
  }
  const id = await addHistoryRow(trx, actor, calibrator.id, {
    kind: 'calibration',
    performed_on: after.last,
    due_on: after.next,
    passed: true,
    notes: FROM_CALIBRATOR_DATES,
  })
  return audited('calibrator.calibration_added', id, null)
}
