import db from '@adonisjs/lucid/services/db'
import type Order from '#models/order'
import { formatDateTime, fromDatabase } from '#services/format'
import { orderTimelineLabels } from '#workflows/order_types'

function parsed(text: unknown): Record<string, unknown> {
  if (typeof text !== 'string' || !text) return {}
  try {
    const value = JSON.parse(text)
    return value && typeof value === 'object' ? value : {}
  } catch {
    return {}
  }
}

/**
 * The order's history from the audit log, in the words of its workflow. An entry about
 * one device line names it: its type and serial number.
 */
export async function orderTimeline(order: Order) {
  const labels = orderTimelineLabels()
  const rows = await db
    .from('audit_logs')
    .where('subject_type', `${order.type}_order`)
    .where('subject_id', String(order.id))
    .orderBy('id')
    .select('id', 'action', 'user_name', 'reason', 'changes_to', 'created_at')
  const lines = await db
    .from('order_devices as d')
    .join('alkes as a', 'a.id', 'd.alkes_id')
    .where('d.order_id', order.id)
    .select('d.id', 'a.name', 'd.serial_number')
  const lineById = new Map(lines.map((line) => [Number(line.id), line]))
  return rows.map((entry) => {
    const change = parsed(entry.changes_to)
    const text = labels[entry.action]
    const line = lineById.get(Number(change.device_id))
    const serial = (change.serial_number as string | undefined) ?? line?.serial_number
    return {
      id: Number(entry.id),
      label: typeof text === 'function' ? text(change) : (text ?? entry.action),
      detail: line ? [line.name, serial ? `SN ${serial}` : null].filter(Boolean).join(' · ') : null,
      user_name: entry.user_name as string | null,
      reason: entry.reason as string | null,
      formatted_at: formatDateTime(fromDatabase(entry.created_at)),
    }
  })
}
