import { createRequire } from 'node:module'
import { Worker } from 'node:worker_threads'
import Database from 'better-sqlite3'

/**
 * SQLite reads off the request thread (issue 34). The SQLite binding runs a statement
 * synchronously, and knex gives each worker process one connection: a 300 ms count held the
 * worker's event loop (every other request of that worker waited), and a read waited for the
 * connection while a write transaction of the same worker held it across its awaits. In the web
 * server every read outside a transaction (a query builder's select, first or pluck; a raw
 * SELECT or WITH) therefore runs on one of a few reader threads, each with its own connection
 * to the same file: WAL lets them read while the request thread's connection writes, and a
 * reader sees every transaction committed before its statement starts. Writes, and every
 * statement of a transaction, stay on the request thread's connection as before.
 *
 * Off until `startSqliteReaders` (bin/server.ts: the web server, SQLITE_READERS threads); ace
 * commands and the test suites read on their own connection.
 */
const require = createRequire(import.meta.url)
const Runner = require('knex/lib/execution/runner.js')
const BetterSqliteClient = require('knex/lib/dialects/better-sqlite3/index.js')

interface Pending {
  resolve(rows: unknown[] | null): void
  reject(error: Error): void
}

interface Reader {
  worker: Worker
  pending: Map<number, Pending>
}

/** The "connection" a read runs on when a reader thread runs it. */
const READER = { __knexUid: 'sqlite-reader' }

let filename: string | null = null
let readers: Reader[] = []
/** The reader of the background lane, started with the first statement sent to it. */
let background: Reader | null = null
let busyTimeout = 0
let nextId = 0

/**
 * The comment that sends a read to the background lane: a long read no request waits for (a
 * list's page anchors walked again after writes, 1.4 s at a million orders). On a reader of its
 * own, the requests' reads never queue behind it (issue 34: the deep page under writes).
 */
export const BACKGROUND_READ = 'kalibra:background'
const BACKGROUND_PREFIX = `/* ${BACKGROUND_READ} */`

/** A builder's statement that only reads, so any connection to the file may run it. */
function onlyReads(builder: any) {
  if (['select', 'first', 'pluck'].includes(builder?._method)) return true
  if (builder?._method === 'raw' || typeof builder?.sql === 'string') {
    return /^\s*(\/\*[^*]*\*\/\s*)?(select|with)\b/i.test(String(builder.sql ?? ''))
  }
  return false
}

function readerFor(runner: any) {
  if (!readers.length || runner.connection || runner.builder?._connection) return false
  if (runner.client?.transacting) return false
  if (!(runner.client instanceof BetterSqliteClient)) return false
  if (runner.client.config?.connection?.filename !== filename) return false
  return onlyReads(runner.builder)
}

/**
 * Keyed reads of a row or a few that every request makes (its session, its user, the user's
 * roles): tens of microseconds each. Queued behind the readers' longer reads they waited
 * 100-500 ms under load (issue 34), so they run at once on the request thread, on a connection
 * of their own (a write transaction holding the worker's knex connection does not hold them up).
 */
const KEYED_READS = new Set([
  'select * from `sessions` where `id` = ? limit ?',
  'select * from `users` where `id` = ? limit ?',
  'select * from `user_roles` where `user_id` = ?',
])
let inline: { db: InstanceType<typeof Database>; statements: Map<string, any> } | null = null

function readInline(sql: string, bindings: unknown[]) {
  if (!inline) return null
  let statement = inline.statements.get(sql)
  if (!statement) {
    statement = inline.db.prepare(sql)
    inline.statements.set(sql, statement)
  }
  return statement.all(bindings) as unknown[]
}

/** Runs `sql` on the least busy reader; null when SQLite says it is not a read after all. */
function readOnThread(sql: string, bindings: unknown[]) {
  if (KEYED_READS.has(sql)) {
    const rows = readInline(sql, bindings)
    if (rows) return Promise.resolve(rows)
  }
  const reader = sql.startsWith(BACKGROUND_PREFIX)
    ? (background ??= startReader(busyTimeout))
    : readers.reduce((least, candidate) =>
        candidate.pending.size < least.pending.size ? candidate : least
      )
  const id = nextId++
  return new Promise<unknown[] | null>((resolve, reject) => {
    reader.pending.set(id, { resolve, reject })
    reader.worker.postMessage({ id, sql, bindings })
  })
}

