import type { HttpContext } from '@adonisjs/core/http'
import { urlFor } from '@adonisjs/core/services/url_builder'
import { actorOf } from '#services/audit'
import { orderTypeOf, workflowOf } from '#workflows/order_types'
import { ORDER_DOCUMENTS } from '#documents/registry'
import { devicesOf } from '#queries/orders/order_devices'
import OrderDeviceTransformer from '#transformers/order_device_transformer'
import { filesByDevice, visibleFiles } from '#queries/orders/order_files_view'
import { mayOpenDocument } from '#queries/orders/order_page_actions'
import { attachResult, saveOrderField } from '#actions/orders/attachments'
import { attachmentDeviceId, attachmentValidator, folderLinkValidator } from '#validators/orders'

/** An order's files page: certificates and results per device line, the folder link, the formats. */
export default class AttachmentsController {
  async index({ inertia, auth, order }: HttpContext) {
    const user = auth.user!
    const workflow = workflowOf(order)
    workflow.assert('files', order, user)
    const [devices, files] = await Promise.all([devicesOf(order), visibleFiles(order, user)])
    const links = filesByDevice(order, files)
    const params = { orderType: order.type, id: order.id }
    const upload = (type: string) => urlFor('orders.attachment.upload', { ...params, type })
    return inertia.render('orders/attachment', {
      order: { number: order.number, folder_link: order.folderLink },
      uploadHrefs: workflow.permits('attachment', user)
        ? { certificate: upload('certificate'), result: upload('result') }
        : null,
      folderHref: workflow.allows('folder', order, user)
        ? urlFor('orders.attachment.folder', params)
        : null,
      backHref: orderTypeOf(order).pagePath(order, user),
      formats: ORDER_DOCUMENTS.filter(
        (document) => document.placement === 'files' && mayOpenDocument(document, order, user)
      ).map((document) => ({
        label: document.label,
        href: document.path.replace(':id', String(order.id)),
      })),
      devices: OrderDeviceTransformer.transform(devices, { order, user, files: links }).useVariant(
        'forFiles'
      ),
    })
  }

  async store(ctx: HttpContext) {
    const user = ctx.auth.user!
    const input = await ctx.request.validateUsing(attachmentValidator)
    await attachResult({ ...actorOf(ctx), user }, ctx.order, {
      type: input.type,
      deviceId: attachmentDeviceId(input),
      file: input.file,
      link: input.link,
    })
    ctx.session.flash(
      'success',
      input.type === 'certificate' ? 'Sertifikat tersimpan.' : 'Hasil tersimpan.'
    )
    return ctx.response
      .redirect()
      .toRoute('orders.attachment', { orderType: ctx.order.type, id: ctx.order.id })
  }

  async folder(ctx: HttpContext) {
    const user = ctx.auth.user!
    const { link } = await ctx.request.validateUsing(folderLinkValidator)
    await saveOrderField({ ...actorOf(ctx), user }, ctx.order, 'folder_link', link)
    ctx.session.flash('success', 'Tautan folder tersimpan.')
    return ctx.response
      .redirect()
      .toRoute('orders.attachment', { orderType: ctx.order.type, id: ctx.order.id })
  }
}
