import vine from '@vinejs/vine'
import db from '@adonisjs/lucid/services/db'
import type User from '#models/user'
import { baseFilterSchema, whereContains, type AppliedFilter } from '#queries/datatable'
import { defineList } from '#queries/list_definition'
import { textFilter } from '#queries/filters'
import { formatDate, formatDateTime, formatRupiah, fromDatabase } from '#services/format'
import { INTERNAL_STATUSES, type InternalStatus } from '#workflows/internal_order_workflow'

export interface InternalOrderFilters {
  search?: string
  limit?: number
  page?: number
  user_key?: string
  status?: 'ALL' | InternalStatus
  number?: string
  fasyankes?: string
  delivery_estimation?: string
  invoice_index?: string
}

export interface InternalOrderRow {
  id: number
  number: string
  status: InternalStatus
  formatted_status: string
  fasyankes: { id: number; fasyankes_name: string; city: string | null; province: string | null }
  service_type: string
  delivery_option: string
  delivery_date_estimation: string
  formatted_delivery_date_estimation: string
  formatted_arrival_date_estimation: string
  formatted_created_at: string
  formatted_estimated_completion_at: string
  device_count: number
  total_price: number
  formatted_total_price: string
  contact_person_name: string
  contact_person_phone: string
  invoice_index: number
  formatted_invoice_dates: string[]
  formatted_payment_confirm_date: string | null
}

/** The stage an order's invoicing reached: how many of the three invoice dates are set. */
const INVOICE_STAGE_SQL = `(CASE WHEN o.invoice_third_date IS NOT NULL THEN 3
  WHEN o.invoice_second_date IS NOT NULL THEN 2
  WHEN o.invoice_first_date IS NOT NULL THEN 1 ELSE 0 END)`

/** Spec part 2: the list's status filter values (MENUNGGU FEEDBACK is reachable through search). */
export const STATUS_FILTERS = ['ALL', ...INTERNAL_STATUSES] as const

function invoiceStage(raw: Record<string, unknown>) {
  if (raw.invoice_third_date) return 3
  if (raw.invoice_second_date) return 2
  return raw.invoice_first_date ? 1 : 0
}

const iso = (value: unknown) =>
  value instanceof Date ? value.toISOString() : value ? String(value) : null

