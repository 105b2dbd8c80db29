import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type Order from '#models/order'
import OrderDevice from '#models/order_device'

/** One device line of the order, with its device type; another order's line is not found (404). */
export function findDevice(
  client: TransactionClientContract | undefined,
  order: Order,
  deviceId: number
) {
  return OrderDevice.query(client ? { client } : undefined)
    .where('id', deviceId)
    .where('order_id', order.id)
    .preload('alkes')
    .firstOrFail()
}
