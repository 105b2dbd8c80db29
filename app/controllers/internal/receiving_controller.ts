import type { HttpContext } from '@adonisjs/core/http'
import { urlFor } from '@adonisjs/core/services/url_builder'
import { signedInActor } from '#services/audit'
import { labToday, LAB_TIMEZONE } from '#services/format'
import { internalWorkflow } from '#workflows/internal_order_workflow'
import { ORDER_TYPE_INFO } from '#workflows/order_types'
import { devicesOf } from '#queries/orders/order_devices'
import { staffWithRoles } from '#queries/orders/alkes_options'
import { receiveEquipment } from '#actions/internal/receive_equipment'
import { receiveValidator } from '#validators/internal_order'
import { RECEIVE_CHECKLIST } from '#enums/receive_checklist'

/** The lab receives the devices (Penerimaan Alat). */
export default class ReceivingController {
  async edit({ inertia, auth, order }: HttpContext) {
    const user = auth.user!
    internalWorkflow.assert('receive', order, user)
    await order.load((loader) => loader.load('internal').load('receive'))
    const devices = await devicesOf(order)
    const today = labToday()
    const receive = order.receive
    return inertia.render('internal/receive', {
      order: { number: order.number },
      backHref: urlFor('internal.detail', { id: order.id }),
      submitHref: urlFor('internal.receive', { id: order.id }),
      checklist: Object.entries(RECEIVE_CHECKLIST),
      checkers: await staffWithRoles(['yantek', 'admin_pk', 'officer_pk']),
      values: {
        checker: receive?.alkesCheckerUserId ?? user.id,
        contact_person_name: receive?.contactPersonName ?? order.internal.contactPersonName,
        contact_person_phone: receive?.contactPersonPhone ?? order.internal.contactPersonPhone,
        received_date: receive?.receivedDate.toISODate() ?? today,
        done_estimation_date:
          receive?.doneEstimationDate.toISODate() ??
          order.internal.estimatedCompletionAt?.setZone(LAB_TIMEZONE).toISODate() ??
          today,
      },
      devices: devices.map((d) => ({
        id: d.id,
        name: d.alkes.name,
        // The facility's note on the unit, beside it while it is checked (issue 35, point 11).
        description: d.description,
        status: d.status,
        merk: d.merk ?? '',
        model: d.model ?? '',
        serial_number: d.serialNumber ?? '',
        functionality: d.functionality ?? 'Baik',
        accessories: d.accessories ?? '',
      })),
    })
  }

  async update(ctx: HttpContext) {
    const user = ctx.auth.user!
    const input = await ctx.request.validateUsing(receiveValidator)
    await receiveEquipment(signedInActor(ctx), ctx.order, input)
    ctx.session.flash('success', `Alat pada ${ctx.order.number} diterima.`)
    return ctx.response.redirect(ORDER_TYPE_INFO.internal.pagePath(ctx.order, user))
  }
}
