import { createRequire } from 'node:module'

/**
 * Which tables a committed write changed, told to whoever keeps reads of them (issue 34: every
 * audited write used to forget every kept count and page anchor of every list, before its
 * commit). Every statement the app sends goes through knex's client: a write outside a
 * transaction is told once it succeeded; a write inside one is noted on its connection and told
 * when the COMMIT succeeded, or dropped with a ROLLBACK. What the database's own triggers change
 * with a table (an order's search text, its counts, the reports' counts, a search index) is
 * told with it (`CHANGES_ALSO`).
 */
const require = createRequire(import.meta.url)
const Client = require('knex/lib/client.js')

/** What the triggers of migrations 0032-0042 also write when a table is written. */
const CHANGES_ALSO: Record<string, string[]> = {
  order_devices: ['orders', 'device_services', 'facility_services'],
  internal_orders: ['orders'],
  insitu_orders: ['orders'],
  fasyankes: ['orders', 'device_services', 'feedback_months'],
  orders: [
    'orders_search',
    'order_counts',
    'device_services',
    'facility_services',
    'ledger_months',
  ],
  feedbacks: ['feedback_months'],
  users: ['users_search'],
  alkes: ['alkes_search'],
  inventories: ['inventories_search'],
}

/** The table a write statement names, or null for a statement that reads or does nothing. */
export function writtenTable(sql: string) {
  const match =
    /^\s*(?:insert\s+(?:or\s+\w+\s+)?into|update(?:\s+or\s+\w+)?|delete\s+from)\s+[`"]?(\w+)[`"]?/i.exec(
      sql
    )
  return match ? match[1].toLowerCase() : null
}

/** A table with every table its triggers also write, and theirs. */
export function withTriggered(tables: Iterable<string>) {
  const all = new Set<string>()
  const add = (table: string) => {
    if (all.has(table)) return
    all.add(table)
    for (const also of CHANGES_ALSO[table] ?? []) add(also)
  }
  for (const table of tables) add(table)
  return all
}

type Listener = (tables: Set<string>) => void
const listeners = new Set<Listener>()

/** Calls `listener` after each committed write with the tables it changed. */
export function onCommittedWrites(listener: Listener) {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

function tell(tables: Iterable<string>) {
  const changed = withTriggered(tables)
  if (!changed.size) return
  for (const listener of listeners) listener(changed)
}

interface TrackedConnection {
  __knexTxId?: string
  __kalibraWritten?: Set<string>
}

const runQuery = Client.prototype.query

Client.prototype.query = async function (
  this: unknown,
  connection: TrackedConnection,
  obj: unknown
) {
  const result = await runQuery.call(this, connection, obj)
  const sql = typeof obj === 'string' ? obj : String((obj as { sql?: unknown })?.sql ?? '')
  if (/^\s*commit\b/i.test(sql)) {
    const written = connection.__kalibraWritten
    connection.__kalibraWritten = undefined
    if (written) tell(written)
  } else if (/^\s*(rollback\s*;?\s*$|begin\b)/i.test(sql)) {
    // A transaction starting, or one undone: what it noted before is not committed by it.
    connection.__kalibraWritten = undefined
  } else {
    const table = writtenTable(sql)
    if (table && connection?.__knexTxId) {
      connection.__kalibraWritten ??= new Set()
      connection.__kalibraWritten.add(table)
    } else if (table) {
      tell([table])
    }
  }
  return result
}
