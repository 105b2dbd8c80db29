import vine from '@vinejs/vine'
import db from '@adonisjs/lucid/services/db'
import type User from '#models/user'
import type { DatabaseQueryBuilderContract } from '@adonisjs/lucid/types/querybuilder'
import { baseFilterSchema, typedColumn, whereContains } from '#lists/datatable'
import { EVERY_FACILITY } from '#database/order_counts'
import {
  countOrderMatches,
  planOrderText,
  textTerms,
  whereOrderText,
} from '#queries/orders/order_text_search'
import type { TextPlan } from '#lists/text_plan'
import { textFilter } from '#lists/filters'
import type { OrderType } from '#workflows/order_types'
import { BILLING_STATE_KEYS, BILLING_STATES, type BillingState } from '#enums/billing_states'
import type { AppliedFilter, ExportColumn, Keyset, ListTotal } from '#lists/types'
import type OrderRowTransformer from '#transformers/lists/order_row_transformer'

/**
 * What the two order lists (Alat Datang and Insitu) share: the filters every order list takes,
 * the query over `orders as o` joined to the type's own table `io` and the facility `f`, the
 * columns and sorts of every order, and the applied-filter labels. Each list adds its own.
 */
export interface OrderListFilters<S extends string = string> {
  search?: string
  limit?: number
  page?: number
  user_key?: string
  status?: 'ALL' | S
  number?: string
  fasyankes?: string
  /** The invoice stage reached (the treasurer's column): ALL, 1, 2 or 3. */
  invoice_index?: string
  /** The billing state (issue 35, point 3): ALL or one state. */
  billing?: 'ALL' | BillingState
  /** How the text filters are read, decided per request (orderListReading's resolve). */
  text_plan?: TextPlan
}

/** The list's filters: ALL or one status, number and facility (spec part 2, section 7). */
export function orderFilterSchema<S extends string>(statuses: readonly S[]) {
  return {
    ...baseFilterSchema,
    user_key: vine.string().maxLength(100).optional(),
    status: vine.enum(['ALL', ...statuses] as const).optional(),
    number: textFilter(),
    fasyankes: textFilter(),
    invoice_index: vine.enum(['ALL', '1', '2', '3'] as const).optional(),
    billing: vine.enum(['ALL', ...BILLING_STATE_KEYS] as const).optional(),
  }
}

/** A stage's invoice date, read for the rows of the page only. */
const invoiceDate = (stage: 1 | 2 | 3) =>
  db.raw(
    `(SELECT i.invoice_date FROM invoices i WHERE i.order_id = o.id AND i.stage = ${stage}) AS invoice_date_${stage}`
  )

/** The order lists' own order, newest first: one index per filter serves it (0032). */
export const ORDER_KEYSET: Keyset = { keys: ['o.created_at', 'o.id'], dir: 'desc' }

/**
 * Orders of one type, newest first, scoped to the facility for a facility user whatever it
 * asks for, with the shared filters applied. The type's row and the facility are left joined
 * (every order has both), so a query that reads none of their columns (a page's ids, a count)
 * skips them. The search box and the text filters read the orders' search text
 * (database/order_search.ts: number, status, facility, contact person or letter number,
 * serial numbers) the planned way (order_text_search.ts); a text filter then also holds for
 * its own column.
 */
export function orderListQuery(type: OrderType, filters: OrderListFilters, user?: User) {
  const query = db
    .from('orders as o')
    .leftJoin(`${type}_orders as io`, 'io.order_id', 'o.id')
    .leftJoin('fasyankes as f', 'f.id', 'o.fasyankes_id')
    .where('o.type', type)
    .select(
      'o.id',
      'o.number',
      'o.status',
      'o.fasyankes_id',
      'o.device_count',
      'o.total_price',
      'o.created_at',
      'o.invoice_stage',
      'o.payment_confirm_date',
      'o.billing_state',
      invoiceDate(1),
      invoiceDate(2),
      invoiceDate(3),
      'f.fasyankes_name',
      'f.address',
      db.raw('(SELECT r.name FROM regencies r WHERE r.code = f.city_code) AS city_name'),
      db.raw('(SELECT p.name FROM provinces p WHERE p.code = f.province_code) AS province_name')
    )
  for (const key of ORDER_KEYSET.keys) query.orderBy(key, ORDER_KEYSET.dir)
  if (user?.isFacility) query.where('o.fasyankes_id', user.fasyankesId ?? 0)
  if (filters.status && filters.status !== 'ALL') query.where('o.status', filters.status)
  whereOrderText(
    query,
    textTerms([filters.search, filters.number, filters.fasyankes]),
    filters.text_plan
  )
  whereContains(query, ['o.number'], filters.number)
  whereContains(query, ['f.fasyankes_name'], filters.fasyankes)
  if (filters.invoice_index && filters.invoice_index !== 'ALL') {
    query.where('o.invoice_stage', Number(filters.invoice_index))
  }
  // Read in the list's order from orders_type_billing_created_idx (0044).
  if (filters.billing && filters.billing !== 'ALL') {
    query.where('o.billing_state', BILLING_STATES[filters.billing].code)
  }
  return query
}

/**
 * Whose kept counts a user reads: a facility user its own facility's (none without one), staff
 * every facility's together.
 */
export function countsOf(user?: User) {
  if (!user?.isFacility) return EVERY_FACILITY
  return user.fasyankesId ?? -1
}

/** Orders of the type the list shows in one status (or all), from the kept counts. */
function keptCount(type: OrderType, status: string | undefined, user?: User) {
  return countInStatuses(type, status && status !== 'ALL' ? [status] : null, user)
}

