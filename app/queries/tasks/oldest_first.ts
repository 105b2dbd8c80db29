import Order from '#models/order'
import { fromDatabase } from '#services/format'

/** The moments a task ages its orders by, as the `orders` table names them. */
export type AgeColumn = 'status_changed_at' | 'created_at'
/** A waiting order as the reads per status give it: its id and its age columns, as stored. */
export type OrderAge = { id: number } & Partial<Record<AgeColumn, unknown>>

/**
 * What the merge needs of a waiting order. The reads per status take only these, as plain rows;
 * the orders that made the cut are then read whole (`wholeOrders`): a task over five statuses
 * builds 20 models, not 100 (building the models was most of My tasks' time, issue 34).
 */
export const ORDER_AGE_KEYS = ['id', 'status_changed_at', 'created_at'] as const

/**
 * The `limit` orders waiting longest over several statuses: one read per status, each in the
 * order of its index (type, status, then the age), merged here. A single `status IN (…)` read
 * is sorted by the database over every order of those statuses: at a million orders a status
 * such as MENUNGGU FEEDBACK holds 66,000 (issue 34: My tasks took seconds on SQLite).
 * Orders with no age yet count as the oldest, on both databases.
 */
export async function oldestFirst(
  statuses: readonly string[],
  limit: number,
  read: (status: string) => Promise<OrderAge[]>,
  by: AgeColumn
) {
  const perStatus = await Promise.all(statuses.map((status) => read(status)))
  const age = (order: OrderAge) => fromDatabase(order[by])?.toMillis() ?? Number.NEGATIVE_INFINITY
  return perStatus
    .flat()
    .map((order) => ({ id: Number(order.id), age: age(order) }))
    .sort((a, b) => a.age - b.age || a.id - b.id)
    .slice(0, limit)
    .map((order) => order.id)
}

/**
 * The orders `ids` names, read whole in the same order, each with its facility's name in
 * `$extras.fasyankes_name` (joined: a preloaded facility model per row cost more than the order).
 */
export async function wholeOrders(ids: number[]) {
  if (!ids.length) return []
  const orders = await Order.query()
    .join('fasyankes as f', 'f.id', 'orders.fasyankes_id')
    .whereIn('orders.id', ids)
    .select('orders.*', 'f.fasyankes_name')
  const byId = new Map(orders.map((order) => [order.id, order]))
  // An order gone between the two reads is left out.
  return ids.map((id) => byId.get(id)).filter((order): order is Order => !!order)
}
