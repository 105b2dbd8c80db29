import vine from '@vinejs/vine'
import db from '@adonisjs/lucid/services/db'
import type { DatabaseQueryBuilderContract } from '@adonisjs/lucid/types/querybuilder'
import { searchExpression } from '#database/search_index'
import { cleanInput, cleanText } from '#services/control_characters'
import { number } from '#validators/rules/number'
import { fromAnchor } from '#lists/page_anchors'
import { keptResult } from '#lists/kept_reads'
import type { ExportColumn, Keyset, ListTotal, PageLink, Paginated, SheetCell } from '#lists/types'

/**
 * The shared server side of every list: one filter schema, one query, and the
 * spec's pagination payload (`data, from, to, total, current_page, last_page,
 * links`). The page, `{list}/datatable` and the PDF/Excel exports all go
 * through the same list definition, so their filters cannot drift apart.
 */
export const PAGE_SIZES = [5, 10, 20, 50, 100] as const
export const DEFAULT_PAGE_SIZE = 20
const MAX_PAGE = 1_000_000

/** Base query fields every list accepts. Out-of-range values fall back to defaults. */
export const baseFilterSchema = {
  search: vine.string().trim().maxLength(100).optional(),
  limit: number()
    .withoutDecimals()
    .in([...PAGE_SIZES])
    .optional(),
  page: number().withoutDecimals().range([1, MAX_PAGE]).optional(),
}

/** A column a spreadsheet stores typed (a number, rupiah, a date), printed as `key` shows it. */
export function typedColumn<Row>(
  key: string,
  label: string,
  width: number,
  format: SheetCell<Row>['format'],
  value: SheetCell<Row>['value']
): ExportColumn<Row> {
  return { key, label, width, sheet: { format, value } }
}

/**
 * Query-string values trimmed, control characters removed (the middleware did that already; lists
 * may be read elsewhere too), empty ones left out. Arrays and objects (`limit[]=5`, `name[a]=x`)
 * are passed on as they are, so the validator refuses them with the field's message instead of
 * the list quietly reading one of their values.
 */
export function cleanQuery(qs: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(qs)) {
    if (typeof value !== 'string') {
      if (value !== undefined && value !== null) out[key] = cleanInput(value)
      continue
    }
    const text = cleanText(value).trim()
    if (text !== '') out[key] = text
  }
  return out
}

/** The string values of a cleaned query, for the page links. */
export function queryStrings(qs: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(qs).filter((entry): entry is [string, string] => typeof entry[1] === 'string')
  )
}

/** Page numbers to show: first, last, and a window around the current page, with '...' gaps. */
export function pageWindow(current: number, last: number, radius = 1): (number | '...')[] {
  const wanted = new Set([1, last])
  for (let page = current - radius; page <= current + radius; page++) wanted.add(page)
  const pages: (number | '...')[] = []
  let previous = 0
  for (const page of [...wanted].filter((p) => p >= 1 && p <= last).sort((a, b) => a - b)) {
    if (page - previous > 1) pages.push('...')
    pages.push(page)
    previous = page
  }
  return pages
}

function pageLinks(
  baseUrl: string,
  qs: Record<string, string>,
  current: number,
  last: number
): PageLink[] {
  const url = (page: number) => {
    const params = new URLSearchParams({ ...qs, page: String(page) })
    return `${baseUrl}?${params.toString()}`
  }
  return [
    { url: current > 1 ? url(current - 1) : null, label: '&laquo; Sebelumnya', active: false },
    ...pageWindow(current, last).map((page) =>
      page === '...'
        ? { url: null, label: '...', active: false }
        : { url: url(page), label: String(page), active: page === current }
    ),
    { url: current < last ? url(current + 1) : null, label: 'Berikutnya &raquo;', active: false },
  ]
}

/**
 * Counts the query's rows (at most `limit` + 1 of them when a limit is given). Counting is the
 * costly half of a page on a large table, and paging through one filter asks for the same
 * count again: the count is a kept read (kept_reads.ts).
 */
export async function countRows(query: DatabaseQueryBuilderContract<any>, limit?: number) {
  const matching = query.clone().clearOrder().clearSelect()
  // Bounded: the rows are counted up to one past the limit, then no further.
  const countQuery = limit
    ? query.client
        .from(
          matching
            .select(db.raw('1'))
            .limit(limit + 1)
            .as('m')
        )
        .count('* as total')
    : matching.count('* as total')
  return keptResult(countQuery, async () => {
    const row = await countQuery.first()
    return Number(row?.total ?? 0)
  })
}

/**
 * The rows of `ids`, in the query's order: the joins and per-row sums of a list computed for
 * the rows shown (or exported in one chunk) only.
 */
export async function rowsOfIds(
  query: DatabaseQueryBuilderContract<any>,
  idColumn: string,
  ids: (string | number)[]
): Promise<Record<string, any>[]> {
  return ids.length ? query.clone().whereIn(idColumn, ids) : []
}

/**
 * One page of rows. With `idColumn`, the page's ids are chosen first by a query of the ids
 * alone (the list's index, its lookups left joined and unused, which both databases then
 * skip), and only those rows are joined and computed. A page in the back half of a list whose
 * order is known (`order`, the keys it is sorted by) and whose total is exact is read from the
 * far end of the index, backwards: the last page costs what the first does; a page far from
 * both ends starts after the nearest of the list's anchors (page_anchors.ts).
 */
