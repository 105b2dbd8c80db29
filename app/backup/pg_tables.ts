import type pg from 'pg'

/** A table name as an SQL identifier. */
export const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`

/** The tables of the connection's schema, by name. */
export async function tablesOf(client: pg.Client): Promise<string[]> {
  const result = await client.query(
    'SELECT tablename FROM pg_tables WHERE schemaname = current_schema() ORDER BY tablename'
  )
  return result.rows.map((row) => String(row.tablename))
}

/** Row counts of every table. */
export async function rowCounts(client: pg.Client) {
  const counts: Record<string, number> = {}
  for (const table of await tablesOf(client)) {
    const { rows } = await client.query(`SELECT COUNT(*) AS n FROM ${quoted(table)}`)
    counts[table] = Number(rows[0].n)
  }
  return counts
}
