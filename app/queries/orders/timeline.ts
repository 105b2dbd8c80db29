import db from '@adonisjs/lucid/services/db'
import type Order from '#models/order'
import { formatDateTime, fromDatabase } from '#services/format'
import { orderTimelineLabels } from '#workflows/order_types'

/** The order's history from the audit log, in the words of its workflow. */
export async function orderTimeline(order: Order) {
  const labels = orderTimelineLabels()
  const rows = await db
    .from('audit_logs')
    .where('subject_type', `${order.type}_order`)
    .where('subject_id', String(order.id))
    .orderBy('id')
    .select('id', 'action', 'user_name', 'reason', 'created_at')
  return rows.map((entry) => ({
    id: Number(entry.id),
    label: labels[entry.action] ?? entry.action,
    user_name: entry.user_name as string | null,
    reason: entry.reason as string | null,
    formatted_at: formatDateTime(fromDatabase(entry.created_at)),
  }))
}
