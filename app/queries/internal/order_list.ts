import vine from '@vinejs/vine'
import type User from '#models/user'
import { typedColumn } from '#lists/datatable'
import { defineList } from '#lists/list_definition'
import {
  ORDER_KEYSET,
  ORDER_SORTS,
  describeOrderFilters,
  orderColumns,
  orderFilterSchema,
  orderListQuery,
  orderListReading,
  orderRowBase,
  type OrderListFilters,
} from '#queries/orders/order_list_kit'
import { dateFromDatabase, formatDate, formatDateTime, fromDatabase } from '#services/format'
import {
  INTERNAL_STATUSES,
  internalWorkflow,
  type InternalStatus,
} from '#workflows/internal_order_workflow'

export interface InternalOrderFilters extends OrderListFilters<InternalStatus> {
  delivery_estimation?: string
}

/** Spec part 2: the list's status filter values (MENUNGGU FEEDBACK is reachable through search). */
export const STATUS_FILTERS = ['ALL', ...INTERNAL_STATUSES] as const

/** One order as the list, its JSON and its exports show it. */
function orderRow(raw: Record<string, any>) {
  return {
    ...orderRowBase<InternalStatus>(raw, internalWorkflow),
    service_type: raw.service_type as string,
    delivery_option: raw.delivery_option as string,
    delivery_date_estimation: String(dateFromDatabase(raw.delivery_date_estimation)).slice(0, 10),
    formatted_delivery_date_estimation: formatDate(dateFromDatabase(raw.delivery_date_estimation)),
    formatted_arrival_date_estimation: formatDate(dateFromDatabase(raw.arrival_date_estimation)),
    formatted_estimated_completion_at: formatDateTime(fromDatabase(raw.estimated_completion_at)),
    contact_person_name: raw.contact_person_name as string,
    contact_person_phone: raw.contact_person_phone as string,
  }
}

/** The list's query: the shared order list and this type's columns and month filter. */
function internalOrderQuery(filters: InternalOrderFilters, user?: User) {
  const query = orderListQuery('internal', filters, user).select(
    'io.service_type',
    'io.delivery_option',
    'io.delivery_date_estimation',
    'io.arrival_date_estimation',
    'io.estimated_completion_at',
    'io.contact_person_name',
    'io.contact_person_phone'
  )
  if (filters.delivery_estimation) {
    const [year, month] = filters.delivery_estimation.split('-').map(Number)
    const first = `${filters.delivery_estimation}-01`
    const next =
      month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, '0')}-01`
    query
      .where('io.delivery_date_estimation', '>=', first)
      .where('io.delivery_date_estimation', '<', next)
  }
  return query
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
    ...orderFilterSchema(INTERNAL_STATUSES),
    delivery_estimation: vine
      .string()
      .regex(/^\d{4}-(0[1-9]|1[0-2])$/)
      .optional(),
  }),

  query: internalOrderQuery,
  ...orderListReading('internal', internalOrderQuery, {
    others: (filters) => [filters.delivery_estimation],
  }),

  row: orderRow,

  sorts: {
    ...ORDER_SORTS,
    delivery_estimation: {
      label: 'Estimasi Kirim',
      column: 'io.delivery_date_estimation',
      through: 'io.order_id',
    },
  },
  idColumn: 'o.id',
  keyset: ORDER_KEYSET,

  columns: orderColumns([
    { key: 'service_type', label: 'Layanan' },
    typedColumn(
      'formatted_delivery_date_estimation',
      'Estimasi Kirim',
      1.2,
      'date',
      (row) => row.delivery_date_estimation
    ),
  ]),

  describeFilters(filters: InternalOrderFilters) {
    const applied = describeOrderFilters(filters)
    if (filters.delivery_estimation)
      applied.push({ label: 'Bulan estimasi kirim', value: filters.delivery_estimation })
    return applied
  },
})

export type InternalOrderRow = ReturnType<typeof orderRow>
