import db from '@adonisjs/lucid/services/db'
import type { DatabaseQueryBuilderContract } from '@adonisjs/lucid/types/querybuilder'
import { keptResult } from '#lists/kept_reads'
import type { ListTotal } from '#lists/types'

/**
 * How a large list reads its search box (the order lists, the inventory): two ways to find a
 * page, each fast where the other is slow.
 * - `scan`: walk the list's own index in its order and keep the rows that contain the term. A
 *   term many rows share (a brand, "puskesmas") fills a page after a few hundred rows; a rare
 *   one would walk the whole list.
 * - the index (the default): ask the trigram index (FTS5 on SQLite, pg_trgm on PostgreSQL, and
 *   the lists' own indexes) for the matching rows, then sort those. A rare term (a serial
 *   number, an order number) answers at once; a common one would sort tens of thousands of
 *   matches for a page of ten, or read trigrams every row has.
 * Which one is decided per request from samples of the first rows the list shows (SAMPLING):
 * the first 2,000; when a few of them match (a term neither rare nor common, such as a name a
 * dozen facilities share), the first 20,000. Matches making 0.1 % of either mean a page of ten
 * fills after some 10,000 rows walked: the list is walked.
 *
 * The total: a sample that saw every row the list shows counts them exactly (a facility's
 * list); otherwise a common term's total is estimated from the sample and the list's count
 * without the term ("sekitar").
 */
export interface TextPlan {
  scan: boolean
  total: ListTotal | null
}

/** The samples read in turn, and the share of matches from which the list is walked (0.1 %). */
export const SAMPLING = { window: 2_000, wideWindow: 20_000, scanShare: 0.001 }

/** What a sampled row is tested with: the list's columns it reads, and the test as SQL. */
export interface TextTest {
  /** Selected from the list's query; the test reads them as `s.<column name>`. */
  columns: string[]
  sql: string
  bindings: unknown[]
}

/**
 * How many of the first `size` rows of `list` there are, and how many pass `test`, in one pass;
 * kept a few seconds like a list's count (paging through a search asks the same again).
 */
async function sample(list: DatabaseQueryBuilderContract<any>, test: TextTest, size: number) {
  const first = list.clone().clearSelect().select(test.columns).limit(size)
  const counted = db
    .from(first.as('s'))
    .select(db.raw('count(*) as n'))
    .select(db.raw(`coalesce(sum(CASE WHEN ${test.sql} THEN 1 ELSE 0 END), 0) as m`, test.bindings))
  return keptResult(counted, async () => {
    const row = await counted.first()
    return { sampled: Number(row?.n ?? 0), matched: Number(row?.m ?? 0) }
  })
}

/**
 * Decides how to read a search on `list` (the list's query without it: its scope and other
 * filters, in its order). `base` is how many rows that query has (or how to count them, asked
 * only for an estimate), null when unknown; `searchOnly`: the search box alone narrows the
 * list, so the sample's count is the list's.
 */
export async function planText(
  list: DatabaseQueryBuilderContract<any>,
  test: TextTest,
  base: number | null | (() => Promise<number>),
  searchOnly: boolean,
  sampling = SAMPLING
): Promise<TextPlan> {
  let { sampled, matched } = await sample(list, test, sampling.window)
  const common = () => matched >= Math.max(1, sampled * sampling.scanShare)
  // Not one match among the first: a rare term, read from the index. A few: look further.
  if (matched > 0 && !common() && sampled === sampling.window) {
    ;({ sampled, matched } = await sample(list, test, sampling.wideWindow))
  }
  const scan = common()
  const window = sampled <= sampling.window ? sampling.window : sampling.wideWindow
  if (searchOnly && sampled < window) return { scan, total: { total: matched } }
  if (searchOnly && scan && base !== null) {
    const all = typeof base === 'number' ? base : await base()
    return { scan, total: { total: Math.round((matched / sampled) * all), estimated: true } }
  }
  return { scan, total: null }
}
