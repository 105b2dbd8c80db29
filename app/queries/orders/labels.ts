import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import type Order from '#models/order'
import { dateFromDatabase, formatDate } from '#services/format'
import { printedLabelCode } from '#services/label_codes'
import { nextCalibrationDate } from '#services/recalibration'
import LabelRequestTransformer, {
  LABEL_TYPES,
  type LabelType,
} from '#transformers/label_request_transformer'

export { LABEL_TYPES, type LabelType }
export const LABEL_TYPE_NAMES: Record<LabelType, string> = { Main: 'Utama', Additional: 'Tambahan' }

/** A label of the request, of one type (`LabelRequestTransformer`). */
export type LabelLine = ReturnType<LabelRequestTransformer['toObject']>['main'][number]

/**
 * An order's label request as its page and actions read it: every label of the catalog once
 * per type with the quantity requested (0 when none) and returned, the notes and the state.
 */
export async function labelRequestOf(
  order: Pick<Order, 'id'>,
  client: QueryClientContract = db.connection()
) {
  const request = await client.from('label_requests').where('order_id', order.id).first()
  const [catalog, items] = await Promise.all([
    client.from('labels').orderBy('sort_order').orderBy('id').select('id', 'name'),
    request
      ? client.from('label_request_items').where('label_request_id', request.id)
      : Promise.resolve([]),
  ])
  return new LabelRequestTransformer({ request, catalog, items }).toObject()
}

/** The labels a finished line calls for, by the catalog's names (migration 0028). */
const LABEL_FOR_RESULT = { laik: 'Label Laik Pakai', unfit: 'Label Tidak Laik Pakai' }
const SEAL = 'Segel Kalibrasi'

/**
 * The request as the officer's form starts (issue 35, item 11): once requested, what was asked;
 * before that, the main labels the results call for (a "Laik Pakai" label per line found LAIK, a
 * "Tidak Laik Pakai" one per line found TIDAK LAIK, a seal per line with a result; cancelled
 * lines none), for the officer to check before saving. `prefilled` says which.
 */
export async function labelRequestForPage(order: Pick<Order, 'id'>) {
  const request = await labelRequestOf(order)
  if (request.id !== null) return { ...request, prefilled: false }
  const rows = await db
    .from('order_devices')
    .where('order_id', order.id)
    .whereNot('status', 'BATAL UJI')
    .whereNotNull('worksheet_saved_at')
    .select('is_laik')
  const laik = rows.filter((row) => Boolean(Number(row.is_laik))).length
  const wanted: Record<string, number> = {
    [LABEL_FOR_RESULT.laik]: laik,
    [LABEL_FOR_RESULT.unfit]: rows.length - laik,
    [SEAL]: rows.length,
  }
  return {
    ...request,
    main: request.main.map((line) => ({ ...line, quantity: wanted[line.label_name] ?? 0 })),
    prefilled: rows.length > 0,
  }
}

/**
 * Whether a line (`order_devices as d`) has an approved certificate, selected as `approved`: a
 * label shows a result only then (issue 37: never an unapproved one).
 */
const APPROVED = `(SELECT count(*) FROM certificates c WHERE c.order_device_id = d.id AND c.status = 'Berlaku') as approved`

/** The approved verdict of a row selecting `d.is_laik` and APPROVED; null before approval. */
function approvedVerdict(row: { approved: unknown; is_laik: unknown }) {
  if (!(Number(row.approved) > 0) || row.is_laik === null) return null
  return (Number(row.is_laik) ? 'LAIK' : 'TIDAK LAIK') as 'LAIK' | 'TIDAK LAIK'
}

/**
 * The verifiable labels handed over with an order, one per device, with what each names and
 * its result once the line's certificate is approved (issue 37: never an unapproved one).
 */
export async function deviceLabelsOf(order: Pick<Order, 'id'>) {
  const rows = await db
    .from('device_labels as l')
    .join('order_devices as d', 'd.id', 'l.order_device_id')
    .join('alkes as a', 'a.id', 'd.alkes_id')
    .where('d.order_id', order.id)
    .orderBy('d.id')
    .select('l.code', 'd.id as device_id', 'a.name as alkes_name', 'd.merk', 'd.model')
    .select('d.serial_number', 'd.lab', 'd.is_laik')
    .select(db.raw(APPROVED))
  return rows.map((row) => ({
    code: row.code as string,
    printed_code: printedLabelCode(row.code),
    device_id: row.device_id as number,
    alkes_name: row.alkes_name as string,
    merk: row.merk as string | null,
    model: row.model as string | null,
    serial_number: row.serial_number as string | null,
    lab: row.lab as string,
    result: approvedVerdict(row),
  }))
}

/**
 * Why an order's label sheet cannot be printed (no label handed over yet), or null: it stays
 * printable once the labels are handed over, also after their return is reported.
 */
export async function labelSheetMissing(order: Pick<Order, 'id'>) {
  const handed = await db
    .from('device_labels as l')
    .join('order_devices as d', 'd.id', 'l.order_device_id')
    .where('d.order_id', order.id)
    .select('l.id')
    .first()
  return handed ? null : 'Lembar label tersedia setelah label diserahkan.'
}

/**
 * What the public verification page shows of a label (issue 12: the device, the facility, the
 * calibration date, the next due date and LAIK or TIDAK LAIK, nothing else); null when no
 * label carries the code. The result is shown only once the head of the lab has approved the
 * line's certificate (issue 37, point 6): a worksheet waiting for approval is not a result,
 * and the page says it waits. A device found TIDAK LAIK has no next due date: it is out of
 * use until repaired or replaced.
 */
export async function verifiedLabel(code: string) {
  const row = await db
    .from('device_labels as l')
    .join('order_devices as d', 'd.id', 'l.order_device_id')
    .join('alkes as a', 'a.id', 'd.alkes_id')
    .join('orders as o', 'o.id', 'd.order_id')
    .join('fasyankes as f', 'f.id', 'o.fasyankes_id')
    .where('l.code', code)
    .select('a.name as alkes_name', 'a.recalibration_months', 'd.merk', 'd.model')
    .select('d.serial_number', 'd.status', 'd.work_date', 'd.is_laik', 'f.fasyankes_name')
    .select(db.raw(APPROVED))
    .first()
  if (!row) return null
  const workDate = dateFromDatabase(row.work_date)
  const calibrated = DateTime.fromISO(workDate?.slice(0, 10) ?? '')
  const measured = row.status !== 'BATAL UJI' && calibrated.isValid && row.is_laik !== null
  const verdict = measured ? approvedVerdict(row) : null
  return {
    code: printedLabelCode(code),
    alkes_name: row.alkes_name as string,
    merk: (row.merk as string | null) ?? '-',
    model: (row.model as string | null) ?? '-',
    serial_number: (row.serial_number as string | null) ?? '-',
    fasyankes_name: row.fasyankes_name as string,
    cancelled: row.status === 'BATAL UJI',
    /** Measured, its certificate not yet approved: no result is shown. */
    awaiting_approval: measured && !verdict,
    result: verdict
      ? {
          formatted_calibration_date: formatDate(calibrated),
          /** Null for TIDAK LAIK: a failed device is not due, it is out of use. */
          formatted_next_due_date:
            verdict === 'LAIK'
              ? formatDate(nextCalibrationDate(calibrated, Number(row.recalibration_months)))
              : null,
          verdict,
        }
      : null,
  }
}
