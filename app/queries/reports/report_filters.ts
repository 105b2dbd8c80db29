import vine from '@vinejs/vine'
import { ORDER_TYPES } from '#workflows/order_types'
import { DateTime } from 'luxon'
import { labelledMessages } from '#validators/labelled_messages'
import { fromDatabase, LAB_TIMEZONE, labNow, utcText } from '#services/format'

/**
 * The report filters of spec part 2 (sections 7 and 9): a date range (default 1 January of this
 * year to today, lab time), the order type (ALL, internal = DT, insitu = DL), the province
 * ("Semua" and ALL mean every province) and the calculation type (count device services, or
 * the facilities served).
 */
export const ORDER_TYPE_FILTERS = ['ALL', ...ORDER_TYPES] as const
export type OrderTypeFilter = (typeof ORDER_TYPE_FILTERS)[number]

export const CALCULATION_TYPES = ['alkes', 'fasyankes'] as const
export type CalculationType = (typeof CALCULATION_TYPES)[number]

export const CALCULATION_LABELS: Record<CalculationType, string> = {
  alkes: 'Layanan per Alkes',
  fasyankes: 'Layanan per Fasyankes',
}

export const ORDER_TYPE_FILTER_LABELS: Record<OrderTypeFilter, string> = {
  ALL: 'Semua',
  internal: 'Alat Datang (DT)',
  insitu: 'Insitu (DL)',
}

const FILTER_LABELS = {
  start_date: 'Tanggal Mulai',
  end_date: 'Tanggal Akhir',
  order_type: 'Jenis Order',
  province: 'Provinsi',
  calculation_type: 'Jenis Perhitungan',
}

/** A lab date: `YYYY-MM-DD` and a real day of the calendar. */
const realDate = vine.createRule((value, _options, field) => {
  if (typeof value === 'string' && !DateTime.fromISO(value).isValid) {
    field.report('{{ field }} bukan tanggal yang valid.', 'realDate', field)
  }
})

/** The longest range a report covers (its months are columns). */
const MAX_YEARS = 10

/** The end of the range is not before its start (the start defaulting to 1 January). */
const notBeforeStart = vine.createRule((value, _options, field) => {
  const start = (field.parent as { start_date?: unknown }).start_date
  const first = typeof start === 'string' ? start : labNow().startOf('year').toISODate()!
  if (typeof value !== 'string') return
  if (value < first) {
    field.report('Tanggal Akhir tidak boleh sebelum Tanggal Mulai.', 'notBeforeStart', field)
  } else if (DateTime.fromISO(value).diff(DateTime.fromISO(first), 'years').years > MAX_YEARS) {
    field.report(`Periode laporan paling lama ${MAX_YEARS} tahun.`, 'notBeforeStart', field)
  }
})

const labDate = () =>
  vine
    .string()
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .use(realDate())

/** The range and order type every report takes (and the two report tables). */
export const reportRangeSchema = {
  start_date: labDate().optional(),
  end_date: labDate().use(notBeforeStart()).optional(),
  order_type: vine.enum(ORDER_TYPE_FILTERS).optional(),
}

export const reportFilterValidator = vine.create({
  ...reportRangeSchema,
  province: vine
    .string()
    .trim()
    .regex(/^(ALL|Semua|\d{2})$/)
    .optional(),
  calculation_type: vine.enum(CALCULATION_TYPES).optional(),
})
reportFilterValidator.messagesProvider = labelledMessages(FILTER_LABELS)

export type ReportQuery = {
  start_date?: string
  end_date?: string
  order_type?: OrderTypeFilter
  province?: string
  calculation_type?: CalculationType
}

export interface ReportFilters {
  /** Lab dates, inclusive. */
  startDate: string
  endDate: string
  /** `[start, end)` of the range in UTC, as stored timestamps compare. */
  from: string
  until: string
  orderType: OrderTypeFilter
  /** A province code, or null for every province. */
  province: string | null
  calculation: CalculationType
}

/** `[first moment, first moment after)` of lab dates `start..end`, in stored UTC text. */
export function labDayRange(start: string, end: string) {
  const first = DateTime.fromISO(start, { zone: LAB_TIMEZONE }).startOf('day')
  const afterLast = DateTime.fromISO(end, { zone: LAB_TIMEZONE }).startOf('day').plus({ days: 1 })
  return [utcText(first), utcText(afterLast)] as const
}

/** The months from the range's first to its last: `2026-01`, `Jan 2026` and the first moment. */
export function monthsOf(startDate: string, endDate: string) {
  const months: { key: string; label: string; start: string }[] = []
  let month = DateTime.fromISO(startDate, { zone: LAB_TIMEZONE }).startOf('month')
  const last = DateTime.fromISO(endDate, { zone: LAB_TIMEZONE }).startOf('month')
  while (month <= last) {
    months.push({
      key: month.toFormat('yyyy-MM'),
      label: month.setLocale('id').toFormat('LLL yyyy'),
      start: utcText(month),
    })
    month = month.plus({ months: 1 })
  }
  return months
}

/** The lab-time years `first..last`, each as `[from, until)` in stored UTC text. */
export function yearsOf(first: number, last: number) {
  const years: { key: string; from: string; until: string }[] = []
  for (let year = first; year <= last; year++) {
    const start = DateTime.fromObject({ year }, { zone: LAB_TIMEZONE })
    years.push({
      key: String(year),
      from: utcText(start),
      until: utcText(start.plus({ years: 1 })),
    })
  }
  return years
}

/** The lab-time year of a stored timestamp. */
export function labYearOf(value: unknown) {
  return fromDatabase(value)?.setZone(LAB_TIMEZONE).year ?? null
}

/** The validated query with the spec's defaults filled in. */
export function resolveReportFilters(input: ReportQuery): ReportFilters {
  const today = labNow()
  const startDate = input.start_date ?? today.startOf('year').toISODate()!
  const endDate = input.end_date ?? today.toISODate()!
  const [from, until] = labDayRange(startDate, endDate)
  const province = input.province && /^\d{2}$/.test(input.province) ? input.province : null
  return {
    startDate,
    endDate,
    from,
    until,
    orderType: input.order_type ?? 'ALL',
    province,
    calculation: input.calculation_type ?? 'alkes',
  }
}
