import db from '@adonisjs/lucid/services/db'
import type { DatabaseQueryBuilderContract } from '@adonisjs/lucid/types/querybuilder'
import type { Keyset, ListSort, SortColumn } from '#lists/types'

export const SORT_REFUSAL = 'Urutan tabel tidak dikenal. Pilih urutan dari judul kolom.'

/**
 * The sort named by `sort` and `dir` in the query string: null when none is asked for (the
 * list keeps its own order), `false` when it names a column the list cannot sort by.
 */
export function readSort(
  qs: Record<string, unknown>,
  sorts: Record<string, SortColumn> | undefined
): ListSort | null | false {
  const key = qs.sort
  if (key === undefined) return null
  const dir = qs.dir ?? 'asc'
  if (typeof key !== 'string' || !sorts || !Object.hasOwn(sorts, key)) return false
  if (dir !== 'asc' && dir !== 'desc') return false
  return { key, dir }
}

/**
 * Orders the list's query by the chosen column instead of its own order: text ignoring case
 * (`lower(column)`, which the list's expression index serves), then the row id (or the joined
 * row's key, `through`) so pages never overlap.
 */
export function applySort(
  query: DatabaseQueryBuilderContract<any>,
  sorts: Record<string, SortColumn>,
  idColumn: string,
  sort: ListSort
) {
  const { column, text, through } = sorts[sort.key]
  query.clearOrder()
  // A comparison, not IS NOT NULL: SQLite then reads the left join as an inner one and walks
  // the type table's sort index (0043) instead of sorting every order of the list.
  if (through) query.where(through, '>', 0)
  if (text) query.orderByRaw(`lower(${column}) ${sort.dir}`)
  else query.orderBy(column, sort.dir)
  return query.orderBy(through ?? idColumn, sort.dir)
}

/** The sort as the exports print it among the filters. */
export function describeSort(sorts: Record<string, SortColumn>, sort: ListSort) {
  const { label, text } = sorts[sort.key]
  const way = text ? (sort.dir === 'asc' ? 'A-Z' : 'Z-A') : sort.dir === 'asc' ? 'naik' : 'turun'
  return { label: 'Urutan', value: `${label} (${way})` }
}

/**
 * A keyset's keys selected as `key_0, key_1…`; on PostgreSQL as text, so a timestamp keeps its
 * microseconds when it is given back as a bound value.
 */
export function keyColumns(query: DatabaseQueryBuilderContract<any>, { keys }: Keyset) {
  const postgres = query.client.dialect.name === 'postgres'
  return keys.map((key, i) => db.raw(`${postgres ? `(${key})::text` : key} as key_${i}`))
}

/** The rows after `values` (a row's keys) in the keyset's order. */
export function whereAfterKeys(
  query: DatabaseQueryBuilderContract<any>,
  { keys, dir }: Keyset,
  values: (string | number)[]
) {
  const places = values.map(() => '?').join(', ')
  return query.whereRaw(`(${keys.join(', ')}) ${dir === 'desc' ? '<' : '>'} (${places})`, values)
}
