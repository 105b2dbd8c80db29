import env from '#start/env'
import app from '@adonisjs/core/services/app'
import { defineConfig } from '@adonisjs/lucid'
import '#database/sqlite_immediate'
import '#database/slow_queries'
import '#database/committed_writes'
import { reusePreparedStatements } from '#database/sqlite_statements'
import { knexLog } from '#database/knex_log'

/** How long a SQLite statement waits for another process's write lock. */
export const SQLITE_BUSY_TIMEOUT_MS = 10_000

/**
 * The longest a PostgreSQL statement of the web server may run (DB_STATEMENT_TIMEOUT, ms; 0: no
 * limit). PostgreSQL cancels it (error 57014), its transaction rolls back, and the request
 * answers 503 (app/exceptions/handler.ts). Migrations and ace commands (kalibra:prepare at
 * `npm start`, kalibra:user, the audit check) and the test run are never limited.
 */
export const STATEMENT_TIMEOUT_MS = env.get('DB_STATEMENT_TIMEOUT', 15_000)

/** The configured database (DB_CONNECTION) and SQLite file (SQLITE_PATH, absolute). */
export const databaseConnection = env.get('DB_CONNECTION', 'sqlite')
export const sqliteFile = app.makePath(env.get('SQLITE_PATH', 'tmp/kalibra.sqlite3'))

const migrations = { naturalSort: true, paths: ['database/migrations'] }
// Models declare their columns themselves; no generated schema classes.
const schemaGeneration = { enabled: false }

/** Only the HTTP server (bin/server.ts, its workers) has a statement timeout and a slow-query log. */
const servesRequests = (environment: string) => environment === 'web'

/**
 * The pg client's settings. In the web server every connection opens with `statement_timeout`
 * (a startup parameter of the connection: no extra round trip).
 */
export function pgConnection(environment: string = app.getEnvironment()) {
  const ssl = env.get('PG_SSL') ? { rejectUnauthorized: false } : false
  const limit =
    servesRequests(environment) && STATEMENT_TIMEOUT_MS > 0
      ? { statement_timeout: STATEMENT_TIMEOUT_MS }
      : {}
  const url = env.get('DATABASE_URL')
  if (url) return { connectionString: url, ssl, ...limit }
  return {
    host: env.get('PG_HOST', '127.0.0.1'),
    port: env.get('PG_PORT', 5432),
    user: env.get('PG_USER', 'postgres'),
    password: env.get('PG_PASSWORD', ''),
    database: env.get('PG_DB_NAME', 'kalibra'),
    ssl,
    ...limit,
  }
}

export default defineConfig({
  connection: databaseConnection,
  connections: {
    sqlite: {
      client: 'better-sqlite3',
      connection: { filename: sqliteFile },
      useNullAsDefault: true,
      migrations,
      schemaGeneration,
      // WAL lets readers and the writer work at once and keeps writes fast.
      pool: {
        afterCreate: (conn: any, done: (error: Error | null, conn: any) => void) => {
          conn.pragma('journal_mode = WAL')
          conn.pragma('foreign_keys = ON')
          // Other workers' writers are waited for (each transaction takes the write lock at
          // BEGIN IMMEDIATE); past this a request answers 503, not 500 (exceptions/handler.ts).
          conn.pragma(`busy_timeout = ${SQLITE_BUSY_TIMEOUT_MS}`)
          // 64 MB page cache and memory-mapped reads keep list and search indexes in memory.
          conn.pragma('cache_size = -65536')
          conn.pragma('mmap_size = 268435456')
          conn.pragma('temp_store = MEMORY')
          reusePreparedStatements(conn)
          done(null, conn)
        },
      },
    },
    pg: {
      client: 'pg',
      connection: pgConnection(),
      migrations,
      schemaGeneration,
      pool: { min: 1, max: 10 },
      // Knex's own messages, without one warning per query while the database is down.
      ...({ log: knexLog } as {}),
    },
  },
})
