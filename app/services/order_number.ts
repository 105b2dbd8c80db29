import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { labNow } from '#services/format'

/**
 * Order numbers: sequential per type and month, never reused, assigned inside
 * the transaction that creates the order (`DT/2026/11/0001`). The counter row
 * is bumped with one atomic upsert, so two orders created at the same moment
 * never share a number, on SQLite and PostgreSQL alike.
 */
export async function nextOrderNumber(trx: TransactionClientContract, type: 'DT' | 'DL' | 'PJM') {
  const now = labNow()
  const prefix = `${type}/${now.toFormat('yyyy/LL')}`
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
