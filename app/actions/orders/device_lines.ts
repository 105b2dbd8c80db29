import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import Alkes from '#models/alkes'
import type Order from '#models/order'
import labConfig from '#config/lab'
import { databaseNow } from '#services/database_time'
import ActionRefusedException from '#exceptions/action_refused_exception'
import { orderTypeOf } from '#workflows/order_types'
import { refreshOrderTotals } from '#actions/orders/order_totals'
import { offeredFor } from '#queries/alkes/services'
import type { ServiceLab } from '#enums/labs'

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
    .whereIn('id', offeredFor(order.type, trx))
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
