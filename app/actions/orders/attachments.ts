import db from '@adonisjs/lucid/services/db'
import type { MultipartFile } from '@adonisjs/core/bodyparser'
import type Order from '#models/order'
import { storeUpload } from '#files/file_store'
import { fileReference, recordFile } from '#files/order_files'
import { workflowOf } from '#workflows/order_types'
import { settleDevice } from '#actions/orders/settle_device'
import { findDevice } from '#actions/orders/device_lines'
import { auditOrder, type StaffActor } from '#actions/orders/order_audit'

const KIND_LABELS = { certificate: 'sertifikat', result: 'hasil' } as const

/**
 * The certificate or result of one device line: a PDF or an https link. A
 * replacement keeps the earlier file stored; the audit row names both.
 */
export async function attachResult(
  actor: StaffActor,
  order: Order,
  input: { type: 'certificate' | 'result'; deviceId: number; file?: MultipartFile; link?: string }
) {
  const device = await findDevice(undefined, order, input.deviceId)
  workflowOf(order).assert('attachment', order, actor.user, device)
  const stored = input.file ? await storeUpload(input.file, `results/${order.id}`) : null
  await db.transaction(async (trx) => {
    const { file, previous } = await recordFile(
      trx,
      { order, deviceId: device.id, kind: input.type, userId: actor.user.id },
      stored ? { stored } : { externalUrl: input.link! }
    )
    const finished = await settleDevice(trx, order, device)
    await auditOrder(
      actor,
      order,
      'attachment',
      {
        from: previous
          ? { device_id: device.id, type: input.type, replaced: fileReference(previous) }
          : undefined,
        to: {
          device_id: device.id,
          serial_number: device.serialNumber,
          type: input.type,
          label: KIND_LABELS[input.type],
          file: fileReference(file),
          link: input.link ?? null,
          finished,
        },
      },
      trx
    )
  })
}

/** The order's folder link or certificate date. */
export async function saveOrderField(
  actor: StaffActor,
  order: Order,
  field: 'folder_link' | 'certificate_date',
  value: string
) {
  const action = field === 'folder_link' ? 'folder' : 'certificate_date'
  workflowOf(order).assert(action, order, actor.user)
  await db.transaction(async (trx) => {
    const before = await trx.from('orders').where('id', order.id).select(field).first()
    await trx
      .from('orders')
      .where('id', order.id)
      .update({ [field]: value })
    await auditOrder(
      actor,
      order,
      action,
      { from: { [field]: before?.[field] ?? null }, to: { [field]: value } },
      trx
    )
  })
}
