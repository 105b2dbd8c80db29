import db from '@adonisjs/lucid/services/db'
import type { MultipartFile } from '@adonisjs/core/bodyparser'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type Order from '#models/order'
import type OrderDevice from '#models/order_device'
import { refuseFields } from '#services/field_errors'
import ActionRefusedException from '#exceptions/action_refused_exception'
import type { StoredFile } from '#files/file_store'
import { withStagedFiles } from '#files/staged_files'
import { fileReference, recordFile } from '#files/order_files'
import { workflowOf } from '#workflows/order_types'
import { settleDevice } from '#actions/orders/settle_device'
import { findDevice } from '#queries/orders/find_device'
import { auditOrder, type StaffActor } from '#actions/orders/order_audit'
import { subOrdersOf } from '#queries/orders/order_devices'
import { lockModel } from '#services/row_locks'

const KIND_LABELS = { certificate: 'sertifikat', result: 'hasil' } as const
type ResultKind = keyof typeof KIND_LABELS

/**
 * The certificate or result of one device line: a PDF or an https link. A
 * replacement keeps the earlier file stored; the audit row names both.
 */
export async function attachResult(
  actor: StaffActor,
  order: Order,
  input: { type: ResultKind; deviceId: number; file?: MultipartFile; link?: string }
) {
  const device = await attachableDevice(actor, order, input.deviceId)
  await withStagedFiles(async (files) => {
    const stored = input.file ? await files.upload(input.file, `results/${order.id}`) : null
    await db.transaction(async (trx) => {
      await lockModel(trx, order)
      const fresh = await attachableDevice(actor, order, device.id, trx)
      const content = stored ? { stored } : { link: input.link! }
      await recordResult(trx, actor, order, fresh, input.type, content)
    })
  })
}

/**
 * Several certificates at once (the files page's bulk upload): each PDF for its
 * device line, every line checked first, all saved together or none.
 */
export async function attachCertificates(
  actor: StaffActor,
  order: Order,
  items: { deviceId: number; file: MultipartFile }[]
) {
  const devices: OrderDevice[] = []
  for (const item of items) {
    devices.push(await attachableDevice(actor, order, item.deviceId))
  }
  await withStagedFiles(async (files) => {
    const stored: StoredFile[] = []
    for (const item of items) stored.push(await files.upload(item.file, `results/${order.id}`))
    await db.transaction(async (trx) => {
      await lockModel(trx, order)
      for (const [index, { id }] of devices.entries()) {
        const device = await attachableDevice(actor, order, id, trx)
        await recordResult(trx, actor, order, device, 'certificate', { stored: stored[index] })
      }
    })
  })
}

/**
 * On-site uploads (spec: `data`, a list of `value` and `order_number`): each file or https link
 * is the certificate or result of every line of one sub-order number. Every entry is checked
 * first; all are saved together or none.
 */
export async function attachBySubOrder(
  actor: StaffActor,
  order: Order,
  type: ResultKind,
  entries: { order_number: string; value: MultipartFile | string }[]
) {
  const groups = await subOrdersOf(order)
  const targets: OrderDevice[][] = []
  for (const [index, entry] of entries.entries()) {
    const devices = groups.get(entry.order_number)
    if (!devices) {
      refuseFields({
        [`data.${index}.order_number`]: `Nomor ${entry.order_number} bukan sub-order permintaan ini.`,
      })
    }
    for (const device of devices) workflowOf(order).assert('attachment', order, actor.user, device)
    targets.push(devices)
  }
  await withStagedFiles(async (files) => {
    const contents: ({ stored: StoredFile } | { link: string })[] = []
    for (const entry of entries) {
      contents.push(
        typeof entry.value === 'string'
          ? { link: entry.value }
          : { stored: await files.upload(entry.value, `results/${order.id}`) }
      )
    }
    await db.transaction(async (trx) => {
      await lockModel(trx, order)
      for (const [index, devices] of targets.entries()) {
        for (const { id } of devices) {
          const device = await findDevice(trx, order, id)
          workflowOf(order).assert('attachment', order, actor.user, device)
          await recordResult(trx, actor, order, device, type, contents[index])
        }
      }
    })
  })
}

/**
 * A line of the order this user may attach to now; a cancelled test takes no result. Checked
 * before the upload is stored, and again in the transaction (`client`) once the order is taken.
 */
async function attachableDevice(
  actor: StaffActor,
  order: Order,
  deviceId: number,
  client?: TransactionClientContract
) {
  const device = await findDevice(client, order, deviceId)
  workflowOf(order).assert('attachment', order, actor.user, device)
  if (device.status === 'BATAL UJI') {
    throw new ActionRefusedException(
      `Uji ${device.serialNumber ?? 'alat ini'} dibatalkan: sertifikat atau hasilnya tidak diunggah.`
    )
  }
  return device
}

async function recordResult(
  trx: TransactionClientContract,
  actor: StaffActor,
  order: Order,
  device: OrderDevice,
  type: ResultKind,
  content: { stored: StoredFile } | { link: string }
) {
  const link = 'link' in content ? content.link : null
  const { file, previous } = await recordFile(
    trx,
    { order, deviceId: device.id, kind: type, userId: actor.user.id },
    'stored' in content ? { stored: content.stored } : { externalUrl: content.link }
  )
  const finished = await settleDevice(trx, order, device)
  await auditOrder(
    actor,
    order,
    'attachment',
    {
      from: previous
        ? { device_id: device.id, type, replaced: fileReference(previous) }
        : undefined,
      to: {
        device_id: device.id,
        serial_number: device.serialNumber,
        type,
        label: KIND_LABELS[type],
        file: fileReference(file),
        link,
        finished,
      },
    },
    trx
  )
}

/** The order's folder link or certificate date. */
export async function saveOrderField(
  actor: StaffActor,
  order: Order,
  field: 'folder_link' | 'certificate_date',
  value: string
) {
  const action = field === 'folder_link' ? 'folder' : 'certificate_date'
  await workflowOf(order).take(action, order, actor.user, async (trx) => {
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
