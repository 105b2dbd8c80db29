import type { HttpContext } from '@adonisjs/core/http'
import { urlFor } from '@adonisjs/core/services/url_builder'
import { signedInActor } from '#services/audit'
import { backToOrderPage } from '#services/order_links'
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
    const input = await ctx.request.validateUsing(attachmentValidator)
    await attachResult(signedInActor(ctx), ctx.order, {
      type: input.type,
      deviceId: attachmentDeviceId(input),
      file: input.file,
      link: input.link,
    })
    return backToOrderPage(
      ctx,
      'orders.attachment',
      input.type === 'certificate' ? 'Sertifikat tersimpan.' : 'Hasil tersimpan.'
    )
  }

  async folder(ctx: HttpContext) {
    const { link } = await ctx.request.validateUsing(folderLinkValidator)
    await saveOrderField(signedInActor(ctx), ctx.order, 'folder_link', link)
    return backToOrderPage(ctx, 'orders.attachment', 'Tautan folder tersimpan.')
  }
}
