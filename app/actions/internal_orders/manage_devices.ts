import db from '@adonisjs/lucid/services/db'
import type InternalOrder from '#models/internal_order'
import InternalAlkesOrder from '#models/internal_alkes_order'
import type User from '#models/user'
import ActionRefusedException from '#exceptions/action_refused_exception'
import { audit, type Actor } from '#services/audit'
import { assertCanTake } from '#actions/internal_orders/order_guard'
import {
  addDeviceOrders,
  refreshEstimate,
  type OrderLine,
} from '#actions/internal_orders/submit_internal_order'

/** Adds requested devices to an order that is not finished (yantek). */
export async function appendDevices(
  actor: Actor & { user: User },
  order: InternalOrder,
  lines: OrderLine[]
) {
  assertCanTake('append', order, actor.user)
  await db.transaction(async (trx) => {
    const devices = await addDeviceOrders(trx, order, lines)
    await refreshEstimate(trx, order)
    await audit(
      actor,
      {
        action: 'internal.append',
        subjectType: 'internal_order',
        subjectId: order.id,
        to: { added_devices: devices.length },
      },
      trx
    )
  })
}

export async function deleteDeviceOrder(
  actor: Actor & { user: User },
  order: InternalOrder,
  deviceId: number
) {
  assertCanTake('delete_device', order, actor.user)
  await db.transaction(async (trx) => {
    const device = await InternalAlkesOrder.query({ client: trx })
      .where('id', deviceId)
      .where('internal_order_id', order.id)
      .preload('alkes')
      .firstOrFail()
    const remaining = await InternalAlkesOrder.query({ client: trx })
      .where('internal_order_id', order.id)
      .count('* as total')
      .firstOrFail()
    if (Number(remaining.$extras.total) <= 1) {
      throw new ActionRefusedException(
        'Alat terakhir tidak dapat dihapus. Hapus permintaannya bila tidak jadi diajukan.'
      )
    }
    await device.useTransaction(trx).delete()
    await refreshEstimate(trx, order)
    await audit(
      actor,
      {
        action: 'internal.delete_device',
        subjectType: 'internal_order',
        subjectId: order.id,
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

/** Cancels the test of one device, with a reason (BATAL UJI). */
export async function cancelDeviceTest(
  actor: Actor & { user: User },
  order: InternalOrder,
  deviceId: number,
  reason: string
) {
  assertCanTake('cancel_device', order, actor.user)
  await db.transaction(async (trx) => {
    const affected = await trx
      .from('internal_alkes_orders')
      .where('id', deviceId)
      .where('internal_order_id', order.id)
      .where('status', 'BELUM SELESAI')
      .update({ status: 'BATAL UJI', admin_description: reason })
    if (Number(Array.isArray(affected) ? affected[0] : affected) !== 1) {
      throw new ActionRefusedException(
        'Uji alat ini tidak dapat dibatalkan: alat sudah selesai atau sudah dibatalkan.'
      )
    }
    await refreshEstimate(trx, order)
    await audit(
      actor,
      {
        action: 'internal.cancel_device',
        subjectType: 'internal_order',
        subjectId: order.id,
        from: { device_id: deviceId, status: 'BELUM SELESAI' },
        to: { device_id: deviceId, status: 'BATAL UJI' },
        reason,
      },
      trx
    )
  })
}
