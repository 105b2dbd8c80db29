import type { ApiClient, ApiRequest, ApiResponse } from '@japa/api-client'
import db from '@adonisjs/lucid/services/db'

/**
 * Issue 33, point 2: the same request sent several times at once must leave exactly what the
 * same requests sent one after another leave: the first acts, the others are refused (or act)
 * as a later request would, and nothing is audited, told or e-mailed twice.
 *
 * A duplicate run sends one request `times` times to a fresh subject (`prepare`), either one
 * after another or all at once, and reads what it left: how each answered, and the rows written
 * meanwhile to the tables where an action leaves its record. Run outside a global transaction:
 * requests sharing one test transaction would share one connection, which two real requests
 * never do.
 */

/** Where an action leaves its record: the audit trail, the in-app notices, the outbox. */
const RECORDS = ['audit_logs', 'notices', 'outbox_messages'] as const

async function marks() {
  const mark: Record<string, number> = {}
  for (const table of RECORDS) {
    const row = await db.from(table).max('id as id').first()
    mark[table] = Number(row?.id ?? 0)
  }
  return mark
}

async function writtenSince(mark: Record<string, number>) {
  const counts: Record<string, number> = {}
  for (const table of RECORDS) {
    const row = await db.from(table).where('id', '>', mark[table]).count('* as n').first()
    counts[table] = Number(row?.n ?? 0)
  }
  return counts
}

export type Outcome = 'done' | 'refused' | 'failed'

/** Done (a redirect or answer without an error), refused (4xx or an error message), failed (5xx). */
export function outcomeOf(response: ApiResponse): Outcome {
  const status = response.status()
  if (status >= 500) return 'failed'
  if (status >= 400) return 'refused'
  if (status >= 300) {
    const flash = response.flashMessages()
    const fieldErrors = Object.keys(flash.inputErrorsBag ?? {}).length
    return flash.error || fieldErrors ? 'refused' : 'done'
  }
  return 'done'
}

export interface DuplicateCase<C> {
  /** A fresh subject in the state the request needs. */
  prepare: () => Promise<C>
  /** The request, ready to send (user, CSRF token, body). */
  send: (client: ApiClient, ctx: C) => ApiRequest
  /** What else must end the same, independent of the subject's ids (its status, say). */
  state?: (ctx: C) => Promise<unknown>
}

export interface DuplicateRun {
  outcomes: Outcome[]
  records: Record<string, number>
  state: unknown
}

/** Sends the case's request `times` times, one after another or all at once. */
export async function duplicateRun<C>(
  client: ApiClient,
  duplicate: DuplicateCase<C>,
  mode: 'sequential' | 'concurrent',
  times = 4
): Promise<DuplicateRun> {
  const ctx = await duplicate.prepare()
  const mark = await marks()
  const responses: ApiResponse[] = []
  if (mode === 'sequential') {
    for (let i = 0; i < times; i++) responses.push(await duplicate.send(client, ctx))
  } else {
    responses.push(
      ...(await Promise.all(Array.from({ length: times }, () => duplicate.send(client, ctx))))
    )
  }
  return {
    outcomes: responses.map(outcomeOf).sort(),
    records: await writtenSince(mark),
    state: (await duplicate.state?.(ctx)) ?? null,
  }
}
