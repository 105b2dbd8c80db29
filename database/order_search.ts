/**
 * The text an order is found by in the order lists' search box: its number, its status, its
 * facility's name, the contact person (Alat Datang) or letter number (Insitu), and the serial
 * and certificate numbers of its devices, lower-cased, in `orders.search_text`. The database
 * keeps it, whoever writes: triggers on the order, its type's row, its device lines and the
 * facility recompute it. The column is searched like the master-data lists' (database/search_index.ts: an FTS5
 * trigram table on SQLite, a pg_trgm index on PostgreSQL). The same triggers keep the
 * facility's lower-cased name on the order (`facility_key`), which the lists sort by.
 *
 * No imports: bench/scale.js reads this file as it is (Node strips the types) to refill the
 * text after a bulk load.
 */
export type SearchDialect = 'sqlite' | 'postgres'

/** The search text of the order `id` (number `number`, facility `facility`), as SQL. */
function searchText(
  dialect: SearchDialect,
  id: string,
  number: string,
  status: string,
  facility: string
) {
  const line = `nullif(trim(coalesce(serial_number, '') || ' ' || coalesce(certificate_number, '')), '')`
  const serials =
    dialect === 'postgres'
      ? `(SELECT string_agg(${line}, ' ' ORDER BY id) FROM order_devices WHERE order_id = ${id})`
      : `(SELECT group_concat(${line}, ' ') FROM order_devices WHERE order_id = ${id})`
  const parts = [
    number,
    status,
    `(SELECT fasyankes_name FROM fasyankes WHERE id = ${facility})`,
    `(SELECT contact_person_name FROM internal_orders WHERE order_id = ${id})`,
    `(SELECT letter_number FROM insitu_orders WHERE order_id = ${id})`,
    serials,
  ]
  return `lower(${parts.map((part) => `coalesce(${part}, '')`).join(" || ' ' || ")})`
}

/** The facility's name as the list sorts it (ignoring case), as SQL. */
const facilityKey = (facility: string) =>
  `(SELECT lower(fasyankes_name) FROM fasyankes WHERE id = ${facility})`

/**
 * Recomputes the search text and the facility sort key of the orders `where` picks (an SQL
 * condition on `orders`).
 */
function refresh(dialect: SearchDialect, where: string) {
  const text =
    dialect === 'postgres'
      ? 'orders_search_text(orders.id, orders.number, orders.status, orders.fasyankes_id)'
      : searchText(dialect, 'orders.id', 'orders.number', 'orders.status', 'orders.fasyankes_id')
  return `UPDATE orders SET search_text = ${text}, facility_key = ${facilityKey('orders.fasyankes_id')}
    WHERE ${where}`
}

/** What each source of the text refreshes when it changes: [table, events, orders' condition]. */
const SOURCES: [table: string, events: string[], where: string][] = [
  ['internal_orders', ['INSERT', 'UPDATE OF contact_person_name'], 'id = NEW.order_id'],
  ['insitu_orders', ['INSERT', 'UPDATE OF letter_number'], 'id = NEW.order_id'],
  ['order_devices', ['UPDATE OF serial_number, certificate_number, order_id'], 'id = NEW.order_id'],
  ['order_devices', ['UPDATE OF order_id'], 'id = OLD.order_id'],
  ['fasyankes', ['UPDATE OF fasyankes_name'], 'fasyankes_id = NEW.id'],
]

/**
 * Device lines come and go hundreds at a time (a request, an edit that replaces its lines),
 * and only a line with a serial or certificate number adds to the text (a requested line has
 * neither until the lab receives it). So their inserts and deletes refresh only when such a line came or went:
 * on SQLite per row (`WHEN`), on PostgreSQL once per statement over the lines it wrote (a
 * refresh per row read every line of the order again: 0.4 s for 500 lines).
 */
const LINE_BATCHES = [
  { event: 'INSERT', row: 'NEW', table: 'new_lines', name: 'order_devices_insert_order_search' },
  {
    event: 'DELETE',
    row: 'OLD',
    table: 'old_lines',
    name: 'order_devices_delete_old_order_search',
  },
] as const

const triggerName = (table: string, event: string, where: string) =>
  `${table}_${event.split(' ')[0].toLowerCase()}_${where.startsWith('id = OLD') ? 'old_' : ''}order_search`

