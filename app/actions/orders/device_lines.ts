import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import Alkes from '#models/alkes'
import type Order from '#models/order'
import OrderDevice from '#models/order_device'
import labConfig from '#config/lab'
import { databaseNow } from '#services/database_time'
import ActionRefusedException from '#exceptions/action_refused_exception'
import { orderTypeOf, workflowOf } from '#workflows/order_types'
import { removeFilesAfterCommit } from '#files/order_files'
import { refreshOrderTotals } from '#actions/orders/order_totals'
import { auditOrder, type StaffActor } from '#actions/orders/order_audit'
import type { ServiceLab } from '#enums/labs'
import { sameSerialKey, whereSameSerial } from '#queries/devices/serial'
import { affectedRows } from '#services/query_results'

export interface DeviceLineInput {
  alkes_id: number
  quantity: number
  description?: string
}

/** The devices a request asks for: the sum of its lines' quantities. */
export const requestedDevices = (lines: { quantity: number }[]) =>
  lines.reduce((total, line) => total + line.quantity, 0)

/** Why an order would hold too many devices with `adding` more (null: it would not). */
export function oversizedOrder(adding: number, existing = 0) {
  const max = labConfig.maxOrderDevices
  if (existing + adding <= max) return null
  const asked = existing
    ? `${existing} alat yang sudah ada ditambah ${adding} alat baru`
    : `${adding} alat`
  return `Satu permintaan paling banyak ${max} alat (jumlah seluruh baris); permintaan ini ${asked}. Bagi alat ke beberapa permintaan.`
}

/** Refuses a request for more devices than an order may hold, before anything is stored. */
export function refuseOversizedOrder(lines: { quantity: number }[]) {
  const reason = oversizedOrder(requestedDevices(lines))
  if (reason) throw new ActionRefusedException(reason)
}

/** Rows per INSERT: well under SQLite's limit of bound values (9 columns a row). */
const INSERT_CHUNK = 200

/**
 * Each requested line of quantity n becomes n device lines, priced and timed
 * from the device master data (never from the browser), in the lab of its
 * device type. Only device types offered for the service are taken; the order holds at
 * most `maxOrderDevices` (config/lab.ts) with the lines it has. Written in multi-row
 * inserts: one statement a few hundred lines, not one per line.
 */
export async function addDeviceLines(
  trx: TransactionClientContract,
  order: Order,
  lines: DeviceLineInput[]
) {
  const existing = await trx
    .from('order_devices')
    .where('order_id', order.id)
    .count('* as total')
    .first()
  const oversized = oversizedOrder(requestedDevices(lines), Number(existing?.total ?? 0))
  if (oversized) throw new ActionRefusedException(oversized)
  const alkes = await Alkes.query({ client: trx })
    .whereIn(
      'id',
      lines.map((line) => line.alkes_id)
    )
    .where(orderTypeOf(order).alkesFlag, true)
  const byId = new Map(alkes.map((item) => [item.id, item]))
  const unknown = lines.find((line) => !byId.has(line.alkes_id))
  if (unknown) throw new ActionRefusedException('Alat tidak tersedia untuk layanan ini.')
  const now = databaseNow(trx)
  const rows = lines.flatMap((line) =>
    Array.from({ length: line.quantity }, () => {
      const item = byId.get(line.alkes_id)!
      return {
        order_id: order.id,
        lab: item.laboratory.toLowerCase() as ServiceLab,
        alkes_id: item.id,
        price: item.price,
        minute_estimation: item.minuteEstimation,
        description: line.description ?? null,
        status: 'BELUM SELESAI' as const,
        created_at: now,
        updated_at: now,
      }
    })
  )
  for (let start = 0; start < rows.length; start += INSERT_CHUNK) {
    await trx.table('order_devices').multiInsert(rows.slice(start, start + INSERT_CHUNK))
  }
  return rows
}

/** After any change to an order's lines: its totals, and what its type derives from them. */
export async function linesChanged(trx: TransactionClientContract, order: Order) {
  await refreshOrderTotals(trx, order)
  await orderTypeOf(order).devicesChanged?.(trx, order)
}

/** Adds requested devices to an order that is not finished. */
export async function appendDevices(actor: StaffActor, order: Order, lines: DeviceLineInput[]) {
  await workflowOf(order).take('append', order, actor.user, async (trx) => {
    const added = await addDeviceLines(trx, order, lines)
    await linesChanged(trx, order)
    await auditOrder(actor, order, 'append', { to: { added_devices: added.length } }, trx)
  })
}

export function findDevice(
  client: TransactionClientContract | undefined,
  order: Order,
  deviceId: number
) {
  return OrderDevice.query(client ? { client } : undefined)
    .where('id', deviceId)
    .where('order_id', order.id)
    .preload('alkes')
    .firstOrFail()
}

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

export const REPEATED_SERIAL = 'Nomor seri ini sama dengan alat sejenis lain di permintaan ini.'

/**
 * The positions of lines that repeat the device type and serial number of a line before
 * them: one order never holds the same device twice.
 */
export function repeatedSerials(lines: { alkesId: number; serialNumber: string }[]) {
  const seen = new Set<string>()
  const repeated: number[] = []
  lines.forEach((line, index) => {
    const key = `${line.alkesId}|${sameSerialKey(line.serialNumber)}`
    if (seen.has(key)) repeated.push(index)
    seen.add(key)
  })
  return repeated
}

/** Whether another line of the order holds this device type with this serial number. */
export async function serialHeldByAnotherLine(
  client: TransactionClientContract,
  device: { id: number; orderId: number; alkesId: number },
  serialNumber: string
) {
  const other = await whereSameSerial(
    client
      .from('order_devices')
      .where('order_id', device.orderId)
      .where('alkes_id', device.alkesId)
      .whereNot('id', device.id),
    'serial_number',
    serialNumber
  )
    .select('id')
    .first()
  return !!other
}
