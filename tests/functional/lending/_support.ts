/**
 * Fixtures of the calibrator lending tests (issue 13). Not a spec file.
 */
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import Calibrator from '#models/calibrator'
import Unit from '#models/unit'
import { marker, userWithRole } from '#tests/functional/internal_orders/_support'
import type { Role } from '#enums/roles'

/** A calibrator of a unit (PK, UKPR, SARPRAS, PDP), lendable unless told otherwise. */
export async function makeCalibrator(
  unit: 'PK' | 'UKPR' | 'SARPRAS' | 'PDP',
  options: { condition?: 'Good' | 'Bad'; nextCalibration?: string; name?: string } = {}
) {
  const owner = await Unit.findByOrFail('name', unit)
  const tag = marker('Kb')
  return Calibrator.create({
    name: options.name ?? `Kalibrator Uji ${unit}`,
    merk: 'Fluke',
    typeModelCategory: 'Model',
    typeModel: 'ESA620',
    serialNumber: `SN-${tag}`,
    channelCount: 1,
    bpfkUserId: null,
    unitId: owner.id,
    calibratorCondition: options.condition ?? 'Good',
    isAvailable: true,
    lastCalibrationDate: DateTime.now().minus({ months: 6 }),
    nextCalibrationDate: DateTime.fromISO(
      options.nextCalibration ?? DateTime.now().plus({ months: 6 }).toISODate()!
    ),
  })
}

/** The loan form's payload for these calibrators, approved by the demo heads of their labs. */
export async function loanPayload(
  calibrators: { id: number }[],
  overrides: Record<string, unknown> = {}
) {
  const head = async (role: Role) => {
    const user = await userWithRole(role)
    return user.id
  }
  return {
    calibrators: calibrators.map((calibrator) => ({
      id: calibrator.id,
      condition: 'Good',
      bag: true,
      charger: false,
      probe: true,
      sensor: false,
      note: 'Untuk uji di lokasi',
    })),
    notes: 'Dipakai tim insitu',
    loan_description: 'Kalibrasi insitu RSUD',
    planned_return_date: DateTime.now().plus({ days: 7 }).toISODate(),
    pk_officer: await head('head_of_pk_laboratory'),
    ukpr_officer: await head('head_of_ukpr_laboratory'),
    sarpras_officer: await head('head_of_sarpras_laboratory'),
    ...overrides,
  }
}

export function loanRow(id: number) {
  return db.from('calibrator_loans').where('id', id).first()
}

/** One column of a loan, as the tests check it. */
export async function loanField(id: number, column: string) {
  const row = await loanRow(id)
  return row?.[column]
}

export async function latestLoan() {
  return db.from('calibrator_loans').orderBy('id', 'desc').first()
}

export async function availability(id: number) {
  const row = await db.from('calibrators').where('id', id).first()
  return Boolean(Number(row.is_available))
}

export async function loanAudits(loanId: number, action?: string) {
  const query = db
    .from('audit_logs')
    .where('subject_type', 'calibrator_loan')
    .where('subject_id', String(loanId))
  if (action) query.where('action', action)
  const rows = await query
  return rows.length
}
