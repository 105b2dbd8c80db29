import type { QueryClientContract } from '@adonisjs/lucid/types/database'

/**
 * Full-text "contains" search for large lists, so a search box stays fast on
 * 100k rows. SQLite: an FTS5 trigram table `<table>_search` (rowid = row id)
 * kept in step by triggers. PostgreSQL: a pg_trgm GIN index on the same
 * concatenated expression. app/queries/datatable.ts `whereSearch` queries both.
 */
export function searchExpression(columns: string[]) {
  // coalesce and || are immutable, as an index expression must be (concat_ws is not).
  return `lower(${columns.map((c) => `coalesce("${c}", '')`).join(" || ' ' || ")})`
}

export async function createSearchIndex(db: QueryClientContract, table: string, columns: string[]) {
  const body = `concat_ws(' ', ${columns.map((c) => `NEW."${c}"`).join(', ')})`
  if (db.dialect.name === 'postgres') {
    await db.rawQuery('CREATE EXTENSION IF NOT EXISTS pg_trgm')
    await db.rawQuery(
      `CREATE INDEX ${table}_search_trgm ON "${table}" USING gin ((${searchExpression(columns)}) gin_trgm_ops)`
    )
    return
  }
  await db.rawQuery(`CREATE VIRTUAL TABLE ${table}_search USING fts5(body, tokenize='trigram')`)
  await db.rawQuery(
    `INSERT INTO ${table}_search(rowid, body) SELECT id, concat_ws(' ', ${columns.map((c) => `"${c}"`).join(', ')}) FROM "${table}"`
  )
  await db.rawQuery(`
    CREATE TRIGGER ${table}_search_insert AFTER INSERT ON "${table}" BEGIN
      INSERT INTO ${table}_search(rowid, body) VALUES (NEW.id, ${body});
    END`)
  await db.rawQuery(`
    CREATE TRIGGER ${table}_search_update AFTER UPDATE ON "${table}" BEGIN
      UPDATE ${table}_search SET body = ${body} WHERE rowid = NEW.id;
    END`)
  await db.rawQuery(`
    CREATE TRIGGER ${table}_search_delete AFTER DELETE ON "${table}" BEGIN
      DELETE FROM ${table}_search WHERE rowid = OLD.id;
    END`)
}

export async function dropSearchIndex(db: QueryClientContract, table: string) {
  if (db.dialect.name === 'postgres') {
    await db.rawQuery(`DROP INDEX IF EXISTS ${table}_search_trgm`)
    return
  }
  for (const event of ['insert', 'update', 'delete']) {
    await db.rawQuery(`DROP TRIGGER IF EXISTS ${table}_search_${event}`)
  }
  await db.rawQuery(`DROP TABLE IF EXISTS ${table}_search`)
}
