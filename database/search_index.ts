import type { QueryClientContract } from '@adonisjs/lucid/types/database'

/**
 * Full-text "contains" search for large lists, so a search box stays fast on
 * 100k rows. SQLite: an FTS5 trigram table `<table>_search` (rowid = row id)
 * kept in step by triggers. PostgreSQL: a pg_trgm GIN index on the same
 * concatenated expression. app/lists/datatable.ts `whereSearch` queries both.
 */
export function searchExpression(columns: string[]) {
  // coalesce and || are immutable, as an index expression must be (concat_ws is not).
  return `lower(${columns.map((c) => `coalesce("${c}", '')`).join(" || ' ' || ")})`
}

export async function createSearchIndex(db: QueryClientContract, table: string, columns: string[]) {
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
  for (const statement of searchIndexTriggers(table, columns)) await db.rawQuery(statement)
}

const SEARCH_EVENTS = ['insert', 'update', 'delete'] as const

/**
 * SQLite: the triggers that keep `<table>_search` in step. An update reads the row as it is
 * once the statement is done, not the trigger's NEW: another trigger of the same update may
 * have written the searched columns again (the order search text), and SQLite runs the
 * triggers of one event newest first.
 */
export function searchIndexTriggers(table: string, columns: string[]) {
  const body = (row: string) => `concat_ws(' ', ${columns.map((c) => `${row}."${c}"`).join(', ')})`
  return [
    `CREATE TRIGGER ${table}_search_insert AFTER INSERT ON "${table}" BEGIN
      INSERT INTO ${table}_search(rowid, body) VALUES (NEW.id, ${body('NEW')});
    END`,
    `CREATE TRIGGER ${table}_search_update AFTER UPDATE ON "${table}" BEGIN
      UPDATE ${table}_search
      SET body = (SELECT ${body('latest')} FROM "${table}" latest WHERE latest.id = NEW.id)
      WHERE rowid = NEW.id;
    END`,
    `CREATE TRIGGER ${table}_search_delete AFTER DELETE ON "${table}" BEGIN
      DELETE FROM ${table}_search WHERE rowid = OLD.id;
    END`,
  ]
}

/** SQLite: drops the triggers of searchIndexTriggers (the search table stays). */
export function dropSearchIndexTriggers(table: string) {
  return SEARCH_EVENTS.map((event) => `DROP TRIGGER IF EXISTS ${table}_search_${event}`)
}

export async function dropSearchIndex(db: QueryClientContract, table: string) {
  if (db.dialect.name === 'postgres') {
    await db.rawQuery(`DROP INDEX IF EXISTS ${table}_search_trgm`)
    return
  }
  for (const statement of dropSearchIndexTriggers(table)) await db.rawQuery(statement)
  await db.rawQuery(`DROP TABLE IF EXISTS ${table}_search`)
}
