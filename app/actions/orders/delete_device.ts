import type Order from '#models/order'
import ActionRefusedException from '#exceptions/action_refused_exception'
import { workflowOf } from '#workflows/order_types'
import { removeFilesAfterCommit } from '#files/order_files'
import { auditOrder, type StaffActor } from '#actions/orders/order_audit'
import { linesChanged } from '#actions/orders/device_lines'
import { findDevice } from '#queries/orders/find_device'

/** Removes one device line; the last one stays (delete the order instead). */
export async function deleteDevice(actor: StaffActor, order: Order, deviceId: number) {
  await workflowOf(order).take('delete_device', order, actor.user, async (trx) => {
    const device = await findDevice(trx, order, deviceId)
    const remaining = await trx
      .from('order_devices')
      .where('order_id', order.id)
      .count('* as total')
      .first()
    if (Number(remaining?.total ?? 0) <= 1) {
      throw new ActionRefusedException(
        'Alat terakhir tidak dapat dihapus. Hapus permintaannya bila tidak jadi diajukan.'
      )
    }
    // The line's files' rows cascade with it; the stored files go once this commits.
    await removeFilesAfterCommit(trx, order.id, [device.id])
    await device.useTransaction(trx).delete()
    await linesChanged(trx, order)
    await auditOrder(
      actor,
      order,
      'delete_device',
      {
        from: {
          device_id: device.id,
          alkes: device.alkes.name,
          serial_number: device.serialNumber,
        },
      },
      trx
    )
  })
}
