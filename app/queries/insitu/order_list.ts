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
  INSITU_STATUSES,
  insituWorkflow,
  type InsituStatus,
} from '#workflows/insitu_order_workflow'
import { joinFacilityPlace } from '#queries/orders/joins'

export interface InsituOrderFilters {
  search?: string
  limit?: number
  page?: number
  user_key?: string
  status?: 'ALL' | InsituStatus
  number?: string
  fasyankes?: string
  letter_number?: string
}

/** Spec part 2: the list's status filter, ALL or one status. */
export const INSITU_STATUS_FILTERS = ['ALL', ...INSITU_STATUSES] as const

/** One on-site order as the list, its JSON and its exports show it. */
function orderRow(raw: Record<string, any>) {
  return {
    id: Number(raw.id),
    number: raw.number as string,
    status: raw.status as InsituStatus,
    status_tone: insituWorkflow.tone(raw.status),
    formatted_status: raw.status as string,
    execution_year: Number(raw.execution_year),
    letter_number: raw.letter_number as string,
    formatted_letter_date: formatDate(dateFromDatabase(raw.letter_date)),
    fasyankes: {
      id: Number(raw.fasyankes_id),
      fasyankes_name: raw.fasyankes_name as string,
      address: raw.address as string | null,
      city: raw.city_name as string | null,
      province: raw.province_name as string | null,
    },
    contract_number: (raw.contract_number as string | null) ?? null,
    created_at: fromDatabase(raw.created_at)?.toISO() ?? null,
    formatted_created_at: formatDateTime(fromDatabase(raw.created_at)),
    device_count: Number(raw.device_count ?? 0),
    total_price: Number(raw.total_price ?? 0),
    formatted_total_price: formatRupiah(Number(raw.total_price ?? 0)),
  }
}

export const insituOrderList = defineList<InsituOrderFilters, ReturnType<typeof orderRow>>({
  title: 'Permintaan Insitu',
  subtitle: 'Permintaan kalibrasi dan pengujian yang dikerjakan di fasilitas kesehatan.',
  path: '/insitu',
  fileName: 'permintaan-insitu',
  permission: 'insitu.view',
  // Spec part 2, section 9: 10 rows by default.
  defaultLimit: 10,
  validator: vine.create({
    ...baseFilterSchema,
    user_key: vine.string().maxLength(100).optional(),
    status: vine.enum(INSITU_STATUS_FILTERS).optional(),
    number: textFilter(),
    fasyankes: textFilter(),
    letter_number: textFilter(),
  }),

  query(filters: InsituOrderFilters, user?: User) {
    const query = joinFacilityPlace(
      db
        .from('orders as o')
        .join('insitu_orders as io', 'io.order_id', 'o.id')
        .join('fasyankes as f', 'f.id', 'o.fasyankes_id')
    )
      .where('o.type', 'insitu')
      .select(
        'o.id',
        'o.number',
        'o.status',
        'o.fasyankes_id',
        'o.device_count',
        'o.total_price',
        'o.created_at',
        'io.execution_year',
        'io.letter_number',
        'io.letter_date',
        'io.contract_number',
        'f.fasyankes_name',
        'f.address',
        'r.name as city_name',
        'p.name as province_name'
      )
      .orderBy('o.created_at', 'desc')
      .orderBy('o.id', 'desc')
    // A facility sees only its own orders, whatever it asks for.
    if (user?.isFacility) query.where('o.fasyankes_id', user.fasyankesId ?? 0)
    if (filters.search) {
      whereContains(
        query,
        ['o.number', 'f.fasyankes_name', 'io.letter_number', 'o.status'],
        filters.search
      )
    }
    if (filters.status && filters.status !== 'ALL') query.where('o.status', filters.status)
    if (filters.number) whereContains(query, ['o.number'], filters.number)
    if (filters.fasyankes) whereContains(query, ['f.fasyankes_name'], filters.fasyankes)
    if (filters.letter_number) whereContains(query, ['io.letter_number'], filters.letter_number)
    return query
  },

  row: orderRow,

  sorts: {
    number: { label: 'Nomor', column: 'o.number' },
    fasyankes: { label: 'Fasyankes', column: 'f.fasyankes_name', text: true },
    execution_year: { label: 'Tahun', column: 'io.execution_year' },
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
    { key: 'letter_number', label: 'Nomor Surat', width: 1.4 },
    typedColumn('execution_year', 'Tahun', 0.6, 'number', (row) => row.execution_year),
    typedColumn('device_count', 'Jumlah Alat', 0.7, 'number', (row) => row.device_count),
    typedColumn('formatted_total_price', 'Total Tarif', 1.2, 'rupiah', (row) => row.total_price),
    { key: 'status', label: 'Status', width: 1.4 },
    typedColumn('formatted_created_at', 'Diajukan', 1.4, 'datetime', (row) => row.created_at),
  ],

  describeFilters(filters: InsituOrderFilters) {
    const applied: AppliedFilter[] = []
    if (filters.search) applied.push({ label: 'Pencarian', value: filters.search })
    if (filters.status && filters.status !== 'ALL')
      applied.push({ label: 'Status', value: filters.status })
    if (filters.number) applied.push({ label: 'Nomor', value: filters.number })
    if (filters.fasyankes) applied.push({ label: 'Fasyankes', value: filters.fasyankes })
    if (filters.letter_number) applied.push({ label: 'Nomor surat', value: filters.letter_number })
    return applied
  },
})

export type InsituOrderRow = ReturnType<typeof orderRow>