export const internalOrderList = defineList<InternalOrderFilters, InternalOrderRow>({
  title: 'Permintaan Alat Datang',
  fileName: 'permintaan-alat-datang',
  permission: 'internal.view',
  // Spec part 2, section 9: this list shows 10 rows by default.
  defaultLimit: 10,
  validator: vine.create({
    ...baseFilterSchema,
    user_key: vine.string().maxLength(100).optional(),
    status: vine.enum(STATUS_FILTERS).optional(),
    number: textFilter(),
    fasyankes: textFilter(),
    delivery_estimation: vine
      .string()
      .regex(/^\d{4}-(0[1-9]|1[0-2])$/)
      .optional(),
    invoice_index: vine.enum(['ALL', '1', '2', '3'] as const).optional(),
  }),

  query(filters, user?: User) {
    const query = db
      .from('internal_orders as o')
      .join('fasyankes as f', 'f.id', 'o.fasyankes_id')
      .leftJoin('regencies as r', 'r.code', 'f.city_code')
      .leftJoin('provinces as p', 'p.code', 'f.province_code')
      .select(
        'o.*',
        'f.fasyankes_name',
        'r.name as city_name',
        'p.name as province_name',
        db.raw(
          '(SELECT COUNT(*) FROM internal_alkes_orders a WHERE a.internal_order_id = o.id) AS device_count'
        ),
        db.raw(
          '(SELECT COALESCE(SUM(a.price), 0) FROM internal_alkes_orders a WHERE a.internal_order_id = o.id) AS total_price'
        )
      )
      .orderBy('o.created_at', 'desc')
      .orderBy('o.id', 'desc')
    // A facility sees only its own orders, whatever it asks for.
    if (user?.isFacility) query.where('o.fasyankes_id', user.fasyankesId ?? 0)
    if (filters.search)
      whereContains(
        query,
        ['o.number', 'f.fasyankes_name', 'o.contact_person_name', 'o.status'],
        filters.search
      )
    if (filters.status && filters.status !== 'ALL') query.where('o.status', filters.status)
    if (filters.number) whereContains(query, ['o.number'], filters.number)
    if (filters.fasyankes) whereContains(query, ['f.fasyankes_name'], filters.fasyankes)
    if (filters.delivery_estimation) {
      const [year, month] = filters.delivery_estimation.split('-').map(Number)
      const first = `${filters.delivery_estimation}-01`
      const next =
        month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, '0')}-01`
      query
        .where('o.delivery_date_estimation', '>=', first)
        .where('o.delivery_date_estimation', '<', next)
    }
    if (filters.invoice_index && filters.invoice_index !== 'ALL') {
      query.whereRaw(`${INVOICE_STAGE_SQL} = ?`, [Number(filters.invoice_index)])
    }
    return query
  },

  row: (raw) => ({
    id: Number(raw.id),
    number: raw.number,
    status: raw.status,
    formatted_status: raw.status,
    fasyankes: {
      id: Number(raw.fasyankes_id),
      fasyankes_name: raw.fasyankes_name,
      city: raw.city_name,
      province: raw.province_name,
    },
    service_type: raw.service_type,
    delivery_option: raw.delivery_option,
    delivery_date_estimation: String(iso(raw.delivery_date_estimation)).slice(0, 10),
    formatted_delivery_date_estimation: formatDate(iso(raw.delivery_date_estimation)),
    formatted_arrival_date_estimation: formatDate(iso(raw.arrival_date_estimation)),
    formatted_created_at: formatDateTime(fromDatabase(raw.created_at)),
    formatted_estimated_completion_at: formatDateTime(fromDatabase(raw.estimated_completion_at)),
    device_count: Number(raw.device_count ?? 0),
    total_price: Number(raw.total_price ?? 0),
    formatted_total_price: formatRupiah(Number(raw.total_price ?? 0)),
    contact_person_name: raw.contact_person_name,
    contact_person_phone: raw.contact_person_phone,
    invoice_index: invoiceStage(raw),
    formatted_invoice_dates: [
      raw.invoice_first_date,
      raw.invoice_second_date,
      raw.invoice_third_date,
    ].map((date) => formatDate(iso(date))),
    formatted_payment_confirm_date: raw.payment_confirm_date
      ? formatDate(iso(raw.payment_confirm_date))
      : null,
  }),

  columns: [
    { key: 'number', label: 'Nomor', width: 1.3 },
    {
      key: 'fasyankes',
      label: 'Fasyankes',
      width: 2.2,
      value: (row) => row.fasyankes.fasyankes_name,
    },
    { key: 'service_type', label: 'Layanan' },
    { key: 'formatted_delivery_date_estimation', label: 'Estimasi Kirim', width: 1.2 },
    { key: 'device_count', label: 'Jumlah Alat', width: 0.7 },
    { key: 'formatted_total_price', label: 'Total Tarif', width: 1.2 },
    { key: 'status', label: 'Status', width: 1.3 },
    { key: 'formatted_created_at', label: 'Diajukan', width: 1.5 },
  ],

  describeFilters(filters) {
    const applied: AppliedFilter[] = []
    if (filters.search) applied.push({ label: 'Pencarian', value: filters.search })
    if (filters.status && filters.status !== 'ALL')
      applied.push({ label: 'Status', value: filters.status })
    if (filters.number) applied.push({ label: 'Nomor', value: filters.number })
    if (filters.fasyankes) applied.push({ label: 'Fasyankes', value: filters.fasyankes })
    if (filters.delivery_estimation)
      applied.push({ label: 'Bulan estimasi kirim', value: filters.delivery_estimation })
    return applied
  },
})
