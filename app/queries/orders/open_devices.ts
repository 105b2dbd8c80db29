import db from '@adonisjs/lucid/services/db'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import type Order from '#models/order'

/**
 * A workflow precondition (`blockedBy`): every device line is SELESAI or BATAL UJI.
 * While one is not, the reason names how many and which, after `lead`.
 */
export function allDevicesSettled(lead: string) {
  return async (order: Order, client: QueryClientContract = db.connection()) => {
    const open = await client
      .from('order_devices as d')
      .join('alkes as a', 'a.id', 'd.alkes_id')
      .where('d.order_id', order.id)
      .where('d.status', 'BELUM SELESAI')
      .select('a.name')
    if (!open.length) return null
    return `${lead}: ${open.length} alat belum selesai (${open.map((d) => d.name).join(', ')}).`
  }
}
