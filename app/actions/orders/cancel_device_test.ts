import type Order from '#models/order'
import ActionRefusedException from '#exceptions/action_refused_exception'
import { workflowOf } from '#workflows/order_types'
import { affectedRows } from '#services/query_results'
import { auditOrder, type StaffActor } from '#actions/orders/order_audit'
import { linesChanged } from '#actions/orders/device_lines'

/** Cancels the test of one device, with a reason (BATAL UJI). */
export async function cancelDeviceTest(
  actor: StaffActor,
  order: Order,
  deviceId: number,
  reason: string
) {
  await workflowOf(order).take('cancel_device', order, actor.user, async (trx) => {
    const affected = await trx
      .from('order_devices')
      .where('id', deviceId)
      .where('order_id', order.id)
      .where('status', 'BELUM SELESAI')
      .update({ status: 'BATAL UJI', admin_description: reason })
    if (affectedRows(affected) !== 1) {
      throw new ActionRefusedException(
        'Uji alat ini tidak dapat dibatalkan: alat sudah selesai atau sudah dibatalkan.'
      )
    }
    await linesChanged(trx, order)
    await auditOrder(
      actor,
      order,
      'cancel_device',
      {
        from: { device_id: deviceId, status: 'BELUM SELESAI' },
        to: { device_id: deviceId, status: 'BATAL UJI' },
        reason,
      },
      trx
    )
  })
}
