import db from '@adonisjs/lucid/services/db'
import type { DatabaseQueryBuilderContract } from '@adonisjs/lucid/types/querybuilder'
import { countRows, whereContains, whereSearch, type ListTotal } from '#queries/datatable'

/**
 * How an order list reads its text filters (the search box, number, facility, letter number)
 * over a million orders. Every order keeps its searchable text (database/order_search.ts).
 *
 * Two ways to find a page, each fast where the other is slow:
 * - `scan`: walk the list's own index, newest first, and keep the orders whose text contains
 *   the terms. A term many orders share ("puskesmas", a contact's first name) fills a page
 *   after a few dozen orders; a rare one would walk the whole list.
 * - `index`: ask the trigram index (FTS5 on SQLite, pg_trgm on PostgreSQL) for the matching
 *   orders, then sort those. A rare term (a serial number, an order number) answers at once;
 *   a common one would sort tens of thousands of matches for a page of ten.
 * Which one is decided per request from a sample: the newest WINDOW orders the list shows.
 *
 * The total: a sample that saw every order the list shows counts them exactly (a facility's
 * list); otherwise a common term's total is estimated from the sample and the kept counts
 * ("sekitar"), and a rare term's matches are counted up to COUNT_LIMIT ("lebih dari").
 */
export interface TextPlan {
  scan: boolean
  total: ListTotal | null
}

const WINDOW = 2000
/** Matches in the sample from which walking the list fills a page soon enough (0.2 %). */
const SCAN_FROM = 4
/** Matches counted at most through the index. */
export const COUNT_LIMIT = 10_000

/** The non-blank texts. */
export function textTerms(texts: (string | undefined)[]) {
  return texts.filter((text): text is string => Boolean(text?.trim()))
}

/** Orders whose search text contains every term, read the planned way (index by default). */
export function whereOrderText(
  query: DatabaseQueryBuilderContract<any>,
  terms: string[],
  plan?: TextPlan
) {
  if (!terms.length) return query
  if (!plan?.scan) return whereSearch(query, 'orders', ['search_text'], terms, 'o')
  for (const term of terms) whereContains(query, ['o.search_text'], term.toLowerCase())
  return query
}

/**
 * Decides how to read `terms` on `list` (the list's query without them: its type, scope and
 * other filters, in its order). `base` is how many orders that query has, when the kept
 * counts tell (null when another filter applies); `searchOnly`: the terms are the search
 * box's alone, so the sample's count is the list's.
 */
export async function planOrderText(
  list: DatabaseQueryBuilderContract<any>,
  terms: string[],
  base: number | null,
  searchOnly: boolean
): Promise<TextPlan | undefined> {
  if (!terms.length) return undefined
  const newest = list.clone().clearSelect().select('o.search_text').limit(WINDOW)
  const hits = whereOrderText(db.from(newest.as('o')), terms, { scan: true, total: null })
  const [seen, found] = await Promise.all([
    db.from(newest.clone().as('w')).count('* as n').first(),
    hits.count('* as n').first(),
  ])
  const sampled = Number(seen?.n ?? 0)
  const matched = Number(found?.n ?? 0)
  const scan = matched >= SCAN_FROM
  if (searchOnly && sampled < WINDOW) return { scan, total: { total: matched } }
  if (searchOnly && scan && base !== null) {
    return { scan, total: { total: Math.round((matched / sampled) * base), estimated: true } }
  }
  return { scan, total: null }
}

/** The matches counted through the index, up to COUNT_LIMIT. */
export async function countOrderMatches(query: DatabaseQueryBuilderContract<any>) {
  const total = await countRows(query, COUNT_LIMIT)
  return total > COUNT_LIMIT ? { total: COUNT_LIMIT, capped: true } : { total }
}
