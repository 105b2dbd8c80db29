/**
 * SQLite statements prepared once per connection. knex asks libsql to prepare every query anew,
 * and parsing and planning the same SQL again was a large part of a light request's time (a
 * page runs about ten statements). A prepared statement is reused for the same SQL text with new
 * bindings; knex runs each to completion at once (`all`, `run`), so one is never in use twice.
 * SQLite prepares a statement again by itself when the schema changed.
 */
const MAX_STATEMENTS = 1000

interface PreparingConnection {
  prepare(sql: string): unknown
}

export function reusePreparedStatements(connection: PreparingConnection) {
  const prepare = connection.prepare.bind(connection)
  const prepared = new Map<string, unknown>()
  connection.prepare = (sql: string) => {
    let statement = prepared.get(sql)
    if (!statement) {
      statement = prepare(sql)
      if (prepared.size >= MAX_STATEMENTS) prepared.clear()
      prepared.set(sql, statement)
    }
    return statement
  }
}
