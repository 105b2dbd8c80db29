import { createHash } from 'node:crypto'
import { DateTime } from 'luxon'
import type { QueryClientContract, TransactionClientContract } from '@adonisjs/lucid/types/database'

/**
 * The audit log as a hash chain: every row stores the hash of the row before
 * it (by id) and its own hash over its canonical content plus that previous
 * hash (sha256). Changing, removing or reordering a stored row breaks the
 * chain at that row, which `node ace kalibra:audit-verify` reports.
 *
 * The hash is computed from the row as the database returns it, normalised
 * so SQLite and PostgreSQL give the same text: timestamps in UTC to the
 * second (SQLite keeps no more), JSON columns as their stored text.
 */

/** prev_hash of the first row. */
export const GENESIS_HASH = '0'.repeat(64)

/** Any fixed number will do: it only has to be the same in every process of the app. */
const CHAIN_LOCK_KEY = 7_308_165_734_657

/** The audited columns, in the order they are hashed. */
export interface ChainedContent {
  user_id: number | null
  user_name: string | null
  role: string | null
  action: string
  subject_type: string | null
  subject_id: string | null
  changes_from: string | null
  changes_to: string | null
  reason: string | null
  ip: string | null
  created_at: string
}

/** created_at as hashed: UTC, whole seconds, ISO 8601. */
export function canonicalTime(value: unknown): string {
  let time: DateTime
  if (value instanceof Date) time = DateTime.fromJSDate(value)
  else if (DateTime.isDateTime(value)) time = value
  else {
    const text = String(value)
    time = DateTime.fromSQL(text, { zone: 'utc' })
    if (!time.isValid) time = DateTime.fromISO(text, { zone: 'utc' })
  }
  return time.toUTC().toFormat("yyyy-MM-dd'T'HH:mm:ss'Z'")
}

const text = (value: unknown) => (value === null || value === undefined ? null : String(value))

/** The hashed columns of a stored row (as the query builder returns it). */
export function contentOf(row: Record<string, unknown>): ChainedContent {
  return {
    user_id: row.user_id === null || row.user_id === undefined ? null : Number(row.user_id),
    user_name: text(row.user_name),
    role: text(row.role),
    action: String(row.action),
    subject_type: text(row.subject_type),
    subject_id: text(row.subject_id),
    changes_from: text(row.changes_from),
    changes_to: text(row.changes_to),
    reason: text(row.reason),
    ip: text(row.ip),
    created_at: canonicalTime(row.created_at),
  }
}

export function chainHash(content: ChainedContent, prevHash: string) {
  const canonical = JSON.stringify([
    prevHash,
    content.user_id,
    content.user_name,
    content.role,
    content.action,
    content.subject_type,
    content.subject_id,
    content.changes_from,
    content.changes_to,
    content.reason,
    content.ip,
    content.created_at,
  ])
  return createHash('sha256').update(canonical).digest('hex')
}

/**
 * Makes the caller the only writer of the chain until its transaction ends,
 * so the head it reads is still the head when it commits. PostgreSQL: a
 * transaction-level advisory lock (released at commit or rollback). SQLite
 * has one writer at a time already. Call it first in a transaction that
 * writes and audits several times, so all audited transactions take their
 * locks in the same order.
 */
export async function lockChain(trx: TransactionClientContract) {
  if (trx.dialect.name === 'postgres')
    await trx.rawQuery('SELECT pg_advisory_xact_lock(?)', [CHAIN_LOCK_KEY])
}

/** The hash the next row must carry as prev_hash. */
export async function chainHead(client: QueryClientContract | TransactionClientContract) {
  const last = await client.from('audit_logs').select('hash').orderBy('id', 'desc').first()
  return (last?.hash as string | undefined) ?? GENESIS_HASH
}

export type ChainCheck =
  | {
      ok: true
      count: number
      head: string
      /** Which of the hashes asked about (`contains`) are in the chain. */
      contains: string[]
    }
  | {
      ok: false
      count: number
      id: number
      field: 'prev_hash' | 'hash'
      expected: string
      found: string | null
    }

/**
 * Walks the whole chain in id order; stops at the first row that does not
 * hold. `contains`: hashes noted from earlier runs, to tell whether they are
 * still in the chain (rows cut off the end leave no other trace).
 */
export async function verifyChain(
  client: QueryClientContract,
  options: { batchSize?: number; contains?: string[] } = {}
): Promise<ChainCheck> {
  const batchSize = options.batchSize ?? 1000
  const wanted = new Set(options.contains ?? [])
  const contains: string[] = []
  let previous = GENESIS_HASH
  let count = 0
  let afterId = 0
  for (;;) {
    const rows = await client
      .from('audit_logs')
      .where('id', '>', afterId)
      .orderBy('id')
      .limit(batchSize)
    for (const row of rows) {
      const id = Number(row.id)
      if (row.prev_hash !== previous) {
        const found = row.prev_hash ?? null
        return { ok: false, count, id, field: 'prev_hash', expected: previous, found }
      }
      const expected = chainHash(contentOf(row), previous)
      if (row.hash !== expected)
        return { ok: false, count, id, field: 'hash', expected, found: row.hash ?? null }
      previous = row.hash
      if (wanted.has(previous)) contains.push(previous)
      count++
      afterId = id
    }
    if (rows.length < batchSize) return { ok: true, count, head: previous, contains }
  }
}
