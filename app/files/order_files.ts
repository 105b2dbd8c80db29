import { DateTime } from 'luxon'
import type { QueryClientContract, TransactionClientContract } from '@adonisjs/lucid/types/database'
import OrderFile from '#models/order_file'
import type Order from '#models/order'
import { FILE_KINDS, type OrderFileKind } from '#files/file_kinds'
import type { StoredFile } from '#files/file_store'
import { referenceIn, removeAfterCommit } from '#files/staged_files'

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
 * and returned, so the audit row can name it. The stored file is kept only
 * if `trx` commits (files/staged_files.ts).
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
  if (stored) referenceIn(trx, stored.key)
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

/** Which of these keys a file row still references. */
export async function referencedKeys(client: QueryClientContract | undefined, keys: string[]) {
  const found = new Set<string>()
  for (let i = 0; i < keys.length; i += 500) {
    const rows = await OrderFile.query(client ? { client } : undefined)
      .whereIn('storage_key', keys.slice(i, i + 500))
      .select('storage_key')
    for (const row of rows) found.add(row.storageKey!)
  }
  return found
}

/**
 * The rows of an order (all of them, or one device line's) are about to be deleted in `trx`
 * (their foreign keys cascade to their files' rows): their stored files are removed once it
 * commits, not before; a rollback keeps them.
 */
export async function removeFilesAfterCommit(
  trx: TransactionClientContract,
  orderId: number,
  deviceIds?: number[]
) {
  const query = trx.from('order_files').where('order_id', orderId).whereNotNull('storage_key')
  if (deviceIds) query.whereIn('order_device_id', deviceIds)
  const rows: { storage_key: string }[] = await query.select('storage_key')
  removeAfterCommit(
    trx,
    rows.map((row) => row.storage_key),
    (keys) => referencedKeys(undefined, keys)
  )
}
