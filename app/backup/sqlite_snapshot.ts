import { existsSync } from 'node:fs'
import { mkdir, rename, rm, copyFile } from 'node:fs/promises'
import { dirname } from 'node:path'
import Database from 'better-sqlite3'
import { DATA_TABLES, FILE_REFERENCES } from '#backup/database_target'
import type { SnapshotFacts } from '#backup/snapshot_facts'

/**
 * SQLite's own online copy of the live database into `target`: `VACUUM INTO` reads the whole
 * database in one read transaction (in WAL mode the app's writers go on meanwhile) and writes
 * a consistent, compacted copy. The live file and its -wal file are never copied as files.
 * (The app's SQLite driver, libsql, does not implement better-sqlite3's `backup()`.)
 */
export function snapshotSqlite(source: string, target: string) {
  if (!existsSync(source)) throw new Error(`SQLite database not found: ${source}`)
  const live = new Database(source, { fileMustExist: true })
  try {
    live.pragma('busy_timeout = 10000')
    live.prepare('VACUUM INTO ?').run(target)
  } finally {
    live.close()
  }
}

function tablesOf(connection: Database.Database): string[] {
  return connection
    .prepare(
      "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name"
    )
    .all()
    .map((row: any) => String(row.name))
}

const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`

/** Migrations, row counts and stored-file references of a SQLite snapshot file. */
export function sqliteFacts(file: string): SnapshotFacts {
  const snapshot = new Database(file, { readonly: true, fileMustExist: true })
  try {
    const tables = tablesOf(snapshot)
    const counts: Record<string, number> = {}
    for (const table of tables) {
      const row = snapshot.prepare(`SELECT COUNT(*) AS n FROM ${quoted(table)}`).get() as any
      counts[table] = Number(row.n)
    }
    const migrations = tables.includes('adonis_schema')
      ? snapshot
          .prepare('SELECT name FROM adonis_schema ORDER BY id')
          .all()
          .map((row: any) => String(row.name))
      : []
    const storageKeys: string[] = []
    for (const { table, column } of FILE_REFERENCES) {
      if (!tables.includes(table)) continue
      const rows = snapshot
        .prepare(`SELECT DISTINCT ${column} AS k FROM ${table} WHERE ${column} IS NOT NULL`)
        .all()
      storageKeys.push(...rows.map((row: any) => String(row.k)))
    }
    return { migrations, tables: counts, storageKeys }
  } finally {
    snapshot.close()
  }
}

/** Whether the SQLite file holds the data of an installation in use (accounts, orders, audit rows). */
export function sqliteHasData(file: string) {
  if (!existsSync(file)) return false
  const connection = new Database(file, { fileMustExist: true })
  try {
    const tables = tablesOf(connection)
    return DATA_TABLES.some(
      (table) =>
        tables.includes(table) &&
        connection.prepare(`SELECT 1 FROM ${quoted(table)} LIMIT 1`).get() !== undefined
    )
  } finally {
    connection.close()
  }
}

/**
 * Puts the snapshot in place of the configured SQLite file: copied next to it, then renamed over
 * it, after the old file's -wal and -shm are removed (they belong to the old database). The app
 * must not be running on that file.
 */
export async function placeSqlite(snapshot: string, target: string) {
  await mkdir(dirname(target), { recursive: true })
  const incoming = `${target}.restoring`
  await copyFile(snapshot, incoming)
  for (const suffix of ['-wal', '-shm', '-journal']) await rm(`${target}${suffix}`, { force: true })
  await rename(incoming, target)
}