function startReader(busyTimeoutMs: number): Reader {
  const worker = new Worker(new URL('./sqlite_reader_thread.js', import.meta.url), {
    workerData: { filename, busyTimeoutMs, cacheKib: 16_384 },
  })
  const reader: Reader = { worker, pending: new Map() }
  worker.on('message', (message: any) => {
    const waiting = reader.pending.get(message.id)
    if (!waiting) return
    reader.pending.delete(message.id)
    if (message.error) {
      waiting.reject(Object.assign(new Error(message.error.message), { code: message.error.code }))
    } else {
      waiting.resolve(message.notRead ? null : message.rows)
    }
  })
  const fail = (error: Error) => {
    for (const waiting of reader.pending.values()) waiting.reject(error)
    reader.pending.clear()
    // A reader that died is left out; the others (or the request thread) read on.
    readers = readers.filter((candidate) => candidate !== reader)
    if (background === reader) background = null
  }
  worker.on('error', fail)
  worker.on('exit', () => fail(new Error('SQLite reader thread stopped')))
  worker.unref()
  return reader
}

/** Starts `threads` readers for the SQLite file `file` (0: reads stay on the request thread). */
export function startSqliteReaders(file: string, threads: number, busyTimeoutMs: number) {
  if (readers.length || threads <= 0) return
  filename = file
  busyTimeout = busyTimeoutMs
  readers = Array.from({ length: threads }, () => startReader(busyTimeoutMs))
  const handle = new Database(file, { fileMustExist: true })
  handle.pragma(`busy_timeout = ${busyTimeoutMs}`)
  handle.pragma('query_only = ON')
  inline = { db: handle, statements: new Map() }
}

/** Stops the readers (shutdown); later reads run on the request thread's connection. */
export async function stopSqliteReaders() {
  const stopping = background ? [...readers, background] : readers
  readers = []
  background = null
  inline?.db.close()
  inline = null
  await Promise.all(stopping.map((reader) => reader.worker.terminate()))
}

export const sqliteReaderCount = () => readers.length

const ensureConnection = Runner.prototype.ensureConnection

Runner.prototype.ensureConnection = async function (this: any, callback: any, params: unknown) {
  if (!readerFor(this)) return ensureConnection.call(this, callback, params)
  this.connection = READER
  try {
    return await callback(this, params)
  } catch (error) {
    if ((error as { code?: unknown }).code !== 'KALIBRA_NOT_A_READ') throw error
    // SQLite found a write in it after all (a WITH … UPDATE): run it as any write.
    this.connection = undefined
    return ensureConnection.call(this, callback, params)
  }
}

const query = BetterSqliteClient.prototype._query

BetterSqliteClient.prototype._query = async function (this: any, connection: any, obj: any) {
  if (connection !== READER) return query.call(this, connection, obj)
  const rows = await readOnThread(obj.sql, this._formatBindings(obj.bindings))
  if (rows === null) {
    throw Object.assign(new Error('Not a read statement'), { code: 'KALIBRA_NOT_A_READ' })
  }
  obj.response = rows
  return obj
}

/**
 * The web server's readers: SQLITE_READERS threads (default 2) when the app's database is
 * SQLite, none on PostgreSQL (its driver never holds the event loop).
 */
export async function startConfiguredReaders() {
  const [{ default: db }, { default: env }, { SQLITE_BUSY_TIMEOUT_MS }] = await Promise.all([
    import('@adonisjs/lucid/services/db'),
    import('#start/env'),
    import('#config/database'),
  ])
  const config = db.manager.get(db.primaryConnectionName)?.config
  if (config?.client !== 'better-sqlite3') return
  const file = (config.connection as { filename?: string } | undefined)?.filename
  if (!file) return
  startSqliteReaders(file, env.get('SQLITE_READERS', 2), SQLITE_BUSY_TIMEOUT_MS)
}
