import type { DatabaseQueryBuilderContract } from '@adonisjs/lucid/types/querybuilder'
import { countRows, likeTerm, whereSearch } from '#lists/datatable'
import { planText, type SAMPLING, type TextPlan } from '#lists/text_plan'

/**
 * How an order list reads its text filters (the search box, number, facility, letter number)
 * over a million orders: every order keeps its searchable text (database/order_search.ts),
 * read by walking the list or from the trigram index as the sample decides (text_plan.ts); a
 * rare term's matches are counted through the index up to COUNT_LIMIT ("lebih dari").
 */

/** Matches counted at most through the index. */
export const COUNT_LIMIT = 10_000

/** The texts that are not blank. */
export function textTerms(texts: (string | undefined)[]) {
  return texts.filter((text): text is string => Boolean(text?.trim()))
}

/**
 * The test of a walked or sampled order's text for one term, and the term's pattern: the text is
 * kept lower-cased, so a plain LIKE of the lower-cased term (PostgreSQL's ILIKE folds every
 * row's case again: twice the time of a walk).
 */
const textContains = (alias: string) => `${alias}.search_text LIKE ? ESCAPE '\\'`
const textPattern = (term: string) => likeTerm(term.toLowerCase())

/** Orders whose search text contains every term, read the planned way (index by default). */
export function whereOrderText(
  query: DatabaseQueryBuilderContract<any>,
  terms: string[],
  plan?: TextPlan
) {
  if (!terms.length) return query
  if (!plan?.scan) return whereSearch(query, 'orders', ['search_text'], terms, 'o')
  for (const term of terms) query.whereRaw(textContains('o'), [textPattern(term)])
  return query
}

/**
 * Decides how to read `terms` on `list` (the list's query without them, in its order); `base`
 * and `searchOnly` as planText takes them. The search text is kept lower-cased.
 */
export async function planOrderText(
  list: DatabaseQueryBuilderContract<any>,
  terms: string[],
  base: number | null,
  searchOnly: boolean,
  sampling?: typeof SAMPLING
): Promise<TextPlan | undefined> {
  if (!terms.length) return undefined
  const test = {
    columns: ['o.search_text'],
    sql: terms.map(() => textContains('s')).join(' AND '),
    bindings: terms.map(textPattern),
  }
  return planText(list, test, base, searchOnly, sampling)
}

/** The matches counted through the index, up to COUNT_LIMIT. */
export async function countOrderMatches(query: DatabaseQueryBuilderContract<any>) {
  const total = await countRows(query, COUNT_LIMIT)
  return total > COUNT_LIMIT ? { total: COUNT_LIMIT, capped: true } : { total }
}

/** How a bounded search reads: the newest orders walked, then candidates from the index. */
export const NEWEST_SEARCH = { walk: 2_000, candidates: 200 }

/**
 * The ids of the newest orders of `scoped` (orders `o`, with their scope: a type, a facility)
 * whose text contains `term`, at most `limit`, at a bounded cost whatever the term (the top
 * bar's search, issue 34: it scanned every order and 3 million device lines). The newest
 * `walk` orders are read in their index order first: a term many orders share fills the answer
 * there. What is missing comes from the trigram index, at most `candidates` of them, newest
 * first: a rare term (an order number, a serial number) is found wherever it is.
 */
export async function newestOrdersContaining(
  scoped: DatabaseQueryBuilderContract<any>,
  term: string,
  limit: number
): Promise<number[]> {
  const client = scoped.client
  const newest = scoped
    .clone()
    .clearSelect()
    .clearOrder()
    .select('o.id', 'o.created_at', 'o.search_text')
    .orderBy('o.created_at', 'desc')
    .limit(NEWEST_SEARCH.walk)
  const walked = await client
    .from(newest.as('s'))
    .whereRaw(textContains('s'), [textPattern(term)])
    .orderBy('s.created_at', 'desc')
    .limit(limit)
    .select('s.id')
  const ids = walked.map((row) => Number(row.id))
  if (ids.length >= limit || term.trim().length < 3) return ids
  const candidates = whereSearch(
    scoped.clone().clearSelect().clearOrder().select('o.id'),
    'orders',
    ['search_text'],
    [term],
    'o'
  ).limit(NEWEST_SEARCH.candidates)
  const found = await client
    .from('orders as o')
    .whereIn('o.id', candidates)
    .if(ids.length > 0, (query) => query.whereNotIn('o.id', ids))
    .orderBy('o.created_at', 'desc')
    .limit(limit - ids.length)
    .select('o.id')
  return [...ids, ...found.map((row) => Number(row.id))]
}
