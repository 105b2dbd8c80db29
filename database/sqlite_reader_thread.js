// One SQLite reader (database/sqlite_readers.ts): a worker thread with its own connection to the
// app's database file, which runs the read statements the request thread sends it and posts
// back their rows. Plain JavaScript: worker threads do not get the TypeScript loader.
import { parentPort, workerData } from 'node:worker_threads'
import Database from 'better-sqlite3'

const { filename, busyTimeoutMs, cacheKib } = workerData
const db = new Database(filename, { fileMustExist: true })
db.pragma(`busy_timeout = ${busyTimeoutMs}`)
db.pragma(`cache_size = -${cacheKib}`)
db.pragma('mmap_size = 268435456')
db.pragma('temp_store = MEMORY')
// Reads only: a statement that would write is refused by SQLite itself.
db.pragma('query_only = ON')

const MAX_STATEMENTS = 500
const statements = new Map()

function prepared(sql) {
  let statement = statements.get(sql)
  if (!statement) {
    statement = db.prepare(sql)
    if (statements.size >= MAX_STATEMENTS) statements.clear()
    statements.set(sql, statement)
  }
  return statement
}

parentPort.on('message', ({ id, sql, bindings }) => {
  try {
    const statement = prepared(sql)
    if (!statement.reader) {
      parentPort.postMessage({ id, notRead: true })
      return
    }
    parentPort.postMessage({ id, rows: statement.all(bindings) })
  } catch (error) {
    parentPort.postMessage({
      id,
      error: { message: error?.message ?? String(error), code: error?.code },
    })
  }
})
