/**
 * Fixtures of the calibrator history tests (issue 15). Not a spec file.
 */
import { DateTime } from 'luxon'
import type Calibrator from '#models/calibrator'
import CalibratorCalibration, { type CalibrationKind } from '#models/calibrator_calibration'
import CalibratorUncertainty from '#models/calibrator_uncertainty'

/** Adds one event to a calibrator's own history (a passed calibration unless told otherwise). */
export async function addHistory(
  calibrator: Pick<Calibrator, 'id'>,
  options: {
    kind?: CalibrationKind
    performedOn: string
    dueOn?: string | null
    certificateNumber?: string | null
    issuer?: string | null
    passed?: boolean
    notes?: string | null
    uncertainties?: [string, string, number][]
  }
) {
  const kind = options.kind ?? 'calibration'
  const calibration = await CalibratorCalibration.create({
    calibratorId: calibrator.id,
    kind,
    performedOn: DateTime.fromISO(options.performedOn),
    dueOn: options.dueOn ? DateTime.fromISO(options.dueOn) : null,
    certificateNumber: options.certificateNumber ?? null,
    issuer: options.issuer ?? null,
    passed: options.passed ?? kind === 'calibration',
    notes:
      options.notes ?? (kind === 'out_of_tolerance' ? 'Di luar toleransi saat uji antara.' : null),
  })
  for (const [parameter, unit, expandedUncertainty] of options.uncertainties ?? []) {
    await CalibratorUncertainty.create({
      calibrationId: calibration.id,
      parameter,
      unit,
      expandedUncertainty,
    })
  }
  return calibration
}
