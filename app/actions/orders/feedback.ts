import db from '@adonisjs/lucid/services/db'
import type Order from '#models/order'
import Feedback from '#models/feedback'
import ActionRefusedException from '#exceptions/action_refused_exception'
import { workflowOf } from '#workflows/order_types'
import { moveOrder, auditOrder, type StaffActor } from '#actions/orders/order_audit'

/**
 * The questionnaire closes the order. A device added after the hand-over must
 * be finished (or cancelled) first: an order never closes with open work.
 */
export async function submitFeedback(
  actor: StaffActor,
  order: Order,
  input: { unit: string; critic?: string; ratings: Record<string, number> }
) {
  workflowOf(order).assert('feedback', order, actor.user)
  await db.transaction(async (trx) => {
    const open = await trx
      .from('order_devices as d')
      .join('alkes as a', 'a.id', 'd.alkes_id')
      .where('d.order_id', order.id)
      .where('d.status', 'BELUM SELESAI')
      .select('a.name')
    if (open.length) {
      throw new ActionRefusedException(
        `Permintaan belum dapat diselesaikan: ${open.length} alat belum selesai (${open.map((d) => d.name).join(', ')}).`
      )
    }
    const moved = await moveOrder(trx, order, 'feedback')
    await Feedback.create(
      {
        orderId: order.id,
        userId: actor.user.id,
        unit: input.unit,
        critic: input.critic ?? null,
        ratings: input.ratings,
      },
      { client: trx }
    )
    await auditOrder(
      actor,
      order,
      'feedback',
      { from: { status: moved.from }, to: { status: moved.to } },
      trx
    )
  })
}
