import db from '@adonisjs/lucid/services/db'
import { urlFor } from '@adonisjs/core/services/url_builder'
import type Order from '#models/order'
import OrderDevice from '#models/order_device'
import type User from '#models/user'
import type { PageAction } from '#workflows/kit'
import { workflowOf } from '#workflows/order_types'

/** An order's device lines with their type, officer, in the order they were added. */
export function devicesOf(order: Order) {
  return OrderDevice.query()
    .where('order_id', order.id)
    .preload('alkes')
    .preload('officer')
    .preload('worksheetFiller')
    .orderBy('id')
}

/** Whether the user may attach a certificate or result to the line now (never to a cancelled test). */
export function mayAttachTo(order: Order, device: OrderDevice, user: User) {
  return (
    device.status !== 'BATAL UJI' && workflowOf(order).allows('attachment', order, user, device)
  )
}

/** What the user may do with one device line now, as the page shows it. */
export function deviceActions(order: Order, device: OrderDevice, user: User): PageAction[] {
  const workflow = workflowOf(order)
  const actions: PageAction[] = []
  if (device.status === 'BELUM SELESAI' && workflow.allows('cancel_device', order, user, device)) {
    actions.push({
      key: 'cancel_device',
      label: 'Batal Uji',
      href: urlFor('orders.cancel.form', {
        orderType: order.type,
        id: order.id,
        deviceId: device.id,
      }),
      variant: 'secondary',
      method: 'get',
      confirm: null,
      newTab: false,
    })
  }
  if (workflow.allows('delete_device', order, user, device)) {
    actions.push({
      key: 'delete_device',
      label: 'Hapus',
      href: urlFor('orders.device.destroy', {
        orderType: order.type,
        id: order.id,
        deviceId: device.id,
      }),
      variant: 'danger',
      method: 'delete',
      newTab: false,
      confirm: `Apakah anda yakin ingin menghapus permintaan ${device.alkes.name} SN ${device.serialNumber ?? '-'}?`,
    })
  }
  return actions
}

/** An order's request as its form shows it again: each device type, how many, its note. */
export async function requestedLinesOf(order: Pick<Order, 'id'>) {
  const lines = await db
    .from('order_devices')
    .where('order_id', order.id)
    .select('alkes_id')
    .count('* as quantity')
    .min('description as description')
    .groupBy('alkes_id')
  return lines.map((line) => ({
    alkes_id: Number(line.alkes_id),
    quantity: Number(line.quantity),
    description: (line.description as string | null) ?? '',
  }))
}

/**
 * The device lines of each sub-order number of an order, as on-site uploads name them: a
 * line's additional order number (set on its worksheet), otherwise the order's own number.
 * Cancelled lines take no result.
 */
export async function subOrdersOf(order: Order) {
  const devices = await OrderDevice.query()
    .where('order_id', order.id)
    .whereNot('status', 'BATAL UJI')
    .orderBy('id')
  const groups = new Map<string, OrderDevice[]>()
  for (const device of devices) {
    const key = device.additionalOrderNumber || order.number
    groups.set(key, [...(groups.get(key) ?? []), device])
  }
  return groups
}
