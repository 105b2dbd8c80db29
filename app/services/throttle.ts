import { createHash, randomUUID } from 'node:crypto'
import db from '@adonisjs/lucid/services/db'

/**
 * A counter of attempts for one kind of subject (an email, an email and an IP).
 * Within `windowMs` of its first attempt, the attempt numbered `limit` and each
 * one after it blocks the subject for `blockMs(n)` from that attempt on. Blocked
 * attempts are refused and not counted; `reset` (a success) forgets the subject.
 */
export interface ThrottleRule {
  name: string
  limit: number
  windowMs: number
  /** Non-decreasing in `attempt`, and constant from some attempt on (the cap). */
  blockMs: (attempt: number) => number
}

export type ThrottleDecision =
  { allowed: true; attempt: number } | { allowed: false; retryAfterSeconds: number }

const TABLE = 'throttles'
const GC_PROBABILITY = 0.02

function keyOf(rule: ThrottleRule, subject: string) {
  return createHash('sha256').update(`${rule.name}\n${subject}`).digest('hex')
}

function integer(value: number) {
  if (!Number.isSafeInteger(value)) throw new Error(`Throttle: ${value} is not an integer`)
  return String(value)
}

/** The blocks of a rule as steps `[from attempt, ms]`, the last one the cap. */
function steps(rule: ThrottleRule) {
  const result: [number, number][] = []
  for (let attempt = rule.limit; attempt < rule.limit + 64; attempt++) {
    const ms = rule.blockMs(attempt)
    if (result.length && ms === result[result.length - 1][1]) return result
    result.push([attempt, ms])
  }
  throw new Error(`Throttle ${rule.name}: blockMs never reaches a cap`)
}

function longestBlock(rule: ThrottleRule) {
  const all = steps(rule)
  return all[all.length - 1][1]
}

/** SQL for "blocked until" after the attempt whose number is `attempts` (NULL: not blocked). */
function blockedUntilSql(rule: ThrottleRule, attempts: string, now: number) {
  const cases = steps(rule)
    .reverse()
    .map(([from, ms]) => `WHEN ${attempts} >= ${integer(from)} THEN ${integer(now + ms)}`)
  return `CASE ${cases.join(' ')} ELSE NULL END`
}

/**
 * Counts one attempt and says whether it may go ahead. One atomic upsert, no
 * explicit transaction, the same SQL on SQLite and PostgreSQL: concurrent
 * attempts from any number of workers or machines each get their own number,
 * and the attempt that reaches the limit blocks the others at once (as if it
 * will fail; a success then calls `reset`).
 */
export async function hit(
  rule: ThrottleRule,
  subject: string,
  now = Date.now()
): Promise<ThrottleDecision> {
  const key = keyOf(rule, subject)
  const attemptId = randomUUID()
  const keep = rule.windowMs + longestBlock(rule)
  const t = `${TABLE}.`
  const blocked = `(${t}blocked_until IS NOT NULL AND ${t}blocked_until > ${integer(now)})`
  const expired = `(${t}window_started_at <= ${integer(now - rule.windowMs)})`
  const attempts = `(CASE WHEN ${expired} THEN 1 ELSE ${t}attempts + 1 END)`
  const windowStart = `(CASE WHEN ${expired} THEN ${integer(now)} ELSE ${t}window_started_at END)`
  const firstBlock = rule.limit <= 1 ? integer(now + rule.blockMs(1)) : 'NULL'

  const result = await db.rawQuery(
    `INSERT INTO ${TABLE} (throttle_key, attempts, window_started_at, blocked_until, attempt_id, expires_at)
     VALUES (?, 1, ${integer(now)}, ${firstBlock}, ?, ${integer(now + keep)})
     ON CONFLICT (throttle_key) DO UPDATE SET
       attempts = CASE WHEN ${blocked} THEN ${t}attempts ELSE ${attempts} END,
       window_started_at = CASE WHEN ${blocked} THEN ${t}window_started_at ELSE ${windowStart} END,
       blocked_until = CASE WHEN ${blocked} THEN ${t}blocked_until ELSE ${blockedUntilSql(rule, attempts, now)} END,
       attempt_id = CASE WHEN ${blocked} THEN ${t}attempt_id ELSE EXCLUDED.attempt_id END,
       expires_at = CASE WHEN ${blocked} THEN ${t}expires_at ELSE ${windowStart} + ${integer(keep)} END
     RETURNING attempts, blocked_until, attempt_id`,
    [key, attemptId]
  )
  const row = (result.rows ?? result)[0]

  if (Math.random() < GC_PROBABILITY) await forgetExpired(now)

  if (row.attempt_id === attemptId) return { allowed: true, attempt: Number(row.attempts) }
  const waitMs = Number(row.blocked_until) - now
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) }
}

/** Drops the counters no rule can still read (their window and block are over). */
export async function forgetExpired(now = Date.now()) {
  await db.from(TABLE).where('expires_at', '<', now).delete()
}

/** Forgets the subject's attempts (after a success). */
export async function reset(rule: ThrottleRule, subject: string) {
  await db.from(TABLE).where('throttle_key', keyOf(rule, subject)).delete()
}