async function pageRows(
  query: DatabaseQueryBuilderContract<any>,
  limit: number,
  offset: number,
  idColumn?: string,
  order?: (Keyset & { total: number }) | null
) {
  if (!idColumn) return query.clone().limit(limit).offset(offset)
  const ids = query.clone().clearSelect().select(`${idColumn} as page_id`)
  // Far from both ends: after the nearest anchor (page_anchors.ts); else by OFFSET.
  const anchored = order ? await fromAnchor(ids, order, offset, limit, order.total) : false
  if (!anchored && order && offset > order.total / 2) {
    const take = Math.max(0, Math.min(limit, order.total - offset))
    const reverse = order.dir === 'desc' ? 'asc' : 'desc'
    ids
      .clearOrder()
      .orderByRaw(order.keys.map((key) => `${key} ${reverse}`).join(', '))
      .limit(take)
      .offset(order.total - offset - take)
  } else if (!anchored) {
    ids.limit(limit).offset(offset)
  }
  const found: { page_id: string | number }[] = await ids
  // The rows come back in the list's order whichever way their ids were read.
  return rowsOfIds(
    query,
    idColumn,
    found.map((row) => row.page_id)
  )
}

/**
 * Runs one page of a list query. A page past the end answers the last page
 * instead of an empty one.
 */
export async function paginate<Row>(
  query: DatabaseQueryBuilderContract<any>,
  options: {
    page?: number
    limit?: number
    baseUrl: string
    qs: Record<string, string>
    idColumn?: string
    /** The matching rows when the list can tell (kept counts, a bounded count); else counted. */
    total?: ListTotal | null
    /** The keys the query is sorted by, when known (deep pages are then read backwards). */
    order?: Keyset | null
  },
  map: (row: any) => Row = (row) => row
): Promise<Paginated<Row>> {
  const limit = options.limit ?? DEFAULT_PAGE_SIZE
  const known = options.total ?? { total: await countRows(query) }
  const total = known.total
  const lastPage = Math.max(1, Math.ceil(total / limit))
  const page = Math.min(options.page ?? 1, lastPage)
  const exact = !known.capped && !known.estimated
  const order = options.order && exact ? { ...options.order, total } : null
  const rows =
    total === 0 ? [] : await pageRows(query, limit, (page - 1) * limit, options.idColumn, order)
  const data = rows.map(map)
  const qs = { ...options.qs }
  delete qs.page
  return {
    data,
    from: data.length ? (page - 1) * limit + 1 : null,
    to: data.length ? (page - 1) * limit + data.length : null,
    total,
    per_page: limit,
    current_page: page,
    last_page: lastPage,
    links: pageLinks(options.baseUrl, qs, page, lastPage),
    ...(known.capped ? { total_capped: true } : {}),
    ...(known.estimated ? { total_estimated: true } : {}),
  }
}

/** `%value%` with the user's `%`, `_` and `\\` matched literally. */
export function likeTerm(value: string) {
  return `%${value.replace(/[\\%_]/g, (char) => `\\${char}`)}%`
}

/**
 * Case-insensitive "contains" on one or more columns (any of them), with the
 * user's `%` and `_` matched literally, on SQLite and PostgreSQL alike; no
 * condition when the value is empty (a filter left blank).
 */
export function whereContains(
  query: DatabaseQueryBuilderContract<any>,
  columns: readonly string[],
  value: string | undefined
) {
  if (!value) return query
  const term = likeTerm(value)
  const operator = query.client.dialect.name === 'postgres' ? 'ILIKE' : 'LIKE'
  return query.where((group) => {
    for (const column of columns) {
      group.orWhereRaw(`?? ${operator} ? ESCAPE '\\'`, [column, term])
    }
  })
}

/**
 * Narrows a list backed by a search index (database/search_index.ts) to rows
 * whose searchable text contains every term (`alias`: the table's name in the query): the FTS5 trigram table on SQLite
 * (terms of 3+ characters; shorter ones fall back to LIKE), the pg_trgm
 * expression index on PostgreSQL. Column filters pass their values here too,
 * as a fast pre-filter, and still apply their exact column condition.
 */
export function whereSearch(
  query: DatabaseQueryBuilderContract<any>,
  table: string,
  columns: string[],
  values: string[],
  alias = table
) {
  const terms = values.map((value) => value.trim()).filter(Boolean)
  if (query.client.dialect.name === 'postgres') {
    for (const term of terms) {
      query.whereRaw(`${searchExpression(columns)} LIKE ? ESCAPE '\\'`, [
        likeTerm(term.toLowerCase()),
      ])
    }
    return query
  }
  const indexed = terms.filter((term) => term.length >= 3)
  for (const term of terms.filter((t) => t.length < 3)) whereContains(query, columns, term)
  if (!indexed.length) return query
  const match = indexed.map((term) => `"${term.replaceAll('"', '""')}"`).join(' AND ')
  return query.whereIn(`${alias}.id`, (search) =>
    search.from(`${table}_search`).select('rowid').whereRaw(`${table}_search MATCH ?`, [match])
  )
}
