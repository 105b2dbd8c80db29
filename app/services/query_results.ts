/**
 * What the query builder answers, read the same way on SQLite and PostgreSQL: the drivers give
 * an update's count and an insert's returned id in different shapes.
 */

/** How many rows an `update` or `delete` changed (a number, or a one-item array). */
export function affectedRows(result: unknown) {
  return Number(Array.isArray(result) ? (result[0] ?? 0) : result)
}

/** The id of an inserted row, from `.returning('id')` (a value, or a row with `id`). */
export function insertedId(row: unknown) {
  return Number(typeof row === 'object' && row !== null ? (row as { id: unknown }).id : row)
}

/**
 * Several reads through one client: at once on the pool, one after another inside a transaction,
 * whose single connection would otherwise get a query while it runs another (the pg driver
 * warns, and its next major version refuses).
 */
export async function readAll<T extends readonly (() => unknown)[]>(
  client: { isTransaction?: boolean },
  reads: readonly [...T]
): Promise<{ -readonly [K in keyof T]: Awaited<ReturnType<T[K]>> }> {
  if (!client.isTransaction) return Promise.all(reads.map((read) => read())) as any
  const results: unknown[] = []
  for (const read of reads) results.push(await read())
  return results as any
}
