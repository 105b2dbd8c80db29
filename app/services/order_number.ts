import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { labNow } from '#services/format'

/**
 * Order and loan numbers: sequential per type and month, never reused (`DT/2026/11/0001`). The
 * counter row is bumped with one atomic upsert, so two orders created at the same moment never
 * share a number, on SQLite and PostgreSQL alike.
 */
async function bump(trx: TransactionClientContract, code: string) {
  const now = labNow()
  const prefix = `${code}/${now.toFormat('yyyy/LL')}`
  const result = await trx.rawQuery(
    `INSERT INTO order_counters (prefix, last_value) VALUES (?, 1)
     ON CONFLICT (prefix) DO UPDATE SET last_value = order_counters.last_value + 1
     RETURNING last_value`,
    [prefix]
  )
  const rows = Array.isArray(result) ? result : result.rows
  const value = Number(rows[0].last_value)
  return `${prefix}/${String(value).padStart(4, '0')}`
}

/**
 * The next number, taken in a transaction of its own before the order's: inside the order's
 * transaction the month's counter row stayed locked until that whole transaction committed,
 * so on PostgreSQL every request of the month waited for the one before (issue 34: 5.7 s on
 * average under five writes a second). A request that then fails leaves its number unused, as
 * a deleted order does.
 */
/** `code`: an order type's code in the registry (DT, DL) or a loan's (PJM). */
export function nextOrderNumber(code: string) {
  return db.transaction((trx) => bump(trx, code))
}
