import type { HttpContext } from '@adonisjs/core/http'
import { urlFor } from '@adonisjs/core/services/url_builder'
import { signedInActor } from '#services/audit'
import { LABEL_STATUS_TONES } from '#models/label_request'
import { workflowOf } from '#workflows/order_types'
import { deviceLabelsOf, labelRequestForPage, LABEL_TYPE_NAMES } from '#queries/orders/labels'
import { listedFile } from '#queries/orders/order_files_view'
import { openableDocumentPath } from '#queries/orders/order_page_actions'
import { currentFiles } from '#files/order_files'
import { qrCodeSvg } from '#documents/kit/qr_code'
import { verificationUrl } from '#services/label_codes'
import { finishLabels, handOverLabels, requestLabels } from '#actions/orders/labels'
import {
  LABEL_LABELS,
  labelFinishingValidator,
  labelRequestValidator,
  MAX_LABEL_QUANTITY,
} from '#validators/labels'
import { backToOrderPage, refusedOr, stepFormProps } from '#services/order_links'

/**
 * The label request of an order of either type (spec part 2: Labels; /label/{orderType}/{id}):
 * the officer requests the quantities, staff hand the labels over with a verifiable code per
 * device, the officer reports the returned labels. The workflow says who may act, and when.
 */
export default class LabelsController {
  async show(ctx: HttpContext) {
    const { order } = ctx
    const user = ctx.auth.user!
    const workflow = workflowOf(order)
    workflow.assert('label', order, user)
    const [request, devices, [proof]] = await Promise.all([
      labelRequestForPage(order),
      deviceLabelsOf(order),
      currentFiles(undefined, order.id, ['label_proof']),
    ])
    const params = { orderType: order.type, id: order.id }
    const may = (action: 'label_request' | 'label_handover' | 'label_finishing') =>
      workflow.allows(action, order, user)
    return ctx.inertia.render('orders/label', {
      ...stepFormProps(ctx, null),
      labels: LABEL_LABELS,
      typeNames: LABEL_TYPE_NAMES,
      request,
      statusTone: LABEL_STATUS_TONES[request.status],
      devices: await Promise.all(
        devices.map(async (device) => ({
          ...device,
          qr_svg: await qrCodeSvg(verificationUrl(device.code)),
        }))
      ),
      maxQuantity: MAX_LABEL_QUANTITY,
      proof: proof ? listedFile(order, proof) : null,
      sheetHref: devices.length
        ? openableDocumentPath(`${order.type}_label_sheet`, order, user)
        : null,
      requestHref: may('label_request') ? urlFor('orders.label.request', params) : null,
      handoverHref: may('label_handover') ? urlFor('orders.label.handover', params) : null,
      finishingHref:
        may('label_finishing') && request.id
          ? urlFor('orders.label.finishing', { orderType: order.type, labelRequestId: request.id })
          : null,
    })
  }

  /** PUT /{orderType}/{orderId}/label */
  async request(ctx: HttpContext) {
    const input = await refusedOr(ctx, 'label_request', () =>
      ctx.request.validateUsing(labelRequestValidator)
    )
    await requestLabels(signedInActor(ctx), ctx.order, input)
    return backToOrderPage(ctx, 'orders.label', `Permintaan label ${ctx.order.number} tersimpan.`)
  }

  /** PUT /{orderType}/{orderId}/label/handover: staff hand the labels to the officer. */
  async handover(ctx: HttpContext) {
    await handOverLabels(signedInActor(ctx), ctx.order)
    return backToOrderPage(ctx, 'orders.label', `Label ${ctx.order.number} diserahkan.`)
  }

  /** POST /{orderType}/{labelRequestId}/label/finishing */
  async finishing(ctx: HttpContext) {
    const input = await refusedOr(ctx, 'label_finishing', () =>
      ctx.request.validateUsing(labelFinishingValidator)
    )
    await finishLabels(signedInActor(ctx), ctx.order, input)
    return backToOrderPage(
      ctx,
      'orders.label',
      `Pengembalian label ${ctx.order.number} tercatat; permintaan selesai.`
    )
  }
}
