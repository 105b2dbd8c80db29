import db from '@adonisjs/lucid/services/db'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import { formatDate, isoDate } from '#services/format'

/** The calibration record a reference calibrator is used under: what the certificate prints. */
export interface StandardCalibration {
  id: number
  certificateNumber: string | null
  /** YYYY-MM-DD */
  performedOn: string
  /** YYYY-MM-DD */
  dueOn: string
  issuer: string | null
  uncertainties: {
    parameter: string
    unit: string
    expandedUncertainty: number
    coverageFactor: number
    relative: boolean
    correction: number | null
    resolution: number | null
    /** |correction − the previous passed calibration's correction|: the standard's drift. */
    drift: number | null
  }[]
}

/** A calibrator asked for on a date: its valid calibration, or why it cannot be used then. */
export interface StandardCheck {
  calibratorId: number
  name: string
  serialNumber: string
  unitName: string
  calibration: StandardCalibration | null
  refusal: string | null
}

const DAY = /^\d{4}-\d{2}-\d{2}$/

/**
 * For each id: the calibration record valid on `date` (a lab-calendar YYYY-MM-DD), or why it
 * cannot be used on that date (issue 15: "a calibrator whose own calibration was overdue on
 * that date cannot be chosen").
 *
 * The record is the calibrator's latest history row performed on or before the date (the later
 * id on the same day). It is valid when it is a passed calibration due on or after the date; an
 * out-of-tolerance finding or a failed calibration refuses the calibrator until a later passed
 * calibration. A calibrator in condition Bad is refused whatever its history says.
 *
 * One query for any number of ids: the calibrators, each joined to that one history row (a
 * correlated subquery over the `calibrator_id, performed_on` index) and its uncertainties.
 */
export async function standardsOnDate(
  calibratorIds: number[],
  date: string,
  client?: QueryClientContract
): Promise<Map<number, StandardCheck>> {
  if (!DAY.test(date)) throw new Error(`standardsOnDate: "${date}" is not a YYYY-MM-DD date`)
  const ids = [...new Set(calibratorIds.filter((id) => Number.isSafeInteger(id) && id > 0))]
  const found = new Map<number, StandardCheck>()
  const rows = ids.length
    ? await (client ?? db)
        .from('calibrators as c')
        .join('units as n', 'n.id', 'c.unit_id')
        .joinRaw(
          `left join calibrator_calibrations h on h.id = (
             select h2.id from calibrator_calibrations h2
             where h2.calibrator_id = c.id and h2.performed_on <= ?
             order by h2.performed_on desc, h2.id desc limit 1)`,
          [date]
        )
        .leftJoin('calibrator_uncertainties as u', 'u.calibration_id', 'h.id')
        .whereIn('c.id', ids)
        .select(
          'c.id',
          'c.name',
          'c.serial_number',
          'c.calibrator_condition',
          'n.name as unit_name',
          'h.id as history_id',
          'h.kind',
          'h.performed_on',
          'h.due_on',
          'h.certificate_number',
          'h.issuer',
          'h.passed',
          'u.parameter',
          'u.unit',
          'u.expanded_uncertainty',
          'u.coverage_factor',
          'u.relative',
          'u.correction',
          'u.resolution',
          // The same parameter's correction in the calibration before: the drift between them.
          db.raw(
            `(select p.correction from calibrator_uncertainties p
               join calibrator_calibrations h3 on h3.id = p.calibration_id
              where h3.calibrator_id = c.id and h3.kind = 'calibration' and h3.passed
                and (h3.performed_on < h.performed_on or (h3.performed_on = h.performed_on and h3.id < h.id))
                and p.parameter = u.parameter and p.unit = u.unit
              order by h3.performed_on desc, h3.id desc limit 1) as previous_correction`
          )
        )
        .orderBy('c.id')
        .orderBy('u.id')
    : []

  for (const row of rows) {
    const calibratorId = Number(row.id)
    const known = found.get(calibratorId)
    if (known) {
      known.calibration?.uncertainties.push(uncertaintyOf(row))
      continue
    }
    const check: StandardCheck = {
      calibratorId,
      name: row.name,
      serialNumber: row.serial_number,
      unitName: row.unit_name,
      calibration: null,
      refusal: null,
    }
    check.refusal = refusalOf(row, date)
    if (!check.refusal) {
      check.calibration = {
        id: Number(row.history_id),
        certificateNumber: row.certificate_number ?? null,
        performedOn: isoDate(row.performed_on)!,
        dueOn: isoDate(row.due_on)!,
        issuer: row.issuer ?? null,
        uncertainties: row.parameter === null ? [] : [uncertaintyOf(row)],
      }
    }
    found.set(calibratorId, check)
  }

  for (const id of calibratorIds) {
    if (found.has(id)) continue
    found.set(id, {
      calibratorId: id,
      name: '',
      serialNumber: '',
      unitName: '',
      calibration: null,
      refusal: 'Kalibrator tidak ditemukan.',
    })
  }
  return found
}

function uncertaintyOf(row: Record<string, any>) {
  return {
    parameter: row.parameter as string,
    unit: row.unit as string,
    expandedUncertainty: Number(row.expanded_uncertainty),
    coverageFactor: Number(row.coverage_factor ?? 2),
    relative: Boolean(Number(row.relative ?? 0)),
    correction:
      row.correction === null || row.correction === undefined ? null : Number(row.correction),
    resolution:
      row.resolution === null || row.resolution === undefined ? null : Number(row.resolution),
    drift:
      row.correction === null || row.correction === undefined || row.previous_correction === null
        ? null
        : Math.abs(Number(row.correction) - Number(row.previous_correction)),
  }
}

/** Why the calibrator of `row` (joined to its history row on `date`) cannot be used then. */
function refusalOf(row: Record<string, any>, date: string): string | null {
  const named = `${row.name} (${row.serial_number})`
  if (row.calibrator_condition === 'Bad') return `Kalibrator ${named} dalam kondisi Tidak Baik.`
  if (row.history_id === null || row.history_id === undefined)
    return `${named} belum memiliki riwayat kalibrasi pada ${formatDate(date)}.`
  const performedOn = isoDate(row.performed_on)!
  const passed = Boolean(Number(row.passed))
  if (row.kind !== 'calibration' || !passed)
    return `${named} dinyatakan di luar toleransi sejak ${formatDate(performedOn)}.`
  const dueOn = isoDate(row.due_on)
  // A calibration recorded without a due date (the calibrator form allows one) is not assumed
  // to be valid for ever.
  if (!dueOn) return `Kalibrasi ${named} tidak memiliki tanggal jatuh tempo.`
  if (dueOn < date)
    return `Kalibrasi ${named} sudah lewat jatuh tempo (${formatDate(dueOn)}) pada tanggal pengerjaan ${formatDate(date)}.`
  return null
}
