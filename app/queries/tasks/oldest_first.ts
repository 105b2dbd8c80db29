import type Order from '#models/order'

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
  read: (status: string) => Promise<Order[]>,
  since: (order: Order) => { toMillis(): number } | null
) {
  const perStatus = await Promise.all(statuses.map((status) => read(status)))
  const age = (order: Order) => since(order)?.toMillis() ?? Number.NEGATIVE_INFINITY
  return perStatus
    .flat()
    .sort((a, b) => age(a) - age(b) || a.id - b.id)
    .slice(0, limit)
}
