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
