/**
 * Fixtures of the certificate tests (issue 15): a device type with a test template,
 * reference calibrators with their own history, a worksheet payload with readings.
 * Not a spec file.
 */
import db from '@adonisjs/lucid/services/db'
import type Alkes from '#models/alkes'
import AlkesTestPoint from '#models/alkes_test_point'
import { addHistory } from '#tests/functional/calibration/_support'
import { DateTime } from 'luxon'
import { makeAlkes, makeOrder, worksheetPayload } from '#tests/functional/internal_orders/_support'
import { makeCalibrator } from '#tests/functional/master_data/_support'

/** A patient monitor's template: heart rate 60 and 120 bpm (±2, 3 readings), SpO2 90 % (±2). */
export async function monitorWithTemplate(): Promise<Alkes> {
  const alkes = await makeAlkes({ name: 'Patient Monitor Uji Sertifikat' })
  await AlkesTestPoint.createMany([
    {
      alkesId: alkes.id,
      position: 1,
      parameter: 'Heart rate',
      unit: 'bpm',
      nominal: 60,
      tolerance: 2,
      toleranceType: 'abs',
      repeats: 3,
      resolution: 1,
    },
    {
      alkesId: alkes.id,
      position: 2,
      parameter: 'Heart rate',
      unit: 'bpm',
      nominal: 120,
      tolerance: 2,
      toleranceType: 'abs',
      repeats: 3,
      resolution: 1,
    },
    {
      alkesId: alkes.id,
      position: 3,
      parameter: 'SpO2',
      unit: '%',
      nominal: 90,
      tolerance: 2,
      toleranceType: 'abs',
      repeats: 3,
      resolution: 1,
    },
  ])
  return alkes
}

/**
 * A PK calibrator calibrated on `performedOn` and due on `dueOn`, whose certificate states
 * the uncertainties given (parameter, unit, U).
 */
export async function standardCalibrator(
  options: {
    performedOn?: string
    dueOn?: string
    unitId?: number
    uncertainties?: [string, string, number][]
    name?: string
  } = {}
) {
  const calibrator = await makeCalibrator({
    ...(options.name ? { name: options.name } : {}),
    ...(options.unitId ? { unitId: options.unitId } : {}),
    lastCalibrationDate: DateTime.fromISO(options.performedOn ?? '2026-01-10'),
    nextCalibrationDate: DateTime.fromISO(options.dueOn ?? '2027-01-10'),
  })
  // The calibrator form may already have written the history row of those dates.
  await db.from('calibrator_calibrations').where('calibrator_id', calibrator.id).delete()
  const calibration = await addHistory(calibrator, {
    performedOn: options.performedOn ?? '2026-01-10',
    dueOn: options.dueOn ?? '2027-01-10',
    certificateNumber: `LK-TEST/${calibrator.id}`,
    issuer: 'Laboratorium Kalibrasi Uji',
    uncertainties: options.uncertainties ?? [
      ['Heart rate', 'bpm', 0.5],
      ['SpO2', '%', 1],
    ],
  })
  return { calibrator, calibration }
}

/** Readings of the three points: every one passes (HR 60: 60 61 60, HR 120: 121 121 120, SpO2 91 92 91). */
export const PASSING_READINGS = [
  ['60', '61', '60'],
  ['121', '121', '120'],
  ['91', '92', '91'],
]

/** A worksheet payload with measurements, taken with `calibratorId`. */
export function measuredPayload(
  officerId: number,
  calibratorId: number,
  readings: string[][] = PASSING_READINGS,
  overrides: Record<string, unknown> = {}
) {
  return worksheetPayload(officerId, {
    serial_number: `PM-${calibratorId}-${officerId}`,
    work_date: '2026-03-03',
    ambient_temperature: '23,5'.replace(',', '.'),
    ambient_humidity: '55',
    standards: [calibratorId],
    points: readings.map((values) => ({ readings: values, resolution: '1' })),
    ...overrides,
  })
}

/** An Alat Datang order in PROSES PENGERJAAN with one patient monitor assigned to officer_pk. */
export async function monitorOrder(alkes: Alkes, fasyankesId?: number) {
  return makeOrder({ status: 'PROSES PENGERJAAN', alkes, devices: 1, fasyankesId })
}

/** A Confirmed loan (by yantek) holding `calibratorId`, linked to the order. */
export async function lendForOrder(calibratorId: number, orderId: number) {
  const borrower = await db.from('users').where('email', 'yantek@kalibra.test').firstOrFail()
  const [row] = await db
    .table('calibrator_loans')
    .insert({
      number: `PJM/UJI/${calibratorId}-${orderId}`,
      borrower_id: borrower.id,
      planned_return_date: '2027-12-31',
      status: 'Confirmed',
      ukpr_officer_id: null,
      ukpr_status: 'Confirmed',
      created_at: new Date(),
      updated_at: new Date(),
    })
    .returning('id')
  const loanId = Number(typeof row === 'object' ? row.id : row)
  await db.table('calibrator_loan_lines').insert({
    loan_id: loanId,
    calibrator_id: calibratorId,
    holding_calibrator_id: calibratorId,
  })
  await db.table('calibrator_loan_orders').insert({ loan_id: loanId, order_id: orderId })
  return loanId
}
