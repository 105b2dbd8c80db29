import { databaseConnection, pgConnection, sqliteFile } from '#config/database'
import type { DatabaseKind } from '#backup/manifest'

/**
 * The tables a backup reads its file references from: every stored file of the app is an
 * order_files row's storage_key (app/files/order_files.ts).
 */
export const FILE_REFERENCES = [{ table: 'order_files', column: 'storage_key' }] as const

/** Tables whose rows mean the installation is in use (reference data alone does not count). */
export const DATA_TABLES = ['users', 'orders', 'audit_logs'] as const

/** The configured database of the app (DB_CONNECTION). */
export function databaseKind(): DatabaseKind {
  return databaseConnection === 'pg' ? 'pg' : 'sqlite'
}

/** The configured SQLite file (SQLITE_PATH), absolute. */
export function sqlitePath() {
  return sqliteFile
}

/** The pg client's settings of a command (no statement timeout). */
export function pgClientSettings() {
  return pgConnection('console')
}

/**
 * The environment of pg_dump and pg_restore for the app's connection settings: libpq's PG*
 * variables, so the password never shows on a command line.
 */
export function pgToolEnv(): NodeJS.ProcessEnv {
  const settings = pgClientSettings() as Record<string, any>
  const tool: NodeJS.ProcessEnv = { ...process.env }
  for (const key of Object.keys(tool)) if (/^PG/.test(key)) delete tool[key]
  if (settings.connectionString) {
    const url = new URL(settings.connectionString)
    tool.PGHOST = decodeURIComponent(url.hostname)
    if (url.port) tool.PGPORT = url.port
    if (url.username) tool.PGUSER = decodeURIComponent(url.username)
    if (url.password) tool.PGPASSWORD = decodeURIComponent(url.password)
    tool.PGDATABASE = decodeURIComponent(url.pathname.replace(/^\//, ''))
    const sslmode = url.searchParams.get('sslmode')
    if (sslmode) tool.PGSSLMODE = sslmode
  } else {
    tool.PGHOST = String(settings.host)
    tool.PGPORT = String(settings.port)
    tool.PGUSER = String(settings.user)
    if (settings.password) tool.PGPASSWORD = String(settings.password)
    tool.PGDATABASE = String(settings.database)
  }
  // PG_SSL: TLS without verifying the certificate, as the app connects.
  if (settings.ssl) tool.PGSSLMODE ??= 'require'
  return tool
}
