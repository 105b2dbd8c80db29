import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import type { DatabaseQueryBuilderContract } from '@adonisjs/lucid/types/querybuilder'
import type { Keyset } from '#queries/list_definition'
import { keyColumns, whereAfterKeys } from '#queries/list_sort'

/**
 * Deep pages of large lists (issue 16): the keys of every `every`-th row of a list in its
 * order, read in one walk of its index and kept a minute (forgotten at once after a write in
 * this process, like the counts), so a page far from both ends of a list starts after the
 * nearest anchor before it: a keyset condition, then an OFFSET of fewer than `every`
 * index entries, instead of an OFFSET over hundreds of thousands on every request.
 *
 * Written by another app instance meanwhile, a page may show rows shifted by the orders added
 * since the anchors were read (at most a minute), as a total kept for a few seconds may be off.
 * A list's keyset keys are never null (a row value compared with a null is no row).
 */
export const PAGE_ANCHORS = {
  /** Rows from one anchor to the next. */
  every: 1000,
  /** Pages closer than this to either end of the list are read by OFFSET from that end. */
  from: 20_000,
}

const ANCHOR_TTL_MS = app.inTest ? 0 : 60_000
const MAX_ANCHOR_SETS = 50
type Anchors = (string | number)[][]
const anchorSets = new Map<string, { anchors: Anchors; at: number }>()
/**
 * Walks under way: requests that need the same anchors meanwhile wait for that walk instead of
 * starting their own (under load, ten at once had each walked the list: seconds, not 0.3 s).
 */
const reading = new Map<string, Promise<Anchors>>()

/** Forgets the anchors, so a list re-read right after a write pages from the rows as they are. */
export function forgetAnchors() {
  anchorSets.clear()
  // A walk begun before this is no longer under way: it is not kept when it ends.
  reading.clear()
}

/** The keys of rows `every`, 2 × `every`… of the list, read or kept. */
async function anchorsOf(ids: DatabaseQueryBuilderContract<any>, keyset: Keyset) {
  const { keys, dir } = keyset
  const order = keys.map((key) => `${key} ${dir}`).join(', ')
  const numbered = ids
    .clone()
    .clearSelect()
    .clearOrder()
    .clearLimit()
    .clearOffset()
    .select(keyColumns(ids, keyset))
    .select(db.raw(`row_number() over (order by ${order}) as anchor_row`))
  const { sql, bindings } = numbered.toSQL()
  const cacheKey = `${ids.client.connectionName}:${PAGE_ANCHORS.every}:${sql}:${JSON.stringify(bindings)}`
  const cached = anchorSets.get(cacheKey)
  if (cached && Date.now() - cached.at < ANCHOR_TTL_MS) return cached.anchors
  const underWay = reading.get(cacheKey)
  if (underWay) return underWay

  const walk = (async () => {
    const rows: Record<string, string | number>[] = await ids.client
      .from(numbered.as('numbered'))
      .whereRaw(`anchor_row % ${PAGE_ANCHORS.every} = 0`)
      .orderBy('anchor_row')
      .select(keys.map((_, i) => `key_${i}`))
    return rows.map((row) => keys.map((_, i) => row[`key_${i}`]))
  })()
  reading.set(cacheKey, walk)
  try {
    const anchors = await walk
    // Still the walk under way: no write has forgotten the anchors since it began.
    if (reading.get(cacheKey) === walk) {
      if (anchorSets.size >= MAX_ANCHOR_SETS) anchorSets.clear()
      anchorSets.set(cacheKey, { anchors, at: Date.now() })
    }
    return anchors
  } finally {
    if (reading.get(cacheKey) === walk) reading.delete(cacheKey)
  }
}

/**
 * Narrows `ids` (the list's id query in its order) to the page at `offset` from the anchor
 * before it; false when the page is near an end of the list's `total` rows or the list has no
 * such anchor (then the caller pages by OFFSET).
 */
export async function fromAnchor(
  ids: DatabaseQueryBuilderContract<any>,
  order: Keyset,
  offset: number,
  limit: number,
  total: number
) {
  const { every, from } = PAGE_ANCHORS
  if (Math.min(offset, total - offset) < from) return false
  const index = Math.floor(offset / every) - 1
  if (index < 0) return false
  const anchors = await anchorsOf(ids, order)
  const anchor = anchors[index]
  if (!anchor || anchor.some((value) => value === null || value === undefined)) return false
  whereAfterKeys(ids, order, anchor)
    .limit(limit)
    .offset(offset - (index + 1) * every)
  return true
}
