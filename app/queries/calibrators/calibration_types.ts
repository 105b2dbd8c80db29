/**
 * The shapes a calibrator's history and impact pages receive (issue 15). Types only, imported by
 * the queries and by the pages.
 */

/** What a history row records (models/calibrator_calibration.ts `CalibrationKind`). */
export type CalibrationKind = 'calibration' | 'out_of_tolerance'

/** One event of a calibrator's own history, as its pages show it. */
export type HistoryEntry = {
  id: number
  kind: CalibrationKind
  kind_label: string
  performed_on: string
  formatted_performed_on: string
  due_on: string | null
  formatted_due_on: string
  certificate_number: string | null
  issuer: string | null
  passed: boolean
  /** Lulus, Gagal or Di luar toleransi. */
  verdict: string
  /** An out-of-tolerance finding or a failed calibration: certificates issued before it are suspect. */
  is_bad: boolean
  notes: string | null
  created_by_name: string | null
  uncertainties: { parameter: string; unit: string; expanded_uncertainty: number }[]
}

/** A device line measured with the calibrator, as the impact list shows it. */
export type ImpactRow = {
  id: number
  certificate_number: string | null
  certificate_status: string
  work_date: string | null
  formatted_work_date: string
  fasyankes_id: number
  fasyankes_name: string
  alkes_name: string
  merk: string | null
  model: string | null
  serial_number: string | null
  order_id: number
  order_number: string
  order_type: string
  order_href: string
  is_laik: boolean | null
  formatted_result: string
}
