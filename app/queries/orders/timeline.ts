import db from '@adonisjs/lucid/services/db'
import type Order from '#models/order'
import { orderTimelineLabels } from '#workflows/order_types'
import { auditTimeline } from '#queries/audit_timeline'

/**
 * The order's history from the audit log, in the words of its workflow. An entry about
 * one device line names it: its type and serial number.
 */
export async function orderTimeline(order: Order) {
  const lines = await db
    .from('order_devices as d')
    .join('alkes as a', 'a.id', 'd.alkes_id')
    .where('d.order_id', order.id)
    .select('d.id', 'a.name', 'd.serial_number')
  const lineById = new Map(lines.map((line) => [Number(line.id), line]))
  return auditTimeline(
    { type: `${order.type}_order`, id: order.id },
    orderTimelineLabels(),
    (change) => {
      const line = lineById.get(Number(change.device_id))
      if (!line) return null
      const serial = (change.serial_number as string | undefined) ?? line.serial_number
      return [line.name, serial ? `SN ${serial}` : null].filter(Boolean).join(' · ')
    }
  )
}
