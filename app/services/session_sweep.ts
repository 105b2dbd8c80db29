import db from '@adonisjs/lucid/services/db'
import logger from '@adonisjs/core/services/logger'
import { sessionDriver } from '#config/session'
import { holdLease } from '#notifications/leases'
import { affectedRows } from '#services/query_results'
import { databaseUnreachable, isDatabaseUnreachable } from '#services/database_outage'

/** Rows deleted per statement: each delete holds SQLite's write lock only briefly. */
const BATCH = 1000
const LEASE_SECONDS = 600
export const SWEEP_EVERY_MS = 10 * 60_000

/**
 * Removes the sessions whose time ran out from the `sessions` table (SESSION_DRIVER=database;
 * Redis expires its keys itself). A session is refused once expired whether or not its row
 * is still there; the sweep only keeps the table small. One process at a time (a lease), in
 * small batches. Answers how many rows went.
 */
export async function sweepExpiredSessions(now = new Date()) {
  if (sessionDriver !== 'database') return 0
  if (!(await holdLease('session_sweep', LEASE_SECONDS))) return 0
  let removed = 0
  for (;;) {
    const expired = db.from('sessions').where('expires_at', '<', now).select('id').limit(BATCH)
    const deleted = affectedRows(await db.from('sessions').whereIn('id', expired).delete())
    removed += deleted
    if (deleted < BATCH) break
  }
  if (removed) logger.info({ removed }, 'expired sessions removed')
  return removed
}

/** Sweeps every SWEEP_EVERY_MS, the first time a minute after start; answers a stop function. */
export function startSessionSweep() {
  const run = () =>
    sweepExpiredSessions().catch((error) => {
      // An unreachable database is logged once per outage.
      if (isDatabaseUnreachable(error)) databaseUnreachable(error)
      else logger.warn({ err: error }, 'expired sessions: sweep failed')
    })
  const first = setTimeout(run, 60_000)
  const every = setInterval(run, SWEEP_EVERY_MS)
  first.unref()
  every.unref()
  return () => {
    clearTimeout(first)
    clearInterval(every)
  }
}
