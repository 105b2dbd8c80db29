import db from '@adonisjs/lucid/services/db'
import logger from '@adonisjs/core/services/logger'

/** Error codes of a database that cannot be reached or will not take a connection now. */
const UNREACHABLE_CODES = new Set([
  // The network: nothing listens, no such host, no route, the connection dropped.
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EPIPE',
  // PostgreSQL: connection exceptions (class 08).
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
  // PostgreSQL: shutting down (admin, crash), starting up or recovering, too many connections.
  '57P01',
  '57P02',
  '57P03',
  '53300',
])

/** What the pg client and the pool say when there is no connection, without a code. */
const UNREACHABLE_MESSAGES = [
  /Timeout acquiring a connection/i,
  /Connection terminated/i,
  /Client has encountered a connection error/i,
  /the database system is (starting up|shutting down|in recovery mode)/i,
  /too many clients already/i,
]

/**
 * Whether `error` says the database cannot be reached (stopped, restarting, unreachable, out of
 * connections, the pool gave up waiting for one), not that a statement failed. Nothing of the
 * request was written; a retry after the database is back succeeds. Looks into the error's
 * `cause` and, for a connection tried on several addresses, its `errors`.
 */
export function isDatabaseUnreachable(error: unknown, depth = 0): boolean {
  if (typeof error !== 'object' || error === null || depth > 3) return false
  const { code, name, message, cause, errors } = error as {
    code?: unknown
    name?: unknown
    message?: unknown
    cause?: unknown
    errors?: unknown
  }
  if (typeof code === 'string' && UNREACHABLE_CODES.has(code)) return true
  if (name === 'KnexTimeoutError') return true
  if (typeof message === 'string' && UNREACHABLE_MESSAGES.some((pattern) => pattern.test(message)))
    return true
  if (Array.isArray(errors) && errors.some((inner) => isDatabaseUnreachable(inner, depth + 1)))
    return true
  return isDatabaseUnreachable(cause, depth + 1)
}

/** How often, during an outage, this process asks whether the database is back. */
export const PROBE_EVERY_MS = 2_000

let state: 'up' | 'checking' | 'down' = 'up'
let probe: NodeJS.Timeout | undefined

function codeOf(error: unknown) {
  const code = (error as { code?: unknown } | null)?.code
  return typeof code === 'string' ? code : undefined
}

/** Whether the database answers a trivial query now; undefined for another failure. */
async function answers() {
  try {
    await db.rawQuery('SELECT 1')
    return true
  } catch (error) {
    return isDatabaseUnreachable(error) ? false : undefined
  }
}

/**
 * A request or a background job could not reach the database. Logged once per outage (an
 * error "database unreachable"), however many requests and jobs meet it, and only once the
 * database itself is found not answering (a timeout of another service, with a code like the
 * network's, is not an outage). From then on this process asks every PROBE_EVERY_MS whether it
 * is back, and logs "database reachable again" when it is.
 */
export function databaseUnreachable(error: unknown) {
  if (state !== 'up') return
  state = 'checking'
  void answers().then((up) => {
    if (up !== false) {
      state = 'up'
      return
    }
    state = 'down'
    logger.error(
      { code: codeOf(error), reason: (error as Error)?.message ?? String(error) },
      'database unreachable: answering 503 until it is back'
    )
    scheduleProbe()
  })
}

/** The next question, PROBE_EVERY_MS after the last one was answered (never two at once). */
function scheduleProbe() {
  probe = setTimeout(async () => {
    if (state !== 'down') return
    if (await answers()) databaseReachable()
    else if (state === 'down') scheduleProbe()
  }, PROBE_EVERY_MS)
  probe.unref()
}

/** The database answered again after an outage (a no-op otherwise). */
export function databaseReachable() {
  if (state !== 'down') return
  state = 'up'
  clearTimeout(probe)
  probe = undefined
  logger.info('database reachable again')
}

/** Whether this process is in an outage it has logged. */
export function databaseDown() {
  return state === 'down'
}
