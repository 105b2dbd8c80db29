import type { HttpContext } from '@adonisjs/core/http'
import { urlFor } from '@adonisjs/core/services/url_builder'
import { signedInActor } from '#services/audit'
import { backToOrderPage } from '#services/order_links'
import NotFoundException from '#exceptions/not_found_exception'
import { LAB_LABELS, type ServiceLab } from '#enums/labs'
import { lineOfLab, worksheetLabs, worksheetTabs } from '#queries/orders/worksheet_labs'
import { orderTypeOf, workflowOf } from '#workflows/order_types'
import { currentFiles } from '#files/order_files'
import { devicesOf } from '#queries/orders/order_devices'
import OrderDeviceTransformer from '#transformers/order_device_transformer'
import { standardsDate, worksheetFormProps } from '#queries/orders/worksheet_form'
import { filesByDevice } from '#queries/orders/order_files_view'
import { findDevice } from '#queries/orders/find_device'
import { saveWorksheet, uploadWorksheet } from '#actions/orders/worksheets'
import { saveOrderField } from '#actions/orders/attachments'
import {
  certificateDateValidator,
  worksheetUploadValidator,
  worksheetValidator,
} from '#validators/orders'

/**
 * The worksheets (Lembar Kerja) of an order's device lines, one page a lab (spec: /worksheet/pk;
 * on-site lines of UKPR and Sarpras on /worksheet/ukpr and /worksheet/sarpras), for both types.
 */
export default class WorksheetsController {
  /** GET /worksheet: the first lab's page this user may open. */
  async first({ response, auth, order }: HttpContext) {
    const user = auth.user!
    workflowOf(order).assert('worksheets', order, user)
    const [lab] = await worksheetLabs(order, user)
    return response.redirect().toRoute('orders.worksheets', {
      orderType: order.type,
      id: order.id,
      lab: lab ?? 'pk',
    })
  }

  async index({ inertia, auth, order, params }: HttpContext) {
    const user = auth.user!
    const lab = params.lab as ServiceLab
    const workflow = workflowOf(order)
    workflow.assert('worksheets', order, user, lineOfLab(lab))
    const [devices, files, labs] = await Promise.all([
      devicesOf(order).where('lab', lab),
      currentFiles(undefined, order.id, ['worksheet']),
      worksheetLabs(order, user),
    ])
    if (!devices.length) throw new NotFoundException()
    const orderParams = { orderType: order.type, id: order.id }
    return inertia.render('orders/worksheets', {
      order: {
        number: order.number,
        status: order.status,
        certificate_date: order.certificateDate?.toISODate() ?? null,
      },
      lab: { code: lab, label: LAB_LABELS[lab] },
      tabs: worksheetTabs(order, labs, lab),
      backHref: orderTypeOf(order).pagePath(order, user),
      certificateDateHref: workflow.allows('certificate_date', order, user)
        ? urlFor('orders.certificate_date', orderParams)
        : null,
      certificatesHref: workflow.allows('certificates', order, user)
        ? urlFor('orders.certificates', orderParams)
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
    const device = await lineOnPage(order, params)
    const workflow = workflowOf(order)
    // Whoever may fill the sheet, or read it once it may no longer be filled (issue 35, item 13).
    workflow.assertForm(['worksheet', 'worksheet_read'], order, user, device)
    const mayFill = workflow.allows('worksheet', order, user, device)
    const route = { orderType: order.type, id: order.id, lab: device.lab }
    return inertia.render('orders/worksheet', {
      order: { number: order.number },
      device: { name: device.alkes.name },
      backHref: urlFor('orders.worksheets', route),
      submitHref: mayFill
        ? urlFor('orders.worksheet.update', { ...route, alkesOrderId: device.id })
        : null,
      readOnlyReason: mayFill
        ? null
        : `Pengerjaan order ${order.number} sudah selesai (${order.status}): lembar kerja ini hanya dapat dibaca.`,
      amendment: null,
      ...(await worksheetFormProps(order, device, user, {
        amendment: false,
        standardsOn: standardsDate(request.qs().work_date, device),
      })),
    })
  }

  async update(ctx: HttpContext) {
    const device = await lineOnPage(ctx.order, ctx.params)
    const input = await ctx.request.validateUsing(worksheetValidator, {
      meta: { deviceId: device.id },
    })
    await saveWorksheet(signedInActor(ctx), ctx.order, device.id, input)
    return backToOrderPage(ctx, 'orders.worksheets', 'Lembar kerja tersimpan.', {
      lab: device.lab,
    })
  }

  async upload(ctx: HttpContext) {
    const device = await lineOnPage(ctx.order, ctx.params)
    const { file } = await ctx.request.validateUsing(worksheetUploadValidator)
    await uploadWorksheet(signedInActor(ctx), ctx.order, device.id, file)
    return backToOrderPage(ctx, 'orders.worksheets', 'Berkas lembar kerja diunggah.', {
      lab: device.lab,
    })
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

/** The line a worksheet path names, of the lab the path names (another lab's line: 404). */
async function lineOnPage(order: HttpContext['order'], params: Record<string, unknown>) {
  const device = await findDevice(undefined, order, Number(params.alkesOrderId) || 0)
  if (device.lab !== params.lab) throw new NotFoundException()
  return device
}
