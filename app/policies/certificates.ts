import db from '@adonisjs/lucid/services/db'
import type OrderDevice from '#models/order_device'
import ForbiddenException from '#exceptions/forbidden_exception'
import { revisionsOf } from '#actions/orders/certificates'

/**
 * The approved certificate an amendment of this line revises. Opening the amendment form of a
 * line without one is refused (a 403); saving one is refused too (actions/orders/worksheets.ts).
 */
export async function certificateToAmend(device: Pick<OrderDevice, 'id'>) {
  const { current } = await revisionsOf(db.connection(), device.id)
  if (!current) throw new ForbiddenException('Alat ini belum memiliki sertifikat yang disetujui.')
  return current
}
