import { urlFor } from '@adonisjs/core/services/url_builder'
import vine from '@vinejs/vine'
import db from '@adonisjs/lucid/services/db'
import type { DatabaseQueryBuilderContract } from '@adonisjs/lucid/types/querybuilder'
import { baseFilterSchema, whereContains, typedColumn } from '#lists/datatable'
import { defineList } from '#lists/list_definition'
import { historyOf, type HistoryEntry } from '#queries/calibrators/calibrator_history'
import { formatDate } from '#services/format'
import type { AppliedFilter } from '#lists/types'
import ImpactRowTransformer from '#transformers/lists/impact_row_transformer'

/** A row of the impact list: its transformer's (`app/transformers/lists/impact_row_transformer.ts`). */
export type ImpactRow = ReturnType<ImpactRowTransformer['toObject']>

/**
 * Issue 15 point 6, the impact of a bad standard: when a reference calibrator is found out of
 * tolerance (or its own new calibration fails), every device line measured with it since its
 * last good calibration, so the lab can notify the facilities.
 */
export interface CalibratorImpact {
  calibrator: { id: number; name: string; serialNumber: string }
  /** The bad event: the one asked for, else the latest. Null when the calibrator has none. */
  event: HistoryEntry | null
  /** The last passed calibration before the event: the lines measured since it are listed. */
  lastGood: HistoryEntry | null
  /** The first passed calibration after the event: lines measured from then on are sound. */
  recovery: HistoryEntry | null
  /** The period of the lines listed: work dates from `from` (null: every earlier use) to before `until`. */
  from: string | null
  until: string | null
}

/**
 * The impact of one of the calibrator's bad events (`eventId`), or of its latest; null when the
 * calibrator does not exist or `eventId` is not one of its bad events. History rows are read in
 * the validity rule's order (performed_on, then id).
 */
export async function calibratorImpact(
  calibratorId: number,
  eventId?: number
): Promise<CalibratorImpact | null> {
  const calibrator = await db
    .from('calibrators')
    .where('id', calibratorId)
    .select('id', 'name', 'serial_number')
    .first()
  if (!calibrator) return null
  const history = await historyOf(calibratorId)
  const bad = history.filter((entry) => entry.is_bad)
  const event =
    eventId === undefined ? (bad.at(-1) ?? null) : (bad.find((e) => e.id === eventId) ?? null)
  if (eventId !== undefined && !event) return null
  const at = event ? history.indexOf(event) : -1
  const good = (entry: HistoryEntry) => !entry.is_bad
  const lastGood = event ? (history.slice(0, at).findLast(good) ?? null) : null
  const recovery = event ? (history.slice(at + 1).find(good) ?? null) : null
  return {
    calibrator: {
      id: Number(calibrator.id),
      name: calibrator.name,
      serialNumber: calibrator.serial_number,
    },
    event,
    lastGood,
    recovery,
    from: lastGood?.performed_on ?? null,
    until: recovery?.performed_on ?? null,
  }
}

export interface ImpactFilters {
  search?: string
  limit?: number
  page?: number
}

const SEARCH_COLUMNS = [
  'f.fasyankes_name',
  'a.name',
  'o.number',
  'd.serial_number',
  'd.certificate_number',
]

/** The certificate of a line, most current first: a generated revision, else an upload. */
const CERTIFICATE_STATUS = `case
  when exists (select 1 from certificates c where c.order_device_id = d.id and c.status = 'Berlaku') then 'Berlaku'
  when exists (select 1 from certificates c where c.order_device_id = d.id and c.status = 'Menunggu Persetujuan') then 'Menunggu Persetujuan'
  when exists (select 1 from certificates c where c.order_device_id = d.id and c.status = 'Diganti') then 'Diganti'
  when exists (select 1 from order_files f2 where f2.order_device_id = d.id and f2.kind = 'certificate' and f2.superseded_at is null) then 'Unggahan'
  else 'Belum ada' end`

const CURRENT_NUMBER = `(select c.number from certificates c
  where c.order_device_id = d.id and c.status = 'Berlaku' order by c.revision desc limit 1)`

/**
 * The device lines measured with the calibrator in the impact's period. A line without a work
 * date is listed too: when it was measured is unknown, so it may be affected.
 */
