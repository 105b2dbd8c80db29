import db from '@adonisjs/lucid/services/db'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import type Order from '#models/order'

/**
 * A workflow precondition (`blockedBy`): the order's questionnaire is not answered yet (one per
 * order; an on-site order is answered once it is SELESAI, and stays so).
 */
export async function feedbackNotGiven(
  order: Order,
  client: QueryClientContract = db.connection()
) {
  const given = await client.from('feedbacks').where('order_id', order.id).select('id').first()
  return given ? `Umpan balik permintaan ${order.number} sudah diisi.` : null
}
