import type Order from '#models/order'
import { workflowOf } from '#workflows/order_types'
import { auditOrder, type StaffActor } from '#actions/orders/order_audit'
import { addDeviceLines, linesChanged, type DeviceLineInput } from '#actions/orders/device_lines'

/** Adds requested devices to an order that is not finished. */
export async function appendDevices(actor: StaffActor, order: Order, lines: DeviceLineInput[]) {
  await workflowOf(order).take('append', order, actor.user, async (trx) => {
    const added = await addDeviceLines(trx, order, lines)
    await linesChanged(trx, order)
    await auditOrder(actor, order, 'append', { to: { added_devices: added.length } }, trx)
  })
}
