import type { HttpContext } from '@adonisjs/core/http'
import { urlFor } from '@adonisjs/core/services/url_builder'
import { signedInActor } from '#services/audit'
import { internalWorkflow } from '#workflows/internal_order_workflow'
import { ORDER_TYPE_INFO } from '#workflows/order_types'
import { devicesOf } from '#queries/orders/order_devices'
import { handOver } from '#actions/internal/hand_over'
import { handoverValidator } from '#validators/internal_order'

/** The devices go back to the facility (Serah Terima Alat). */
export default class HandoverController {
  async edit({ inertia, auth, order }: HttpContext) {
    internalWorkflow.assert('handover', order, auth.user!)
    await order.load('internal')
    const devices = await devicesOf(order)
    return inertia.render('internal/handover', {
      order: { number: order.number },
      backHref: urlFor('internal.detail', { id: order.id }),
      submitHref: urlFor('internal.handover', { id: order.id }),
      values: {
        contact_person_receiver_name: order.internal.contactPersonName,
        contact_person_receiver_phone: order.internal.contactPersonPhone,
      },
      // Read from the order's lines, never typed: the proof cannot contradict them.
      cancelTest: devices.some((d) => d.status === 'BATAL UJI'),
      openDevices: devices.filter((d) => d.status === 'BELUM SELESAI').map((d) => d.alkes.name),
    })
  }

  async update(ctx: HttpContext) {
    const user = ctx.auth.user!
    const input = await ctx.request.validateUsing(handoverValidator)
    await handOver(signedInActor(ctx), ctx.order, input)
    ctx.session.flash(
      'success',
      `Alat ${ctx.order.number} diserahkan kembali. Menunggu umpan balik.`
    )
    return ctx.response.redirect(ORDER_TYPE_INFO.internal.pagePath(ctx.order, user))
  }
}
