import type { HttpContext } from '@adonisjs/core/http'
import { urlFor } from '@adonisjs/core/services/url_builder'
import db from '@adonisjs/lucid/services/db'
import { signedInActor } from '#services/audit'
import { backToOrderPage } from '#services/order_links'
import { orderTypeOf, workflowOf } from '#workflows/order_types'
import { findDevice } from '#queries/orders/find_device'
import { saveWorksheet } from '#actions/orders/worksheets'
import { approveCertificate } from '#actions/orders/certificates'
import { certificateLines } from '#queries/orders/certificates'
import { standardsDate, worksheetFormProps } from '#queries/orders/worksheet_form'
import { certificateContents } from '#documents/certificates/contents'
import { certificatePdf } from '#documents/certificates/certificate_pdf'
import { amendmentValidator } from '#validators/orders'
import { certificateToAmend } from '#policies/certificates'

/**
 * Generated certificates of an order's device lines (issue 15), for both order types: the
 * page with every revision, the draft preview, the head's approval and the amendment.
 */
export default class CertificatesController {
  async index({ inertia, auth, order }: HttpContext) {
    const user = auth.user!
    workflowOf(order).assert('certificates', order, user)
    return inertia.render('orders/certificates', {
      order: { number: order.number, status: order.status },
      backHref: orderTypeOf(order).pagePath(order, user),
      devices: await certificateLines(order, user),
    })
  }

  /** The certificate as the worksheet now stands, marked DRAF (nothing is stored). */
  async draft({ auth, params, order, response }: HttpContext) {
    const workflow = workflowOf(order)
    workflow.assert('certificates', order, auth.user!)
    const device = await findDevice(undefined, order, Number(params.alkesOrderId) || 0)
    workflow.assert('certificate_draft', order, auth.user!, device)
    const pdf = await certificatePdf(
      await certificateContents(db.connection(), order, device, null)
    )
    response.header('Content-Type', 'application/pdf')
    response.header('Content-Disposition', `inline; filename="draf-sertifikat-${device.id}.pdf"`)
    return response.send(pdf)
  }

  async approve(ctx: HttpContext) {
    const certificate = await approveCertificate(
      signedInActor(ctx),
      ctx.order,
      Number(ctx.params.certificateId) || 0
    )
    return backToOrderPage(
      ctx,
      'orders.certificates',
      `Sertifikat ${certificate.number} disetujui.`
    )
  }

  async amendForm({ inertia, auth, params, request, order }: HttpContext) {
    const user = auth.user!
    const device = await findDevice(undefined, order, Number(params.alkesOrderId) || 0)
    workflowOf(order).assert('certificate_amend', order, user, device)
    const current = await certificateToAmend(device)
    const route = { orderType: order.type, id: order.id, alkesOrderId: device.id }
    return inertia.render('orders/worksheet', {
      order: { number: order.number },
      device: { name: device.alkes.name },
      backHref: urlFor('orders.certificates', { orderType: order.type, id: order.id }),
      submitHref: urlFor('orders.certificate.amend', route),
      amendment: { number: current.number },
      ...(await worksheetFormProps(order, device, user, {
        amendment: true,
        standardsOn: standardsDate(request.qs().work_date, device),
      })),
    })
  }

  async amend(ctx: HttpContext) {
    const deviceId = Number(ctx.params.alkesOrderId) || 0
    const device = await findDevice(undefined, ctx.order, deviceId)
    workflowOf(ctx.order).assert('certificate_amend', ctx.order, ctx.auth.user!, device)
    const { amendment_reason: reason, ...input } =
      await ctx.request.validateUsing(amendmentValidator)
    await saveWorksheet(signedInActor(ctx), ctx.order, deviceId, input, { reason })
    return backToOrderPage(
      ctx,
      'orders.certificates',
      'Revisi sertifikat tersimpan dan menunggu persetujuan kepala laboratorium.'
    )
  }
}
