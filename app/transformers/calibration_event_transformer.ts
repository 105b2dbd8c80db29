import { BaseTransformer } from '@adonisjs/core/transformers'
import type { CalibrationKind } from '#models/calibrator_calibration'
import { formatDate, isoDate } from '#services/format'

export const KIND_LABELS: Record<CalibrationKind, string> = {
  calibration: 'Kalibrasi',
  out_of_tolerance: 'Temuan di luar toleransi',
}

/** Whether a history event makes the calibrator unusable (until a later passed calibration). */
export const isBadEvent = (entry: { kind: string; passed: boolean }) =>
  entry.kind !== 'calibration' || !entry.passed

/** An uncertainty its certificate states. */
export type StatedUncertainty = {
  parameter: string
  unit: string
  expanded_uncertainty: number
  /** The k its certificate states with U, and whether U is in % of the value. */
  coverage_factor: number
  relative: boolean
  /** The correction and the standard's resolution it states at this parameter, if any. */
  correction: number | null
  resolution: number | null
}

/**
 * One event of a reference calibrator's own history (issue 15), as its pages show it: a row of
 * `calibrator_calibrations` with the name of who recorded it, and its stated uncertainties.
 */
export default class CalibrationEventTransformer extends BaseTransformer<Record<string, any>> {
  constructor(
    resource: Record<string, any>,
    protected uncertainties: StatedUncertainty[]
  ) {
    super(resource)
  }

  toObject() {
    const row = this.resource
    const kind = row.kind as CalibrationKind
    const passed = Boolean(Number(row.passed))
    const performedOn = isoDate(row.performed_on)!
    const dueOn = isoDate(row.due_on)
    return {
      id: Number(row.id),
      kind,
      kind_label: KIND_LABELS[kind] ?? kind,
      performed_on: performedOn,
      formatted_performed_on: formatDate(performedOn),
      due_on: dueOn,
      formatted_due_on: formatDate(dueOn),
      certificate_number: (row.certificate_number as string | null) ?? null,
      issuer: (row.issuer as string | null) ?? null,
      passed,
      /** Lulus, Gagal or Di luar toleransi. */
      verdict: kind === 'calibration' ? (passed ? 'Lulus' : 'Gagal') : 'Di luar toleransi',
      /** An out-of-tolerance finding or a failed calibration: certificates issued before it are suspect. */
      is_bad: isBadEvent({ kind, passed }),
      notes: (row.notes as string | null) ?? null,
      created_by_name: (row.created_by_name as string | null) ?? null,
      uncertainties: this.uncertainties,
    }
  }
}
