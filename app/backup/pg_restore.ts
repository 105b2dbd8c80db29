import pg from 'pg'
import { DATA_TABLES, pgClientSettings, pgToolEnv } from '#backup/database_target'
import { quoted, rowCounts, tablesOf } from '#backup/pg_tables'
import { runTool } from '#backup/run_tool'

const PG_RESTORE = 'pg_restore'

async function withClient<T>(work: (client: pg.Client) => Promise<T>) {
  const client = new pg.Client(pgClientSettings())
  await client.connect()
  try {
    return await work(client)
  } finally {
    await client.end()
  }
}

/** Whether the configured PostgreSQL database holds the data of an installation in use. */
export function pgHasData() {
  return withClient(async (client) => {
    const tables = await tablesOf(client)
    for (const table of DATA_TABLES) {
      if (!tables.includes(table)) continue
      const { rowCount } = await client.query(`SELECT 1 FROM ${quoted(table)} LIMIT 1`)
      if (rowCount) return true
    }
    return false
  })
}

/** Row counts of every table of the configured database (to check a restore). */
export function pgRowCounts() {
  return withClient(rowCounts)
}

/**
 * pg_restore of a custom-format dump into the configured database, in one transaction (all or
 * nothing): objects of the dump that already exist (a migrated, empty installation) are dropped
 * first. Owners and grants of the source are left out: the objects belong to the user that
 * restores (the database owner, as for migrations), and `database/app_role.sql` gives the
 * app's role its rights again.
 */
export async function restorePg(dump: string) {
  const env = pgToolEnv()
  await runTool(
    PG_RESTORE,
    [
      '--clean',
      '--if-exists',
      '--no-owner',
      '--no-acl',
      '--single-transaction',
      '--exit-on-error',
      '--no-password',
      `--dbname=${env.PGDATABASE}`,
      dump,
    ],
    env
  )
}
