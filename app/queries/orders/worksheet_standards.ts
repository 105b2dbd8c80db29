import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import type Order from '#models/order'
import type OrderDevice from '#models/order_device'
import { LAB_LABELS } from '#enums/labs'
import { formatDate, LAB_TIMEZONE } from '#services/format'
import { labOfUnit } from '#queries/lending/lendable'
import { standardsOnDate, type StandardCheck } from '#queries/calibrators/standard_validity'
import { readAll } from '#services/query_results'
import type { StatedLine } from '#shared/measurement'

/** A calibrator the officer may name as a standard of a device line, and whether it may be now. */
export interface StandardCandidate {
  id: number
  name: string
  merk: string | null
  type_model: string | null
  serial_number: string
  /** Where it comes from: the loan that lends it for this order, or the lab's own. */
  source: string
  /** The calibration record valid on the work date (null when it is not valid). */
  calibration_id: number | null
  certificate_number: string | null
  /** Its calibration's due date, as the lab writes it. */
  due_on: string | null
  uncertainties: Required<StatedLine>[]
  /** Why it cannot be chosen for this work date, or null. */
  refusal: string | null
}

/**
 * The calibrators available to the officers of an order's device line on a work date
 * (issue 15): those on a Confirmed loan linked to this order that were not returned before
 * that day, and the calibrators of the line's own lab that no loan holds. Each with whether
 * its own calibration was valid on that day (standard_validity.ts).
 */
export async function standardCandidates(
  order: Pick<Order, 'id'>,
  device: Pick<OrderDevice, 'lab'>,
  workDate: string,
  client: QueryClientContract = db.connection()
): Promise<StandardCandidate[]> {
  const dayStart = DateTime.fromISO(workDate, { zone: LAB_TIMEZONE }).startOf('day').toUTC()
  const [borrowed, ownLab] = await readAll(client, [
    () =>
      client
        .from('calibrator_loan_lines as l')
        .join('calibrator_loans as n', 'n.id', 'l.loan_id')
        .join('calibrator_loan_orders as o', 'o.loan_id', 'n.id')
        .where('o.order_id', order.id)
        .where('n.status', 'Confirmed')
        .where((q) => {
          q.whereNull('l.return_date').orWhere('l.return_date', '>=', dayStart.toJSDate())
        })
        .select('l.calibrator_id', 'n.number'),
    () =>
      client
        .from('calibrators as c')
        .join('units as u', 'u.id', 'c.unit_id')
        .whereNotExists((q) => {
          q.from('calibrator_loan_lines as h').whereColumn('h.holding_calibrator_id', 'c.id')
        })
        .select('c.id', 'u.name as unit'),
  ])
  const sources = new Map<number, string>()
  for (const row of borrowed) sources.set(Number(row.calibrator_id), `Pinjaman ${row.number}`)
  for (const row of ownLab) {
    const id = Number(row.id)
    if (labOfUnit(row.unit) === device.lab && !sources.has(id)) {
      sources.set(id, `Milik Lab. ${LAB_LABELS[device.lab]}`)
    }
  }
  if (!sources.size) return []
  const ids = [...sources.keys()]
  const [checks, details] = await readAll(client, [
    () => standardsOnDate(ids, workDate, client),
    () => client.from('calibrators').whereIn('id', ids).select('id', 'merk', 'type_model'),
  ])
  const detailOf = new Map(details.map((row) => [Number(row.id), row]))
  return ids
    .map((id) => candidateOf(checks.get(id)!, sources.get(id)!, detailOf.get(id)))
    .sort((a, b) => rank(a) - rank(b) || a.name.localeCompare(b.name))
}

/** Lent for this order first (brought for this work), then the lab's own; usable before refused. */
const rank = (candidate: StandardCandidate) =>
  (candidate.source.startsWith('Pinjaman') ? 0 : 2) + (candidate.refusal ? 1 : 0)

function candidateOf(
  check: StandardCheck,
  source: string,
  detail?: { merk: string | null; type_model: string | null }
): StandardCandidate {
  return {
    id: check.calibratorId,
    name: check.name,
    merk: detail?.merk ?? null,
    type_model: detail?.type_model ?? null,
    serial_number: check.serialNumber,
    source,
    calibration_id: check.calibration?.id ?? null,
    certificate_number: check.calibration?.certificateNumber ?? null,
    due_on: check.calibration ? formatDate(check.calibration.dueOn) : null,
    uncertainties: (check.calibration?.uncertainties ?? []).map((u) => ({
      parameter: u.parameter,
      unit: u.unit,
      expanded_uncertainty: u.expandedUncertainty,
      coverage_factor: u.coverageFactor,
      relative: u.relative,
      correction: u.correction,
      resolution: u.resolution,
      drift: u.drift,
    })),
    refusal: check.refusal,
  }
}
