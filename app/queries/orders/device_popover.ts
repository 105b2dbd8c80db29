import db from '@adonisjs/lucid/services/db'
import type Order from '#models/order'
import type User from '#models/user'
import { devicesOf } from '#queries/orders/order_devices'
import { deviceOutcomes } from '#queries/orders/device_outcomes'
import OrderDeviceTransformer from '#transformers/order_device_transformer'

/** How many lines the order lists' popover shows; the order's page has them all. */
export const POPOVER_LINES = 50

/**
 * The order lists' device popover (issue 35, point 4): each line's device, status (red when it
 * failed), result and certificate, as the order's page shows them, for the first lines.
 */
export async function deviceOutcomeRows(order: Order, user: User) {
  const devices = await devicesOf(order).limit(POPOVER_LINES + 1)
  const shown = devices.slice(0, POPOVER_LINES)
  const outcomes = await deviceOutcomes(order, user, shown)
  const counted =
    devices.length > POPOVER_LINES
      ? await db.from('order_devices').where('order_id', order.id).count('* as total').first()
      : null
  const total = counted ? Number(counted.total) : shown.length
  return {
    devices: shown.map((device) =>
      new OrderDeviceTransformer(device, { order, user, outcomes }).forPopover()
    ),
    more: Math.max(0, total - shown.length),
  }
}