function impactQuery(impact: CalibratorImpact): DatabaseQueryBuilderContract<any> {
  const query = db
    .from('order_device_standards as s')
    .join('order_devices as d', 'd.id', 's.order_device_id')
    .join('orders as o', 'o.id', 'd.order_id')
    .join('fasyankes as f', 'f.id', 'o.fasyankes_id')
    .join('alkes as a', 'a.id', 'd.alkes_id')
    .where('s.calibrator_id', impact.calibrator.id)
    .select(
      'd.id',
      'd.work_date',
      'd.merk',
      'd.model',
      'd.serial_number',
      'd.is_laik',
      'd.certificate_number as line_certificate_number',
      'o.id as order_id',
      'o.number as order_number',
      'o.type as order_type',
      'o.fasyankes_id',
      'f.fasyankes_name',
      'a.name as alkes_name',
      db.raw(`${CURRENT_NUMBER} as current_certificate_number`),
      db.raw(`${CERTIFICATE_STATUS} as certificate_status`)
    )
    .orderBy('d.work_date', 'desc')
    .orderBy('d.id', 'desc')
  if (!impact.event) return query.whereRaw('1 = 0')
  const { from, until } = impact
  if (from || until) {
    query.where((dated) => {
      dated.whereNull('d.work_date').orWhere((period) => {
        if (from) period.where('d.work_date', '>=', from)
        if (until) period.where('d.work_date', '<', until)
      })
    })
  }
  return query
}

/** How many facilities the impact reaches, and how many lines (every row, no filter). */
export async function impactTotals(impact: CalibratorImpact) {
  if (!impact.event) return { facilities: 0, lines: 0 }
  const row = await impactQuery(impact)
    .clearSelect()
    .clearOrder()
    .select(db.raw('count(distinct o.fasyankes_id) as facilities'), db.raw('count(*) as lines'))
    .first()
  return { facilities: Number(row?.facilities ?? 0), lines: Number(row?.lines ?? 0) }
}

/** The event and period as a line of text (the exports' filters, the page's banner). */
export function describeEvent(impact: CalibratorImpact): AppliedFilter[] {
  const { event, lastGood, recovery } = impact
  if (!event) return [{ label: 'Kejadian', value: 'Tidak ada temuan di luar toleransi' }]
  const kind = event.kind === 'calibration' ? 'Kalibrasi gagal' : 'Di luar toleransi'
  const described: AppliedFilter[] = [
    { label: 'Kejadian', value: `${kind} (${event.formatted_performed_on})` },
    {
      label: 'Kalibrasi baik terakhir',
      value: lastGood
        ? `${lastGood.formatted_performed_on}${lastGood.certificate_number ? `, ${lastGood.certificate_number}` : ''}`
        : 'Tidak ada',
    },
    { label: 'Periode', value: periodText(impact) },
  ]
  if (recovery)
    described.push({ label: 'Kalibrasi ulang lulus', value: recovery.formatted_performed_on })
  return described
}

/** The work dates the list covers, in words. */
export function periodText({ from, until, recovery }: CalibratorImpact) {
  const start = from ? `sejak ${formatDate(from)}` : 'seluruh pemakaian'
  return recovery && until ? `${start} sampai sebelum ${formatDate(until)}` : start
}

/** The impact as a list definition: its page, `/datatable` JSON and exports read one query. */
export function impactList(impact: CalibratorImpact) {
  const { calibrator } = impact
  return defineList<ImpactFilters, ImpactRow>({
    title: `Dampak Kalibrator ${calibrator.name}`,
    subtitle: `Nomor seri ${calibrator.serialNumber}: sertifikat yang diterbitkan dengan kalibrator ini sejak kalibrasi baik terakhirnya.`,
    path: urlFor('calibrator.impact', { id: calibrator.id }),
    fileName: `dampak-kalibrator-${calibrator.id}`,
    permission: 'calibrator.view',
    validator: vine.create({
      ...baseFilterSchema,
      // The bad event is read by the controller; here it is only let through.
      event: vine
        .string()
        .trim()
        .regex(/^\d{1,9}$/)
        .optional(),
    }),

    query(filters) {
      const query = impactQuery(impact)
      whereContains(query, SEARCH_COLUMNS, filters.search)
      return query
    },

    row: (raw) => new ImpactRowTransformer(raw).toObject(),

    sorts: {
      work_date: { label: 'Tanggal Pengerjaan', column: 'd.work_date' },
      fasyankes_name: { label: 'Fasyankes', column: 'f.fasyankes_name', text: true },
      order_number: { label: 'Nomor Order', column: 'o.number', text: true },
    },
    idColumn: 'd.id',

    columns: [
      { key: 'certificate_number', label: 'Nomor Sertifikat', width: 1.6 },
      { key: 'certificate_status', label: 'Status Sertifikat', width: 1.1 },
      typedColumn('formatted_work_date', 'Tanggal Pengerjaan', 1.1, 'date', (row) => row.work_date),
      { key: 'fasyankes_name', label: 'Fasyankes', width: 1.8 },
      { key: 'alkes_name', label: 'Alat', width: 1.5 },
      { key: 'merk', label: 'Merk' },
      { key: 'model', label: 'Model' },
      { key: 'serial_number', label: 'Nomor Seri', width: 1.1 },
      { key: 'order_number', label: 'Nomor Order', width: 1.3 },
      { key: 'formatted_result', label: 'Hasil', width: 0.8 },
    ],

    describeFilters(filters) {
      const applied = describeEvent(impact)
      if (filters.search) applied.push({ label: 'Pencarian', value: filters.search })
      return applied
    },
  })
}
