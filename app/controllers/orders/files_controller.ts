import type { HttpContext } from '@adonisjs/core/http'
import NotFoundException from '#exceptions/not_found_exception'
import ForbiddenException from '#exceptions/forbidden_exception'
import OrderFile from '#models/order_file'
import { FILE_KINDS, type OrderFileKind } from '#files/file_kinds'
import { currentFile } from '#files/order_files'
import { readStored } from '#files/file_store'
import { maySeeFile } from '#queries/orders/order_files_view'
import { workflowOf } from '#workflows/order_types'

/** `attachment; filename*=` with the original name kept readable and safe in a header. */
function disposition(file: OrderFile) {
  const name = (file.originalName ?? `berkas-${file.id}`).replace(/[^\w.\- ]+/g, '_')
  return `inline; filename="${name}"; filename*=UTF-8''${encodeURIComponent(file.originalName ?? name)}`
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
    const user = auth.user!
    if (!maySeeFile(order, user, kind)) {
      const action = FILE_KINDS[kind].seenWith
      if (action) workflowOf(order).assert(action, order, user)
      throw new ForbiddenException()
    }
    if (!file) throw new NotFoundException()
    if (file.externalUrl) return response.redirect(file.externalUrl)
    response.header('Content-Type', file.contentType ?? 'application/octet-stream')
    response.header('Content-Disposition', disposition(file))
    response.header('X-Content-Type-Options', 'nosniff')
    return response.stream(await readStored(file.storageKey!))
  }
}
