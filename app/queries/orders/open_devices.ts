import db from '@adonisjs/lucid/services/db'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import type Order from '#models/order'

/**
 * A workflow precondition (`blockedBy`): every device line is SELESAI or BATAL UJI.
 * While one is not, the reason names how many and which, after `lead`.
 */
export function allDevicesSettled(lead: string) {
  const reason = (names: string[]) =>
    names.length ? `${lead}: ${names.length} alat belum selesai (${names.join(', ')}).` : null
  const check = async (order: Order, client: QueryClientContract = db.connection()) => {
    const open = await openLines(client, [order.id])
    return reason(open.map((line) => line.name))
  }
  /** Several orders' open lines in one read. */
  check.many = async (orders: Order[]) => {
    const open = await openLines(
      db.connection(),
      orders.map((order) => order.id)
    )
    return orders.map((order) =>
      reason(open.filter((line) => Number(line.order_id) === order.id).map((line) => line.name))
    )
  }
  return check
}

function openLines(client: QueryClientContract, orderIds: number[]) {
  return client
    .from('order_devices as d')
    .join('alkes as a', 'a.id', 'd.alkes_id')
    .whereIn('d.order_id', orderIds)
    .where('d.status', 'BELUM SELESAI')
    .orderBy('d.id')
    .select('d.order_id', 'a.name')
}
