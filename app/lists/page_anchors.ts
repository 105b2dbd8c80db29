import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import type { DatabaseQueryBuilderContract } from '@adonisjs/lucid/types/querybuilder'
import { keyColumns, whereAfterKeys } from '#lists/list_sort'
import { tablesRead } from '#lists/kept_reads'
import { onCommittedWrites } from '#database/committed_writes'
import { BACKGROUND_READ } from '#database/sqlite_readers'
import logger from '@adonisjs/core/services/logger'
import type { Keyset } from '#lists/types'

/**
 * Deep pages of large lists (issue 16): the keys of every `every`-th row of a list in its
 * order, read in one walk of its index, so a page far from both ends of a list starts after the
 * nearest anchor before it: a keyset condition, then an OFFSET of fewer than `every` index
 * entries, instead of an OFFSET over hundreds of thousands on every request.
 *
 * A lab at work writes every second, and a walk costs 0.4-2.4 s at a million orders: a write no
 * longer throws the anchors away (issue 34). A committed write to a table the walk read marks
 * them stale (database/committed_writes.ts); stale anchors (or anchors older than a minute) go
 * on serving while one walk reads them again in the background, at most once every
 * `refreshMs` per list. Meanwhile a deep page may show its rows shifted by the rows added or
 * removed since the last walk: a bounded error (the writes of about `refreshMs` plus one
 * walk), corrected by the next walk. Totals and the pages near either end are read as they
 * are. A list's keyset keys are never null (a row value compared with a null is no row).
 */
export const PAGE_ANCHORS = {
  /** Rows from one anchor to the next. */
  every: 1000,
  /** Pages closer than this to either end of the list are read by OFFSET from that end. */
  from: 20_000,
  /** Anchors are read again at most this often, in the background. */
  refreshMs: 10_000,
  /** Older than this they are not served: the request waits for a fresh walk. */
  maxAgeMs: 5 * 60_000,
}

// Off in tests, where fixtures are written inside a transaction that never commits.
const ANCHOR_TTL_MS = app.inTest ? 0 : 60_000
const MAX_ANCHOR_SETS = 50
type Anchors = (string | number)[][]
interface AnchorSet {
  anchors: Anchors
  at: number
  tables: Set<string>
  stale: boolean
}
const anchorSets = new Map<string, AnchorSet>()
/**
 * Walks under way: requests that need the same anchors meanwhile wait for that walk instead of
 * starting their own (under load, ten at once had each walked the list: seconds, not 0.3 s).
 * With each, whether a write to its tables committed while it read.
 */
const reading = new Map<string, { walk: Promise<Anchors>; tables: Set<string>; dirty: boolean }>()

const touches = (tables: Set<string>, written: Set<string>) =>
  [...tables].some((table) => written.has(table))

onCommittedWrites((written) => {
  for (const set of anchorSets.values()) if (touches(set.tables, written)) set.stale = true
  for (const walk of reading.values()) if (touches(walk.tables, written)) walk.dirty = true
})

/** Forgets every list's anchors (tests). */
export function forgetAnchors() {
  anchorSets.clear()
}

function walkAnchors(
  cacheKey: string,
  numbered: DatabaseQueryBuilderContract<any>,
  keys: string[],
  tables: Set<string>
) {
  const under = reading.get(cacheKey)
  if (under) return under.walk
  const entry = { tables, dirty: false, walk: Promise.resolve<Anchors>([]) }
  entry.walk = (async () => {
    try {
      const walk = numbered.client
        .from(numbered.as('numbered'))
        .whereRaw(`anchor_row % ${PAGE_ANCHORS.every} = 0`)
        .orderBy('anchor_row')
        .select(keys.map((_, i) => `key_${i}`))
      // On SQLite a reader thread of its own: no request's read queues behind the walk.
      walk.knexQuery.comment(BACKGROUND_READ)
      const rows: Record<string, string | number>[] = await walk
      const anchors = rows.map((row) => keys.map((_, i) => row[`key_${i}`]))
      if (ANCHOR_TTL_MS > 0) {
        if (anchorSets.size >= MAX_ANCHOR_SETS) anchorSets.clear()
        // A write that committed while it read: kept, but read again at the next refresh.
        anchorSets.set(cacheKey, { anchors, at: Date.now(), tables, stale: entry.dirty })
      }
      return anchors
    } finally {
      reading.delete(cacheKey)
    }
  })()
  reading.set(cacheKey, entry)
  return entry.walk
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
  const age = cached ? Date.now() - cached.at : Number.POSITIVE_INFINITY
  if (cached && age < ANCHOR_TTL_MS && !cached.stale) return cached.anchors
  if (cached && age < PAGE_ANCHORS.maxAgeMs) {
    if (age >= PAGE_ANCHORS.refreshMs && !reading.has(cacheKey)) {
      walkAnchors(cacheKey, numbered, keys, tablesRead(sql)).catch((error) =>
        logger.warn({ err: error }, 'page anchors: background walk failed')
      )
    }
    return cached.anchors
  }
  return walkAnchors(cacheKey, numbered, keys, tablesRead(sql))
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
