import type { DateTime } from 'luxon'

/**
 * Domain decisions (Inventory and recalibration): a device is due again its type's
 * recalibration interval after the work date, 12 months when the type names none.
 */
export function nextCalibrationDate(workDate: DateTime, months: number | null | undefined) {
  return workDate.plus({ months: months || 12 })
}
