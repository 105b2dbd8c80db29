import pg from 'pg'
import { FILE_REFERENCES, pgClientSettings, pgToolEnv } from '#backup/database_target'
import { rowCounts, tablesOf } from '#backup/pg_tables'
import { runTool } from '#backup/run_tool'
import type { SnapshotFacts } from '#backup/snapshot_facts'

const PG_DUMP = 'pg_dump'

/**
 * pg_dump (custom format) of the configured database into `target`, with the app's connection
 * settings. The dump and the manifest's facts come from one snapshot: this connection opens a
 * REPEATABLE READ transaction, exports its snapshot, reads the migrations, row counts and file
 * references in it and hands it to pg_dump (`--snapshot`), so the counts are exactly the dump's.
 * The app's writers go on meanwhile (pg_dump takes only ACCESS SHARE locks).
 */
export async function dumpPg(target: string): Promise<SnapshotFacts> {
  const client = new pg.Client(pgClientSettings())
  await client.connect()
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ, READ ONLY')
    const {
      rows: [{ snapshot }],
    } = await client.query('SELECT pg_export_snapshot() AS snapshot')
    const tables = await tablesOf(client)
    const counts = await rowCounts(client)
    const migrations: string[] = []
    if (tables.includes('adonis_schema')) {
      const { rows } = await client.query('SELECT name FROM adonis_schema ORDER BY id')
      migrations.push(...rows.map((row) => String(row.name)))
    }
    const storageKeys: string[] = []
    for (const { table, column } of FILE_REFERENCES) {
      if (!tables.includes(table)) continue
      const { rows } = await client.query(
        `SELECT DISTINCT ${column} AS k FROM ${table} WHERE ${column} IS NOT NULL`
      )
      storageKeys.push(...rows.map((row) => String(row.k)))
    }
    await runTool(
      PG_DUMP,
      ['--format=custom', `--snapshot=${snapshot}`, '--no-password', `--file=${target}`],
      pgToolEnv()
    )
    await client.query('COMMIT')
    return { migrations, tables: counts, storageKeys }
  } finally {
    await client.end()
  }
}
