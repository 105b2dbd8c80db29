import { DateTime } from 'luxon'
import type { QueryClientContract, TransactionClientContract } from '@adonisjs/lucid/types/database'
import OrderFile from '#models/order_file'
import type Order from '#models/order'
import { FILE_KINDS, type OrderFileKind } from '#files/file_kinds'
import type { StoredFile } from '#files/file_store'

/** The current (not superseded) files of an order, optionally of some kinds only. */
export function currentFiles(
  client: QueryClientContract | undefined,
  orderId: number,
  kinds?: OrderFileKind[]
) {
  const query = OrderFile.query(client ? { client } : undefined)
    .where('order_id', orderId)
    .whereNull('superseded_at')
    .orderBy('id')
  if (kinds) query.whereIn('kind', kinds)
  return query
}

/** The current file of one kind of an order or of one of its device lines. */
export function currentFile(
  client: QueryClientContract | undefined,
  orderId: number,
  kind: OrderFileKind,
  deviceId: number | null = null
) {
  const query = currentFiles(client, orderId, [kind])
  if (deviceId === null) query.whereNull('order_device_id')
  else query.where('order_device_id', deviceId)
  return query.first()
}

/**
 * Records a stored file or an external link. For a kind that keeps one
 * current file, the one it replaces is marked superseded (it stays stored)
 * and returned, so the audit row can name it.
 */
export async function recordFile(
  trx: TransactionClientContract,
  target: { order: Order; deviceId?: number | null; kind: OrderFileKind; userId: number | null },
  content: { stored: StoredFile } | { externalUrl: string }
) {
  const deviceId = target.deviceId ?? null
  const previous = FILE_KINDS[target.kind].single
    ? await currentFile(trx, target.order.id, target.kind, deviceId)
    : null
  if (previous) {
    previous.useTransaction(trx)
    previous.supersededAt = DateTime.utc()
    await previous.save()
  }
  const stored = 'stored' in content ? content.stored : null
  const file = await OrderFile.create(
    {
      orderId: target.order.id,
      orderDeviceId: deviceId,
      kind: target.kind,
      storageKey: stored?.key ?? null,
      externalUrl: 'externalUrl' in content ? content.externalUrl : null,
      originalName: stored?.originalName ?? null,
      size: stored?.size ?? null,
      contentType: stored?.contentType ?? null,
      uploadedBy: target.userId,
    },
    { client: trx }
  )
  return { file, previous }
}

/** How an audit row names a file: the stored key or the link. */
export function fileReference(file: OrderFile | null) {
  if (!file) return null
  return file.storageKey
    ? `berkas ${file.originalName ?? file.storageKey} (${file.storageKey})`
    : file.externalUrl
}
