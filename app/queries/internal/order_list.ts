import vine from '@vinejs/vine'
import db from '@adonisjs/lucid/services/db'
import type User from '#models/user'
import {
  baseFilterSchema,
  whereContains,
  type AppliedFilter,
  typedColumn,
} from '#queries/datatable'
import { defineList } from '#queries/list_definition'
import { textFilter } from '#queries/filters'
import {
  dateFromDatabase,
  formatDate,
  formatDateTime,
  formatRupiah,
  fromDatabase,
} from '#services/format'
import {
  INTERNAL_STATUSES,
  internalWorkflow,
  type InternalStatus,
} from '#workflows/internal_order_workflow'
import { joinFacilityPlace } from '#queries/orders/joins'

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

/** Spec part 2: the list's status filter values (MENUNGGU FEEDBACK is reachable through search). */
export const STATUS_FILTERS = ['ALL', ...INTERNAL_STATUSES] as const

const invoiceDate = (stage: number) =>
  db.raw(
    `(SELECT i.invoice_date FROM invoices i WHERE i.order_id = o.id AND i.stage = ${stage}) AS invoice_date_${stage}`
  )

/** One order as the list, its JSON and its exports show it. */
function orderRow(raw: Record<string, any>) {
  return {
    id: Number(raw.id),
    number: raw.number as string,
    status: raw.status as InternalStatus,
    status_tone: internalWorkflow.tone(raw.status),
    formatted_status: raw.status as string,
    fasyankes: {
      id: Number(raw.fasyankes_id),
      fasyankes_name: raw.fasyankes_name as string,
      city: raw.city_name as string | null,
      province: raw.province_name as string | null,
    },
    service_type: raw.service_type as string,
    delivery_option: raw.delivery_option as string,
    delivery_date_estimation: String(dateFromDatabase(raw.delivery_date_estimation)).slice(0, 10),
    formatted_delivery_date_estimation: formatDate(dateFromDatabase(raw.delivery_date_estimation)),
    formatted_arrival_date_estimation: formatDate(dateFromDatabase(raw.arrival_date_estimation)),
    created_at: fromDatabase(raw.created_at)?.toISO() ?? null,
    formatted_created_at: formatDateTime(fromDatabase(raw.created_at)),
    formatted_estimated_completion_at: formatDateTime(fromDatabase(raw.estimated_completion_at)),
    device_count: Number(raw.device_count ?? 0),
    total_price: Number(raw.total_price ?? 0),
    formatted_total_price: formatRupiah(Number(raw.total_price ?? 0)),
    contact_person_name: raw.contact_person_name as string,
    contact_person_phone: raw.contact_person_phone as string,
    invoice_index: Number(raw.invoice_stage ?? 0),
    formatted_invoice_dates: [raw.invoice_date_1, raw.invoice_date_2, raw.invoice_date_3].map(
      (date) => formatDate(dateFromDatabase(date))
    ),
    formatted_payment_confirm_date: raw.payment_confirm_date
      ? formatDate(dateFromDatabase(raw.payment_confirm_date))
      : null,
  }
}

export const internalOrderList = defineList<InternalOrderFilters, ReturnType<typeof orderRow>>({
  title: 'Permintaan Alat Datang',
  subtitle: 'Permintaan kalibrasi dan pengujian untuk alat yang dikirim ke laboratorium.',
  path: '/internal',
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

  query(filters: InternalOrderFilters, user?: User) {
    const query = joinFacilityPlace(
      db
        .from('orders as o')
        .join('internal_orders as io', 'io.order_id', 'o.id')
        .join('fasyankes as f', 'f.id', 'o.fasyankes_id')
    )
      .where('o.type', 'internal')
      .select(
        'o.id',
        'o.number',
        'o.status',
        'o.fasyankes_id',
        'o.device_count',
        'o.total_price',
        'o.invoice_stage',
        'o.payment_confirm_date',
        'o.created_at',
        'io.service_type',
        'io.delivery_option',
        'io.delivery_date_estimation',
        'io.arrival_date_estimation',
        'io.estimated_completion_at',
        'io.contact_person_name',
        'io.contact_person_phone',
        'f.fasyankes_name',
        'r.name as city_name',
        'p.name as province_name',
        invoiceDate(1),
        invoiceDate(2),
        invoiceDate(3)
      )
      .orderBy('o.created_at', 'desc')
      .orderBy('o.id', 'desc')
    // A facility sees only its own orders, whatever it asks for.
    if (user?.isFacility) query.where('o.fasyankes_id', user.fasyankesId ?? 0)
    if (filters.search)
      whereContains(
        query,
        ['o.number', 'f.fasyankes_name', 'io.contact_person_name', 'o.status'],
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
        .where('io.delivery_date_estimation', '>=', first)
        .where('io.delivery_date_estimation', '<', next)
    }
    if (filters.invoice_index && filters.invoice_index !== 'ALL') {
      query.where('o.invoice_stage', Number(filters.invoice_index))
    }
    return query
  },

  row: orderRow,

  // Each served by an index on orders (0023_list_sort_indexes) but the facility's name,
  // which is read through its join.
  sorts: {
    number: { label: 'Nomor', column: 'o.number' },
    fasyankes: { label: 'Fasyankes', column: 'f.fasyankes_name', text: true },
    delivery_estimation: { label: 'Estimasi Kirim', column: 'io.delivery_date_estimation' },
    device_count: { label: 'Jumlah Alat', column: 'o.device_count' },
    formatted_total_price: { label: 'Total Tarif', column: 'o.total_price' },
    status: { label: 'Status', column: 'o.status' },
    created_at: { label: 'Diajukan', column: 'o.created_at' },
  },
  idColumn: 'o.id',

  columns: [
    { key: 'number', label: 'Nomor', width: 1.3 },
    {
      key: 'fasyankes',
      label: 'Fasyankes',
      width: 2.2,
      value: (row) => row.fasyankes.fasyankes_name,
    },
    { key: 'service_type', label: 'Layanan' },
    typedColumn(
      'formatted_delivery_date_estimation',
      'Estimasi Kirim',
      1.2,
      'date',
      (row) => row.delivery_date_estimation
    ),
    typedColumn('device_count', 'Jumlah Alat', 0.7, 'number', (row) => row.device_count),
    typedColumn('formatted_total_price', 'Total Tarif', 1.2, 'rupiah', (row) => row.total_price),
    { key: 'status', label: 'Status', width: 1.3 },
    typedColumn('formatted_created_at', 'Diajukan', 1.5, 'datetime', (row) => row.created_at),
  ],

  describeFilters(filters: InternalOrderFilters) {
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

export type InternalOrderRow = ReturnType<typeof orderRow>
