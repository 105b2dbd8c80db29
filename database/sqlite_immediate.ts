import { createRequire } from 'node:module'

/**
 * Every SQLite transaction starts as BEGIN IMMEDIATE, so it takes the write
 * lock up front and waits for it under busy_timeout. With knex's plain BEGIN a
 * transaction that reads first and writes later cannot wait: when another
 * process (a second worker) wrote in between, SQLite answers SQLITE_BUSY at
 * once, and the request failed with a 500. knex has no option for this, so
 * its SQLite transaction class (the one the better-sqlite3 client, and so
 * Lucid's db.transaction, uses) gets this one-line override at start-up.
 * Nested transactions are savepoints and do not go through `begin`.
 */
const require = createRequire(import.meta.url)
const SqliteTransaction = require('knex/lib/dialects/sqlite3/execution/sqlite-transaction.js')

const BEGIN = 'BEGIN IMMEDIATE;'

SqliteTransaction.prototype.begin = function begin(this: any, conn: unknown) {
  // Straight to the connection, not through the transaction's own `query`: that one
  // swallows a failed BEGIN and hands out a dead transaction whose first statement
  // fails with "Transaction query already complete". This way the SQLITE_BUSY of a
  // lock not obtained in time reaches the caller (and the error handler: 503).
  return this.trxClient.query(conn, BEGIN)
}

/**
 * How long this process's transactions waited for the write lock (`/metrics`): a BEGIN
 * IMMEDIATE that took 1 ms or more waited for another worker's writer (without a wait it takes
 * microseconds, and SQLite's busy handler sleeps 1 ms first); one that failed busy waited the
 * whole busy_timeout. Counted in `_query` below, around the statement's synchronous run.
 */
export const sqliteLockWaits = { waits: 0, seconds: 0, timeouts: 0 }
const WAITED_MS = 1

/**
 * A connection goes back to the pool with no transaction open. Knex always ends
 * its own transactions; this catches anything that did not (a library running
 * BEGIN on the raw connection, a failed ROLLBACK), which would otherwise hold the
 * write lock and make every other worker wait, then fail.
 */
const BetterSqliteClient = require('knex/lib/dialects/better-sqlite3/index.js')
const release = BetterSqliteClient.prototype.releaseConnection

BetterSqliteClient.prototype.releaseConnection = function releaseConnection(
  this: any,
  connection: { inTransaction?: boolean; exec(sql: string): void }
) {
  if (connection.inTransaction) {
    this.logger.warn('SQLite connection released inside a transaction: rolling it back')
    try {
      connection.exec('ROLLBACK')
    } catch {
      // Already rolled back by SQLite itself.
    }
  }
  return release.call(this, connection)
}

/**
 * A statement that fails with SQLITE_BUSY (a BEGIN IMMEDIATE that did not get
 * the lock in time, above all) stays "in progress" in libsql, the binding
 * installed as better-sqlite3: it resets a statement only before running it,
 * never after a failed run. Until the garbage collector finalizes it, every
 * later SAVEPOINT or COMMIT on that connection fails with "SQL statements in
 * progress", so one busy moment would break every request the connection
 * served afterwards. The connection is marked disposed instead: the pool closes
 * it when it is next acquired and opens a fresh one.
 */
const runQuery = BetterSqliteClient.prototype._query

BetterSqliteClient.prototype._query = async function _query(
  this: any,
  connection: { __knex__disposed?: unknown },
  obj: { sql?: string }
) {
  const begins = obj.sql === BEGIN
  const started = begins ? performance.now() : 0
  // The statement runs synchronously inside this call (libsql, like better-sqlite3, blocks
  // until SQLite answers); only its result is awaited. So the time read right after the call
  // is the statement's own, not other requests' work that ran while this one awaited.
  const running = runQuery.call(this, connection, obj)
  const waitedMs = begins ? performance.now() - started : 0
  try {
    const result = await running
    if (waitedMs >= WAITED_MS) countWait(waitedMs, false)
    return result
  } catch (error) {
    const code = (error as { code?: unknown }).code
    if (
      typeof code === 'string' &&
      (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED'))
    ) {
      connection.__knex__disposed = error
      if (begins) countWait(waitedMs, true)
    }
    throw error
  }
}

function countWait(waitedMs: number, timedOut: boolean) {
  sqliteLockWaits.waits++
  sqliteLockWaits.seconds += waitedMs / 1000
  if (timedOut) sqliteLockWaits.timeouts++
}
