import type { HttpContext } from '@adonisjs/core/http'
import NotFoundException from '#exceptions/not_found_exception'
import OrderFile from '#models/order_file'
import { FILE_KINDS, type OrderFileKind } from '#files/file_kinds'
import { currentFile } from '#files/order_files'
import { isGenerated, readStored } from '#files/file_store'
import { contentDisposition } from '#files/content_disposition'
import { workflowOf } from '#workflows/order_types'

/**
 * An upload is served as an attachment (saved, never rendered by the browser from the app's
 * origin); a document the app drew (an approved certificate's PDF) may open inline (issue 33,
 * point 5).
 */
function disposition(file: OrderFile) {
  const type = file.storageKey && isGenerated(file.storageKey) ? 'inline' : 'attachment'
  return contentDisposition(type, file.originalName ?? `berkas-${file.id}`)
}

/**
 * The one download route family of order files: the order's visibility (the
 * loader), the kind's rule, then the stored bytes with their stored type,
 * a Content-Disposition and nosniff. An external link is followed instead.
 */
export default class FilesController {
  async show(ctx: HttpContext) {
    const file = await OrderFile.query()
      .where('id', Number(ctx.params.fileId) || 0)
      .where('order_id', ctx.order.id)
      .first()
    if (!file) throw new NotFoundException()
    return this.serve(ctx, file.kind as OrderFileKind, file)
  }

  /** `/:orderType/:id/file/:deviceId/:kind`: the current certificate or result of a device line. */
  async deviceFile(ctx: HttpContext) {
    const kind = ctx.params.kind as OrderFileKind
    const file = await currentFile(undefined, ctx.order.id, kind, Number(ctx.params.deviceId) || 0)
    return this.serve(ctx, kind, file)
  }

  /** `/:orderType/:id/letter`: the application letter. */
  async letter(ctx: HttpContext) {
    const file = await currentFile(undefined, ctx.order.id, 'application_letter')
    return this.serve(ctx, 'application_letter', file)
  }

  private async serve(
    { order, auth, response }: HttpContext,
    kind: OrderFileKind,
    file: OrderFile | null
  ) {
    // The kind's rule is the workflow action it is seen with (files/file_kinds.ts), refused as
    // that action refuses (`maySeeFile` asks the same).
    const action = FILE_KINDS[kind].seenWith
    if (action) workflowOf(order).assert(action, order, auth.user!)
    if (!file) throw new NotFoundException()
    if (file.externalUrl) return response.redirect(file.externalUrl)
    response.header('Content-Type', file.contentType ?? 'application/octet-stream')
    response.header('Content-Disposition', disposition(file))
    response.header('X-Content-Type-Options', 'nosniff')
    return response.stream(await readStored(file.storageKey!))
  }
}
