import db from '@adonisjs/lucid/services/db'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import { formatDate, isoDate } from '#services/format'
import type { CalibrationKind, HistoryEntry } from '#queries/calibrators/calibration_types'

export type { CalibrationKind, HistoryEntry }

export const KIND_LABELS: Record<CalibrationKind, string> = {
  calibration: 'Kalibrasi',
  out_of_tolerance: 'Temuan di luar toleransi',
}

/** Whether a history event makes the calibrator unusable (until a later passed calibration). */
export const isBadEvent = (entry: { kind: string; passed: boolean }) =>
  entry.kind !== 'calibration' || !entry.passed

/**
 * A calibrator's history, oldest first (performed_on, then id: the order the validity rule
 * reads it in), each event with the uncertainties its certificate states. Two queries.
 */
export async function historyOf(
  calibratorId: number,
  client?: QueryClientContract
): Promise<HistoryEntry[]> {
  const connection = client ?? db
  const rows = await connection
    .from('calibrator_calibrations as h')
    .leftJoin('users as u', 'u.id', 'h.created_by')
    .where('h.calibrator_id', calibratorId)
    .select('h.*', 'u.name as created_by_name')
    .orderBy('h.performed_on')
    .orderBy('h.id')
  const uncertainties = rows.length
    ? await connection
        .from('calibrator_uncertainties')
        .whereIn(
          'calibration_id',
          rows.map((row) => row.id)
        )
        .orderBy('id')
    : []
  const stated = new Map<number, HistoryEntry['uncertainties']>()
  for (const row of uncertainties) {
    const list = stated.get(Number(row.calibration_id)) ?? []
    list.push({
      parameter: row.parameter,
      unit: row.unit,
      expanded_uncertainty: Number(row.expanded_uncertainty),
    })
    stated.set(Number(row.calibration_id), list)
  }
  return rows.map((row) => {
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
      certificate_number: row.certificate_number ?? null,
      issuer: row.issuer ?? null,
      passed,
      verdict: kind === 'calibration' ? (passed ? 'Lulus' : 'Gagal') : 'Di luar toleransi',
      is_bad: isBadEvent({ kind, passed }),
      notes: row.notes ?? null,
      created_by_name: row.created_by_name ?? null,
      uncertainties: stated.get(Number(row.id)) ?? [],
    }
  })
}
