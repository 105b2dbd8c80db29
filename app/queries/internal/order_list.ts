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
  type OrderListFilters,
} from '#queries/orders/order_list_kit'
import {
  INTERNAL_STATUSES,
  internalWorkflow,
  type InternalStatus,
} from '#workflows/internal_order_workflow'
import OrderRowTransformer from '#transformers/lists/order_row_transformer'

export interface InternalOrderFilters extends OrderListFilters<InternalStatus> {
  delivery_estimation?: string
}

/** Spec part 2: the list's status filter values (MENUNGGU FEEDBACK is reachable through search). */
export const STATUS_FILTERS = ['ALL', ...INTERNAL_STATUSES] as const

/** One order as the list, its JSON and its exports show it (`OrderRowTransformer`). */
export type InternalOrderRow = ReturnType<OrderRowTransformer['forInternal']>

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

export const internalOrderList = defineList<InternalOrderFilters, InternalOrderRow>({
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

  row: (raw) => new OrderRowTransformer(raw, internalWorkflow).forInternal(),

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