/**
 * Orders of a type the user sees in these statuses (every status: null), read from the counts
 * the database keeps (`order_counts`), never by counting the orders.
 */
export async function countInStatuses(
  type: OrderType,
  statuses: readonly string[] | null,
  user?: User
) {
  const query = db
    .from('order_counts')
    .where('type', type)
    .where('fasyankes_id', countsOf(user))
    .sum('total as total')
  if (statuses) query.whereIn('status', [...statuses])
  const row = await query.first()
  return Number(row?.total ?? 0)
}

/** A list's own filters besides the shared ones: its texts, and the others. */
export interface OwnFilters<F> {
  texts?: (filters: F) => (string | undefined)[]
  others?: (filters: F) => unknown[]
}

/**
 * How an order list is read at scale, beside its query: `resolve` decides how its text
 * filters are read (order_text_search.ts); `total` answers from the kept counts
 * (database/order_counts.ts) when only the status and the user's facility narrow it, from the
 * text plan's count or estimate, or by counting the matches up to a limit.
 */
export function orderListReading<F extends OrderListFilters>(
  type: OrderType,
  query: (filters: F, user?: User) => DatabaseQueryBuilderContract<any>,
  own: OwnFilters<F> = {}
) {
  const ownTexts = (filters: F) => textTerms(own.texts?.(filters) ?? [])
  const termsOf = (filters: F) =>
    textTerms([filters.search, filters.number, filters.fasyankes, ...ownTexts(filters)])
  const narrowed = (filters: F) =>
    (filters.invoice_index && filters.invoice_index !== 'ALL') ||
    (filters.billing && filters.billing !== 'ALL') ||
    (own.others?.(filters) ?? []).some(Boolean)

  return {
    async resolve(filters: F, user?: User): Promise<F> {
      const terms = termsOf(filters)
      if (!terms.length) return filters
      const list = orderListQuery(
        type,
        { status: filters.status, invoice_index: filters.invoice_index, billing: filters.billing },
        user
      )
      const base = narrowed(filters) ? null : await keptCount(type, filters.status, user)
      const searchOnly =
        !narrowed(filters) && !filters.number && !filters.fasyankes && !ownTexts(filters).length
      const plan = await planOrderText(list, terms, base, searchOnly)
      return { ...filters, text_plan: plan }
    },

    async total(filters: F, user?: User): Promise<ListTotal | null> {
      if (!termsOf(filters).length) {
        return narrowed(filters) ? null : { total: await keptCount(type, filters.status, user) }
      }
      if (filters.text_plan?.total) return filters.text_plan.total
      return countOrderMatches(query({ ...filters, text_plan: undefined }, user))
    },
  }
}

/** The part of a list row every order has (`OrderRowTransformer`'s `toObject`). */
type BaseRow = ReturnType<OrderRowTransformer['toObject']>

/**
 * Sorts of every order list. Each is served by an index on orders (0023_list_sort_indexes,
 * 0032_order_list_scale).
 */
export const ORDER_SORTS = {
  number: { label: 'Nomor', column: 'o.number' },
  // The facility's lower-cased name kept on the order (database/order_search.ts).
  fasyankes: { label: 'Fasyankes', column: 'o.facility_key' },
  device_count: { label: 'Jumlah Alat', column: 'o.device_count' },
  formatted_total_price: { label: 'Total Tarif', column: 'o.total_price' },
  status: { label: 'Status', column: 'o.status' },
  created_at: { label: 'Diajukan', column: 'o.created_at' },
  // The state's code runs along the way (not billed … paid): orders_type_billing_state_sort_idx.
  billing_state: { label: 'Tagihan', column: 'o.billing_state' },
}

/** Export columns of every order list, placed around the type's own (`middle`). */
export function orderColumns<R extends BaseRow>(middle: ExportColumn<R>[]): ExportColumn<R>[] {
  return [
    { key: 'number', label: 'Nomor', width: 1.3 },
    {
      key: 'fasyankes',
      label: 'Fasyankes',
      width: 2.2,
      value: (row) => row.fasyankes.fasyankes_name,
    },
    ...middle,
    typedColumn('device_count', 'Jumlah Alat', 0.7, 'number', (row) => row.device_count),
    typedColumn('formatted_total_price', 'Total Tarif', 1.2, 'rupiah', (row) => row.total_price),
    { key: 'status', label: 'Status', width: 1.4 },
    { key: 'formatted_billing_state', label: 'Tagihan', width: 1.4 },
    typedColumn('formatted_created_at', 'Diajukan', 1.4, 'datetime', (row) => row.created_at),
  ]
}

/** The applied shared filters, as the export's header lists them. */
export function describeOrderFilters(filters: OrderListFilters): AppliedFilter[] {
  const applied: AppliedFilter[] = []
  if (filters.search) applied.push({ label: 'Pencarian', value: filters.search })
  if (filters.status && filters.status !== 'ALL')
    applied.push({ label: 'Status', value: filters.status })
  if (filters.number) applied.push({ label: 'Nomor', value: filters.number })
  if (filters.fasyankes) applied.push({ label: 'Fasyankes', value: filters.fasyankes })
  if (filters.invoice_index && filters.invoice_index !== 'ALL')
    applied.push({ label: 'Tagihan', value: `Tagihan ${filters.invoice_index}` })
  if (filters.billing && filters.billing !== 'ALL')
    applied.push({ label: 'Status tagihan', value: BILLING_STATES[filters.billing].label })
  return applied
}
