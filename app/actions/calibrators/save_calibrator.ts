import type { Infer } from '@vinejs/vine/types'
import type { calibratorValidator } from '#validators/master_data'
import { DateTime } from 'luxon'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import Calibrator from '#models/calibrator'
import { inTransaction, saveAudited, type Actor } from '#services/audit'
import { lockChain } from '#services/audit_chain'
import { syncCalibrationHistory } from '#actions/calibrators/record_calibration'

/** What the form (and the batch file) sends, as the validator reads it. */
export type CalibratorInput = Infer<typeof calibratorValidator>

const day = (value?: Date | null) => (value ? DateTime.fromJSDate(value).toISODate() : null)

function snapshot(calibrator: Calibrator) {
  return {
    name: calibrator.name,
    merk: calibrator.merk,
    type_model_category: calibrator.typeModelCategory,
    type_model: calibrator.typeModel,
    serial_number: calibrator.serialNumber,
    channel_count: calibrator.channelCount,
    bpfk_user_id: calibrator.bpfkUserId,
    unit_id: calibrator.unitId,
    calibrator_condition: calibrator.calibratorCondition,
    last_calibration_date: calibrator.lastCalibrationDate?.toISODate() ?? null,
    next_calibration_date: calibrator.nextCalibrationDate?.toISODate() ?? null,
  }
}

/**
 * Creates a calibrator, or updates the given one; audited with what changed. Changed calibration
 * dates are kept in step with its history (record_calibration.ts `syncCalibrationHistory`).
 */
export function saveCalibrator(
  actor: Actor,
  input: CalibratorInput,
  existing?: Calibrator | null,
  trx?: TransactionClientContract
) {
  const lastDay = day(input.last_calibration_date)
  const nextDay = day(input.next_calibration_date)
  const values = {
    name: input.name,
    merk: input.merk ?? null,
    typeModelCategory: input.type_model_category,
    typeModel: input.type_model ?? null,
    serialNumber: input.serial_number,
    channelCount: input.channel_count,
    bpfkUserId: input.bpfk_user_id ?? null,
    unitId: input.unit_id,
    calibratorCondition: input.calibrator_condition,
    lastCalibrationDate: lastDay ? DateTime.fromISO(lastDay) : null,
    nextCalibrationDate: nextDay ? DateTime.fromISO(nextDay) : null,
  }
  const before = {
    last: existing?.lastCalibrationDate?.toISODate() ?? null,
    next: existing?.nextCalibrationDate?.toISODate() ?? null,
  }
  // The dates and the calibrator's history never disagree: both are saved in one transaction,
  // which takes the audit chain first, as every write after it is audited.
  return inTransaction(trx, async (client) => {
    await lockChain(client)
    const calibrator = await saveAudited(
      actor,
      'calibrator',
      { existing, create: () => new Calibrator(), values, snapshot },
      client
    )
    await syncCalibrationHistory(client, actor, calibrator, before, {
      last: lastDay,
      next: nextDay,
    })
    return calibrator
  })
}
