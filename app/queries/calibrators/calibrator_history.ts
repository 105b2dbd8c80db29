import db from '@adonisjs/lucid/services/db'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import CalibrationEventTransformer, {
  type StatedUncertainty,
} from '#transformers/calibration_event_transformer'

/** One event of a calibrator's own history, as its pages show it. */
export type HistoryEntry = ReturnType<CalibrationEventTransformer['toObject']>

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
  const stated = new Map<number, StatedUncertainty[]>()
  for (const row of uncertainties) {
    const list = stated.get(Number(row.calibration_id)) ?? []
    list.push({
      parameter: row.parameter,
      unit: row.unit,
      expanded_uncertainty: Number(row.expanded_uncertainty),
      coverage_factor: Number(row.coverage_factor),
      relative: Boolean(Number(row.relative)),
      correction: row.correction === null ? null : Number(row.correction),
      resolution: row.resolution === null ? null : Number(row.resolution),
    })
    stated.set(Number(row.calibration_id), list)
  }
  return rows.map((row) =>
    new CalibrationEventTransformer(row, stated.get(Number(row.id)) ?? []).toObject()
  )
}
