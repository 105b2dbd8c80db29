import type { HttpContext } from '@adonisjs/core/http'
import { urlFor } from '@adonisjs/core/services/url_builder'
import { signedInActor } from '#services/audit'
import { backToOrderPage } from '#services/order_links'
import ForbiddenException from '#exceptions/forbidden_exception'
import { orderTypeOf, workflowOf } from '#workflows/order_types'
import { currentFiles } from '#files/order_files'
import { devicesOf } from '#queries/orders/order_devices'
import OrderDeviceTransformer from '#transformers/order_device_transformer'
import { standardsDate, worksheetFormProps } from '#queries/orders/worksheet_form'
import { filesByDevice } from '#queries/orders/order_files_view'
import { findDevice } from '#actions/orders/device_lines'
import { saveWorksheet, uploadWorksheet } from '#actions/orders/worksheets'
import { saveOrderField } from '#actions/orders/attachments'
import {
  certificateDateValidator,
  worksheetUploadValidator,
  worksheetValidator,
} from '#validators/orders'

/** The PK worksheets (Lembar Kerja) of an order's device lines, for both order types. */
export default class WorksheetsController {
  async index({ inertia, auth, order }: HttpContext) {
    const user = auth.user!
    const workflow = workflowOf(order)
    workflow.assert('worksheets', order, user)
    const [devices, files] = await Promise.all([
      devicesOf(order).where('lab', 'pk'),
      currentFiles(undefined, order.id, ['worksheet']),
    ])
    const params = { orderType: order.type, id: order.id }
    return inertia.render('orders/worksheets', {
      order: {
        number: order.number,
        status: order.status,
        certificate_date: order.certificateDate?.toISODate() ?? null,
      },
      backHref: orderTypeOf(order).pagePath(order, user),
      certificateDateHref: workflow.allows('certificate_date', order, user)
        ? urlFor('orders.certificate_date', params)
        : null,
      certificatesHref: workflow.allows('certificates', order, user)
        ? urlFor('orders.certificates', params)
        : null,
      devices: OrderDeviceTransformer.transform(devices, {
        order,
        user,
        files: filesByDevice(order, files),
      }).useVariant('forWorksheets'),
    })
  }

  async edit({ inertia, auth, params, request, order }: HttpContext) {
    const user = auth.user!
    const device = await findDevice(undefined, order, Number(params.alkesOrderId) || 0)
    const workflow = workflowOf(order)
    if (!workflow.allows('worksheet', order, user, device)) {
      throw new ForbiddenException('Lembar kerja ini hanya untuk petugas yang ditugaskan.')
    }
    const route = { orderType: order.type, id: order.id }
    return inertia.render('orders/worksheet', {
      order: { number: order.number },
      device: { name: device.alkes.name },
      backHref: urlFor('orders.worksheets', route),
      submitHref: urlFor('orders.worksheet.update', { ...route, alkesOrderId: device.id }),
      amendment: null,
      ...(await worksheetFormProps(order, device, user, {
        amendment: false,
        standardsOn: standardsDate(request.qs().work_date, device),
      })),
    })
  }

  async update(ctx: HttpContext) {
    const deviceId = Number(ctx.params.alkesOrderId) || 0
    const input = await ctx.request.validateUsing(worksheetValidator, { meta: { deviceId } })
    await saveWorksheet(signedInActor(ctx), ctx.order, deviceId, input)
    return backToOrderPage(ctx, 'orders.worksheets', 'Lembar kerja tersimpan.')
  }

  async upload(ctx: HttpContext) {
    const { file } = await ctx.request.validateUsing(worksheetUploadValidator)
    await uploadWorksheet(signedInActor(ctx), ctx.order, Number(ctx.params.alkesOrderId) || 0, file)
    return backToOrderPage(ctx, 'orders.worksheets', 'Berkas lembar kerja diunggah.')
  }

  async certificateDate(ctx: HttpContext) {
    const { date } = await ctx.request.validateUsing(certificateDateValidator)
    await saveOrderField(
      signedInActor(ctx),
      ctx.order,
      'certificate_date',
      date.toISOString().slice(0, 10)
    )
    ctx.session.flash('success', 'Tanggal sertifikat tersimpan.')
    return ctx.response.redirect().back()
  }
}
