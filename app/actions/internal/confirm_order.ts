import type Order from '#models/order'
import { changedByOthers } from '#workflows/kit'
import { removeFilesAfterCommit } from '#files/order_files'
import { internalWorkflow } from '#workflows/internal_order_workflow'
import { auditOrder, moveOrder, type StaffActor } from '#actions/orders/order_audit'

/** Approve (Terima) or reject (Tolak, with the reason in order_description). */
export async function confirmOrder(
  actor: StaffActor,
  order: Order,
  decision: 'approve' | 'reject',
  description: string
) {
  return internalWorkflow.take(decision, order, actor.user, async (trx) => {
    const moved = await moveOrder(trx, order, decision)
    await trx
      .from('internal_orders')
      .where('order_id', order.id)
      .update({ order_description: description })
    await auditOrder(
      actor,
      order,
      decision,
      {
        moved,
        from: { status: moved.from },
        to: { status: moved.to, order_description: description },
        reason: decision === 'reject' ? description : null,
      },
      trx
    )
  })
}

/** Deletes an order still waiting (or rejected), with its lines and files' records. */
export async function deleteOrder(actor: StaffActor, order: Order) {
  const action = order.status === 'DITOLAK' ? 'delete_rejected' : 'delete'
  await internalWorkflow.take(action, order, actor.user, async (trx) => {
    // Its files' rows cascade with it; the stored files go once this commits.
    await removeFilesAfterCommit(trx, order.id)
    const deleted = await trx
      .from('orders')
      .where('id', order.id)
      .where('status', order.status)
      .delete()
    if (Number(deleted) !== 1) throw changedByOthers(`permintaan ${order.number}`)
    await auditOrder(
      actor,
      order,
      'delete',
      { from: { number: order.number, status: order.status } },
      trx
    )
  })
}
