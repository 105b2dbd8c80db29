import type { HttpContext } from '@adonisjs/core/http'
import type Order from '#models/order'
import type User from '#models/user'
import { urlFor } from '@adonisjs/core/services/url_builder'
import { REQUEST_SIZE, RESULT_FILE_SIZE, sizeBytes, sizeLabel } from '#files/upload_limits'
import { signedInActor } from '#services/audit'
import { backToOrderPage } from '#services/order_links'
import { orderTypeOf, workflowOf } from '#workflows/order_types'
import { ORDER_DOCUMENTS } from '#documents/registry'
import { devicesOf, mayAttachTo } from '#queries/orders/order_devices'
import OrderDeviceTransformer from '#transformers/order_device_transformer'
import { filesByDevice, visibleFiles } from '#queries/orders/order_files_view'
import { documentPath, mayOpenDocument } from '#queries/orders/order_page_actions'
import {
  attachBySubOrder,
  attachCertificates,
  attachResult,
  saveOrderField,
} from '#actions/orders/attachments'
import {
  attachmentDeviceId,
  attachmentValidator,
  bulkCertificatesValidator,
  fileNamesValidator,
  folderLinkValidator,
  MAX_BULK_FILES,
  subOrderAttachmentValidator,
} from '#validators/orders'
import { matchFileNames } from '#files/certificate_matching'
import { refuseFields } from '#services/field_errors'

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
      // Many certificates at once: where the names are matched, then where the files go.
      bulkHrefs: devices.some((device) => mayAttachTo(order, device, user))
        ? {
            match: urlFor('orders.attachment.match', params),
            store: urlFor('orders.attachment.bulk', params),
            // One request carries them all: the body parser's limit (config/bodyparser.ts).
            maxBytes: sizeBytes(REQUEST_SIZE),
            fileLimit: sizeLabel(RESULT_FILE_SIZE),
            maxFiles: MAX_BULK_FILES,
          }
        : null,
      folderHref: workflow.allows('folder', order, user)
        ? urlFor('orders.attachment.folder', params)
        : null,
      backHref: orderTypeOf(order).pagePath(order, user),
      formats: await formatLinks(order, user),
      devices: OrderDeviceTransformer.transform(devices, { order, user, files: links }).useVariant(
        'forFiles'
      ),
    })
  }

  async store(ctx: HttpContext) {
    // On-site orders send one entry per sub-order number (`data`).
    if (ctx.request.input('data') !== undefined || ctx.request.file('data.0.value')) {
      const { type, data } = await ctx.request.validateUsing(subOrderAttachmentValidator)
      await attachBySubOrder(signedInActor(ctx), ctx.order, type, data)
      const saved = type === 'certificate' ? 'Sertifikat' : 'Hasil'
      return backToOrderPage(
        ctx,
        'orders.attachment',
        `${saved} ${data.length} sub-order tersimpan.`
      )
    }
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

  /** Which device line each file name is for (`?names=…`), before the files are sent. */
  async match({ request, auth, order }: HttpContext) {
    const user = auth.user!
    const workflow = workflowOf(order)
    workflow.assert('files', order, user)
    workflow.assertPermits('attachment', user)
    const raw = request.qs().names
    const { names = [] } = await fileNamesValidator.validate({
      names: raw === undefined || Array.isArray(raw) ? raw : [raw],
    })
    const devices = await devicesOf(order)
    return {
      matches: matchFileNames(
        names,
        devices
          .filter((device) => mayAttachTo(order, device, user))
          .map((device) => ({
            id: device.id,
            certificate_number: device.certificateNumber,
            serial_number: device.serialNumber,
          }))
      ),
    }
  }

  /** The certificates of several device lines at once. */
  async bulkStore(ctx: HttpContext) {
    const input = await ctx.request.validateUsing(bulkCertificatesValidator)
    if (input.files.length !== input.order_device_ids.length) {
      refuseFields({ order_device_ids: 'Pilih alat untuk setiap berkas sertifikat.' })
    }
    await attachCertificates(
      signedInActor(ctx),
      ctx.order,
      input.files.map((file, index) => ({ file, deviceId: input.order_device_ids[index] }))
    )
    return backToOrderPage(ctx, 'orders.attachment', `${input.files.length} sertifikat tersimpan.`)
  }

  async folder(ctx: HttpContext) {
    const { link } = await ctx.request.validateUsing(folderLinkValidator)
    await saveOrderField(signedInActor(ctx), ctx.order, 'folder_link', link)
    return backToOrderPage(ctx, 'orders.attachment', 'Tautan folder tersimpan.')
  }
}

/** The files page's generated formats; one link per part for a document served in parts. */
async function formatLinks(order: Order, user: User) {
  const documents = ORDER_DOCUMENTS.filter(
    (document) => document.placement === 'files' && mayOpenDocument(document, order, user)
  )
  const links = await Promise.all(
    documents.map(async (document) => {
      if (!document.parts) return [{ label: document.label, href: documentPath(document, order) }]
      const parts = await document.parts(order)
      return parts.map((part) => ({
        label: `${document.label} · ${part.label}`,
        href: documentPath(document, order, part.query),
      }))
    })
  )
  return links.flat()
}
