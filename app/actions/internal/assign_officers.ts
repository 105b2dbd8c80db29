import type Order from '#models/order'
import ActionRefusedException from '#exceptions/action_refused_exception'
import { internalWorkflow } from '#workflows/internal_order_workflow'
import { auditOrder, moveOrder, type StaffActor } from '#actions/orders/order_audit'
import { affectedRows } from '#services/query_results'
import { officerAssignmentNews } from '#notifications/assignment_news'

/** admin_pk assigns an officer to each device line; the order goes to PROSES PENGERJAAN. */
export async function assignOfficers(
  actor: StaffActor,
  order: Order,
  selections: { internal_alkes_order_id: number; bpfk_user_id: number }[]
) {
  await internalWorkflow.take('assign_officers', order, actor.user, async (trx) => {
    const moved = await moveOrder(trx, order, 'assign_officers')
    const lines = await trx
      .from('order_devices')
      .where('order_id', order.id)
      .select('id', 'officer_id')
    const before = new Map(
      lines.map((line) => [
        Number(line.id),
        line.officer_id === null ? null : Number(line.officer_id),
      ])
    )
    for (const selection of selections) {
      const updated = await trx
        .from('order_devices')
        .where('id', selection.internal_alkes_order_id)
        .where('order_id', order.id)
        .update({ officer_id: selection.bpfk_user_id })
      if (affectedRows(updated) !== 1) {
        throw new ActionRefusedException(
          'Data alat tidak sesuai dengan permintaan ini. Muat ulang halaman.'
        )
      }
    }
    await auditOrder(
      actor,
      order,
      'assign_officers',
      { moved, from: { status: moved.from }, to: { status: moved.to, officers: selections } },
      trx
    )
    await officerAssignmentNews(trx, actor.user.id, order, before)
  })
}
