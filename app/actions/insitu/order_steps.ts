import db from '@adonisjs/lucid/services/db'
import type Order from '#models/order'
import { insituWorkflow } from '#workflows/insitu_order_workflow'
import { auditOrder, moveOrder, type StaffActor } from '#actions/orders/order_audit'

/** The lab takes the request (TERKIRIM to DITERIMA). */
export async function confirmInsituOrder(actor: StaffActor, order: Order) {
  insituWorkflow.assert('confirm', order, actor.user)
  await db.transaction(async (trx) => {
    const moved = await moveOrder(trx, order, 'confirm')
    await auditOrder(actor, order, 'confirm', { from: { status: moved.from }, to: moved }, trx)
  })
}

/** Cancels an order that is not done, with its reason (DIBATALKAN). */
export async function cancelInsituOrder(actor: StaffActor, order: Order, reason: string) {
  insituWorkflow.assert('cancel', order, actor.user)
  await db.transaction(async (trx) => {
    const moved = await moveOrder(trx, order, 'cancel')
    await trx.from('insitu_orders').where('order_id', order.id).update({ cancel_reason: reason })
    await auditOrder(
      actor,
      order,
      'cancel',
      { from: { status: moved.from }, to: { status: moved.to }, reason },
      trx
    )
  })
}
