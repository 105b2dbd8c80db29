import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type Order from '#models/order'

/**
 * The one definition of an order's billable devices and total: every device
 * line but BATAL UJI, at the price copied when it was added. Kept on the
 * order in the same transaction as any change to its lines, so the list, its
 * cards and exports, the documents and the invoices all read the same figure.
 */
export async function refreshOrderTotals(trx: TransactionClientContract, order: Order) {
  const row = await trx
    .from('order_devices')
    .where('order_id', order.id)
    .whereNot('status', 'BATAL UJI')
    .count('* as count')
    .sum('price as total')
    .first()
  const deviceCount = Number(row?.count ?? 0)
  const totalPrice = Number(row?.total ?? 0)
  await trx
    .from('orders')
    .where('id', order.id)
    .update({ device_count: deviceCount, total_price: totalPrice })
  order.deviceCount = deviceCount
  order.totalPrice = totalPrice
}