function sqliteTriggers() {
  const statements = [
    `CREATE TRIGGER orders_insert_order_search AFTER INSERT ON orders BEGIN
       ${refresh('sqlite', 'id = NEW.id')};
     END`,
    `CREATE TRIGGER orders_update_order_search AFTER UPDATE OF number, status, fasyankes_id ON orders
     BEGIN
       ${refresh('sqlite', 'id = NEW.id')};
     END`,
  ]
  for (const [table, events, where] of SOURCES) {
    for (const event of events) {
      statements.push(`CREATE TRIGGER ${triggerName(table, event, where)} AFTER ${event} ON ${table} BEGIN
         ${refresh('sqlite', where)};
       END`)
    }
  }
  for (const { event, row, name } of LINE_BATCHES) {
    statements.push(`CREATE TRIGGER ${name} AFTER ${event} ON order_devices
       WHEN ${row}.serial_number IS NOT NULL OR ${row}.certificate_number IS NOT NULL BEGIN
         ${refresh('sqlite', `id = ${row}.order_id`)};
       END`)
  }
  return statements
}

function postgresTriggers() {
  const statements = [
    `CREATE FUNCTION orders_search_text(integer, text, text, integer)
     RETURNS text AS $$ SELECT ${searchText('postgres', '$1', '$2', '$3', '$4')} $$ LANGUAGE sql STABLE`,
    `CREATE FUNCTION orders_own_search_text() RETURNS trigger AS $$
     BEGIN
       NEW.search_text := orders_search_text(NEW.id, NEW.number, NEW.status, NEW.fasyankes_id);
       NEW.facility_key := ${facilityKey('NEW.fasyankes_id')};
       RETURN NEW;
     END $$ LANGUAGE plpgsql`,
    `CREATE TRIGGER orders_own_search_text BEFORE INSERT OR UPDATE OF number, status, fasyankes_id
     ON orders
     FOR EACH ROW EXECUTE FUNCTION orders_own_search_text()`,
  ]
  const trigger = (name: string, body: string, on: string) => [
    `CREATE FUNCTION ${name}() RETURNS trigger AS $$
     BEGIN
       ${body};
       RETURN NULL;
     END $$ LANGUAGE plpgsql`,
    `CREATE TRIGGER ${name} ${on} EXECUTE FUNCTION ${name}()`,
  ]
  for (const [table, events, where] of SOURCES) {
    const name = triggerName(table, events[0], where)
    statements.push(
      ...trigger(
        name,
        refresh('postgres', where),
        `AFTER ${events.join(' OR ')} ON ${table} FOR EACH ROW`
      )
    )
  }
  for (const { event, table, name } of LINE_BATCHES) {
    const written = `id IN (SELECT order_id FROM ${table}
      WHERE serial_number IS NOT NULL OR certificate_number IS NOT NULL)`
    const on = `AFTER ${event} ON order_devices REFERENCING ${event === 'INSERT' ? 'NEW' : 'OLD'} TABLE AS ${table} FOR EACH STATEMENT`
    statements.push(...trigger(name, refresh('postgres', written), on))
  }
  return statements
}

/** The triggers that keep every order's search text. */
export function orderSearchTriggers(dialect: SearchDialect) {
  return dialect === 'postgres' ? postgresTriggers() : sqliteTriggers()
}

/**
 * Every order's search text and facility key computed again (on SQLite the search index's
 * triggers follow; on PostgreSQL its GIN index does).
 */
export function orderSearchBackfill(dialect: SearchDialect, where = '1 = 1') {
  return [refresh(dialect, where)]
}

/**
 * Undoes orderSearchTriggers, and the triggers of its earlier versions (the lines' inserts and
 * deletes were row triggers named as the line batches' are now, also for their updates).
 */
export function dropOrderSearch(dialect: SearchDialect) {
  const lineBatches = LINE_BATCHES.map(({ name }) => ['order_devices', name])
  if (dialect === 'sqlite') {
    const names = [
      'orders_insert_order_search',
      'orders_update_order_search',
      ...SOURCES.flatMap(([table, events, where]) =>
        events.map((event) => triggerName(table, event, where))
      ),
      ...lineBatches.map(([, name]) => name),
    ]
    return [...new Set(names)].map((name) => `DROP TRIGGER IF EXISTS ${name}`)
  }
  const names = [
    ...SOURCES.map(([table, events, where]) => [table, triggerName(table, events[0], where)]),
    ...lineBatches,
  ]
  return [
    `DROP TRIGGER IF EXISTS orders_own_search_text ON orders`,
    `DROP FUNCTION IF EXISTS orders_own_search_text()`,
    ...names.flatMap(([table, name]) => [
      `DROP TRIGGER IF EXISTS ${name} ON ${table}`,
      `DROP FUNCTION IF EXISTS ${name}()`,
    ]),
    `DROP FUNCTION IF EXISTS orders_search_text(integer, text, text, integer)`,
  ]
}
