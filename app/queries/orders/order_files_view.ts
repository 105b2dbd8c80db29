import { urlFor } from '@adonisjs/core/services/url_builder'
import type Order from '#models/order'
import type OrderFile from '#models/order_file'
import type User from '#models/user'
import { FILE_KINDS } from '#files/file_kinds'
import { currentFiles } from '#files/order_files'
import { workflowOf } from '#workflows/order_types'
import { formatDateTime } from '#services/format'

/** Where a page opens an order file: its external link, or the guarded download route. */
export function fileHref(order: Pick<Order, 'id' | 'type'>, file: OrderFile) {
  return (
    file.externalUrl ??
    urlFor('orders.file', { orderType: order.type, id: order.id, fileId: file.id })
  )
}

/** An order file as a page lists it: its name, where it opens, when it was uploaded. */
export function listedFile(order: Pick<Order, 'id' | 'type'>, file: OrderFile) {
  return {
    id: file.id,
    name: file.originalName ?? `Berkas ${file.id}`,
    href: fileHref(order, file),
    formatted_uploaded_at: formatDateTime(file.createdAt),
  }
}

/** Whether the user may open files of this kind of this order now. */
export function maySeeFile(order: Order, user: User, kind: keyof typeof FILE_KINDS) {
  const action = FILE_KINDS[kind].seenWith
  return action === null || workflowOf(order).allows(action, order, user)
}

/** The current files of an order this user may see, by device line and kind. */
export async function visibleFiles(order: Order, user: User) {
  const files = await currentFiles(undefined, order.id)
  return files.filter((file) => maySeeFile(order, user, file.kind as keyof typeof FILE_KINDS))
}

/** `{ [deviceId]: { certificate: href, result: href, worksheet: href } }` for the files given. */
export function filesByDevice(order: Order, files: OrderFile[]) {
  const byDevice = new Map<number, Record<string, string>>()
  for (const file of files) {
    if (file.orderDeviceId === null) continue
    const entry = byDevice.get(file.orderDeviceId) ?? {}
    entry[file.kind] = fileHref(order, file)
    byDevice.set(file.orderDeviceId, entry)
  }
  return byDevice
}
