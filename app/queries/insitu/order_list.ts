import vine from '@vinejs/vine'
import { typedColumn, whereContains } from '#lists/datatable'
import { textFilter } from '#lists/filters'
import { defineList } from '#lists/list_definition'
import type User from '#models/user'
import * as orders from '#queries/orders/order_list_kit'
import { textTerms, whereOrderText } from '#queries/orders/order_text_search'
import {
  INSITU_STATUSES,
  insituWorkflow,
  type InsituStatus,
} from '#workflows/insitu_order_workflow'
import OrderRowTransformer from '#transformers/lists/order_row_transformer'

export interface InsituOrderFilters extends orders.OrderListFilters<InsituStatus> {
  letter_number?: string
}

/** Spec part 2: the list's status filter, ALL or one status. */
export const INSITU_STATUS_FILTERS = ['ALL', ...INSITU_STATUSES] as const

/** One on-site order as the list, its JSON and its exports show it (`OrderRowTransformer`). */
export type InsituOrderRow = ReturnType<OrderRowTransformer['forInsitu']>

/** The list's query: the shared order list and this type's columns and letter filter. */
function insituOrderQuery(filters: InsituOrderFilters, user?: User) {
  const query = orders
    .orderListQuery('insitu', filters, user)
    .select('io.execution_year', 'io.letter_number', 'io.letter_date', 'io.contract_number')
  whereOrderText(query, textTerms([filters.letter_number]), filters.text_plan)
  whereContains(query, ['io.letter_number'], filters.letter_number)
  return query
}

export const insituOrderList = defineList<InsituOrderFilters, InsituOrderRow>({
  title: 'Permintaan Insitu',
  subtitle: 'Permintaan kalibrasi dan pengujian yang dikerjakan di fasilitas kesehatan.',
  path: '/insitu',
  fileName: 'permintaan-insitu',
  permission: 'insitu.view',
  // Spec part 2, section 9: 10 rows by default.
  defaultLimit: 10,
  validator: vine.create({
    ...orders.orderFilterSchema(INSITU_STATUSES),
    letter_number: textFilter(),
  }),

  query: insituOrderQuery,
  ...orders.orderListReading('insitu', insituOrderQuery, {
    texts: (filters) => [filters.letter_number],
  }),

  row: (raw) => new OrderRowTransformer(raw, insituWorkflow).forInsitu(),

  sorts: {
    ...orders.ORDER_SORTS,
    execution_year: { label: 'Tahun', column: 'io.execution_year', through: 'io.order_id' },
  },
  idColumn: 'o.id',
  keyset: orders.ORDER_KEYSET,

  columns: orders.orderColumns([
    { key: 'letter_number', label: 'Nomor Surat', width: 1.4 },
    typedColumn('execution_year', 'Tahun', 0.6, 'number', (row) => row.execution_year),
  ]),

  describeFilters(filters: InsituOrderFilters) {
    const applied = orders.describeOrderFilters(filters)
    if (filters.letter_number) applied.push({ label: 'Nomor surat', value: filters.letter_number })
    return applied
  },
})
