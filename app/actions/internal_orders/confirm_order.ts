import db from '@adonisjs/lucid/services/db'
import type InternalOrder from '#models/internal_order'
import type User from '#models/user'
import { audit, type Actor } from '#services/audit'
import { assertCanTake, changedByOthers, moveStatus } from '#actions/internal_orders/order_guard'

/** Approve (Terima) or reject (Tolak, with the reason in order_description). */
export async function confirmOrder(
  actor: Actor & { user: User },
  order: InternalOrder,
  decision: 'approve' | 'reject',
  description: string
) {
  assertCanTake(decision, order, actor.user)
  return db.transaction(async (trx) => {
    order.useTransaction(trx)
    const moved = await moveStatus(trx, order, decision)
    order.orderDescription = description
    await order.save()
    await audit(
      actor,
      {
        action: `internal.${decision}`,
        subjectType: 'internal_order',
        subjectId: order.id,
        from: { status: moved.from },
        to: { status: moved.to, order_description: description },
        reason: decision === 'reject' ? description : null,
      },
      trx
    )
  })
}

export async function deleteOrder(actor: Actor & { user: User }, order: InternalOrder) {
  assertCanTake(order.status === 'DITOLAK' ? 'delete_rejected' : 'delete', order, actor.user)
  await db.transaction(async (trx) => {
    const deleted = await trx
      .from('internal_orders')
      .where('id', order.id)
      .where('status', order.status)
      .delete()
    if (Number(deleted) !== 1) throw changedByOthers(order)
    await audit(
      actor,
      {
        action: 'internal.delete',
        subjectType: 'internal_order',
        subjectId: order.id,
        from: { number: order.number, status: order.status },
      },
      trx
    )
  })
}
