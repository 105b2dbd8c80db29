import app from '@adonisjs/core/services/app'
import env from '#start/env'

/**
 * The web server's slow-query log. A SQLite statement cannot be stopped once running (libsql
 * runs it synchronously on the only thread and has no progress handler), so on SQLite this log
 * is how a slow query is found; on PostgreSQL it shows what comes close to the statement
 * timeout (config/database.ts).
 */

/** Statements slower than this (DB_SLOW_QUERY_MS, ms; 0: off) are logged by the web server. */
export const SLOW_QUERY_MS = env.get('DB_SLOW_QUERY_MS', 1000)

interface QueryEvent {
  __knexQueryUid?: string
  sql?: string
}

/** What a knex instance (Lucid's connection.client) emits for each statement. */
interface QueryEvents {
  on(event: string, listener: (...args: any[]) => void): unknown
  off(event: string, listener: (...args: any[]) => void): unknown
}

export interface SlowQuery {
  connection: string
  ms: number
  sql: string
  failed: boolean
}

/**
 * Warns about every statement of a knex instance that ran for `thresholdMs` or longer: its SQL
 * with the placeholders, never the values bound to them (personal data, password hashes). A
 * SQLite statement cannot be stopped once running (libsql runs it synchronously on the only
 * thread, and has no progress handler), so on SQLite this log is how a slow query is found; on
 * PostgreSQL it shows what comes close to the statement timeout. The cost per statement is a
 * clock reading and a map entry, keyed by knex's id of the query (BEGIN and COMMIT have none).
 */
export function watchSlowQueries(
  knex: QueryEvents,
  connection: string,
  thresholdMs: number,
  warn: (query: SlowQuery) => void
) {
  const started = new Map<string, number>()
  const finished = (query: QueryEvent, failed: boolean) => {
    const start = query.__knexQueryUid ? started.get(query.__knexQueryUid) : undefined
    if (start === undefined) return
    started.delete(query.__knexQueryUid!)
    const ms = performance.now() - start
    if (ms < thresholdMs) return
    warn({ connection, ms: Math.round(ms), sql: String(query.sql).slice(0, 2000), failed })
  }
  const listeners = {
    'query': (query: QueryEvent) => {
      if (!query.__knexQueryUid) return
      // A streamed query never reports its end: never keep more than a few hundred entries.
      if (started.size >= 500) started.delete(started.keys().next().value!)
      started.set(query.__knexQueryUid, performance.now())
    },
    'query-response': (_response: unknown, query: QueryEvent) => finished(query, false),
    'query-error': (_error: unknown, query: QueryEvent) => finished(query, true),
  }
  for (const [event, listener] of Object.entries(listeners)) knex.on(event, listener)
  /** Stops watching. */
  return () => {
    for (const [event, listener] of Object.entries(listeners)) knex.off(event, listener)
  }
}

if (app.getEnvironment() === 'web' && SLOW_QUERY_MS > 0) {
  app.booted(async () => {
    const emitter = await app.container.make('emitter')
    const logger = await app.container.make('logger')
    const db = await app.container.make('lucid.db')
    const watched = new WeakSet<object>()
    const watch = (connection: {
      name: string
      client?: QueryEvents
      readClient?: QueryEvents
    }) => {
      for (const knex of [connection.client, connection.readClient]) {
        if (!knex || watched.has(knex)) continue
        watched.add(knex)
        watchSlowQueries(knex, connection.name, SLOW_QUERY_MS, (query) =>
          logger.warn(query, `slow query: ${query.ms} ms`)
        )
      }
    }
    emitter.on('db:connection:connect', watch)
    for (const { connection } of db.manager.connections.values()) if (connection) watch(connection)
  })
}
