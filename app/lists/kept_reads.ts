import app from '@adonisjs/core/services/app'
import type { DatabaseQueryBuilderContract } from '@adonisjs/lucid/types/querybuilder'
import { onCommittedWrites } from '#database/committed_writes'

/**
 * Reads a list repeats on every page (its count, the search box's sample, the names a term
 * matches) kept a few seconds under their exact SQL and bindings. A write committed by this
 * process forgets at once exactly the kept reads of the tables it changed
 * (database/committed_writes.ts), so a list re-read after it shows what it did; a write that
 * rolls back, a sign-in or a change to another register forgets nothing. A write of another
 * worker or instance is seen when the kept read expires: within KEPT_READ_MS.
 */
export const KEPT_READ_MS = 5000
// Off in tests, where fixtures are written inside a transaction that never commits.
let keptFor = app.inTest ? 0 : KEPT_READ_MS
const MAX_KEPT = 500

interface Kept {
  value: unknown
  at: number
  tables: Set<string>
}

const kept = new Map<string, Kept>()

/** The tables a statement reads (each name after FROM or JOIN, in subqueries too). */
export function tablesRead(sql: string) {
  const tables = new Set<string>()
  for (const match of sql.matchAll(/\b(?:from|join)\s+[`"]?(\w+)[`"]?/gi)) {
    tables.add(match[1].toLowerCase())
  }
  return tables
}

/** What `read` gives for `query` (a count, or a few numbers or ids), kept as described above. */
export async function keptResult<T>(
  query: Pick<DatabaseQueryBuilderContract<any>, 'client' | 'toSQL'>,
  read: () => Promise<T>
): Promise<T> {
  const { sql, bindings } = query.toSQL()
  const key = `${query.client.connectionName}:${sql}:${JSON.stringify(bindings)}`
  const cached = kept.get(key)
  if (cached && Date.now() - cached.at < keptFor) return cached.value as T
  const startedAt = Date.now()
  const value = await read()
  // A write committed while it was read may be missing from it: not kept.
  if (keptFor > 0 && forgottenAt <= startedAt) {
    if (kept.size >= MAX_KEPT) kept.clear()
    kept.set(key, { value, at: startedAt, tables: tablesRead(sql) })
  }
  return value
}

/** When a committed write last forgot anything. */
let forgottenAt = 0

/** Forgets the kept reads of these tables (every one without an argument). */
export function forgetKeptReads(tables?: Set<string>) {
  forgottenAt = Date.now()
  if (!tables) return kept.clear()
  for (const [key, entry] of kept) {
    for (const table of entry.tables) {
      if (tables.has(table)) {
        kept.delete(key)
        break
      }
    }
  }
}

/** Tests: keep reads for `ms` (0: never) and answer the previous setting. */
export function keepReadsFor(ms: number) {
  const previous = keptFor
  keptFor = ms
  kept.clear()
  return previous
}

onCommittedWrites((tables) => forgetKeptReads(tables))
