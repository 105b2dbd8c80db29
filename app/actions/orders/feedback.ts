import type Order from '#models/order'
import Feedback from '#models/feedback'
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
  await workflowOf(order).take('feedback', order, actor.user, async (trx) => {
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
      { moved, from: { status: moved.from }, to: { status: moved.to } },
      trx
    )
  })
}
