import type { HttpContext } from '@adonisjs/core/http'
import { urlFor } from '@adonisjs/core/services/url_builder'
import { signedInActor } from '#services/audit'
import { insituWorkflow } from '#workflows/insitu_order_workflow'
import { cancelInsituOrder, confirmInsituOrder } from '#actions/insitu/order_steps'
import { cancelInsituValidator } from '#validators/insitu_order'

const detailHref = (id: number) => urlFor('insitu.detail', { id })

/** The steps of an on-site order that only move it: the lab's confirmation, a cancellation. */
export default class InsituStepsController {
  async confirmForm({ inertia, auth, order }: HttpContext) {
    insituWorkflow.assert('confirm', order, auth.user!)
    return inertia.render('insitu/confirm', {
      order: { number: order.number },
      backHref: detailHref(order.id),
      submitHref: urlFor('insitu.confirm', { id: order.id }),
    })
  }

  async confirm(ctx: HttpContext) {
    await confirmInsituOrder(signedInActor(ctx), ctx.order)
    ctx.session.flash('success', `Permintaan ${ctx.order.number} diterima.`)
    return ctx.response.redirect(detailHref(ctx.order.id))
  }

  async cancelForm({ inertia, auth, order }: HttpContext) {
    insituWorkflow.assert('cancel', order, auth.user!)
    return inertia.render('insitu/cancel', {
      order: { number: order.number },
      backHref: detailHref(order.id),
      submitHref: urlFor('insitu.cancel', { id: order.id }),
    })
  }

  async cancel(ctx: HttpContext) {
    const { reason } = await ctx.request.validateUsing(cancelInsituValidator)
    await cancelInsituOrder(signedInActor(ctx), ctx.order, reason)
    ctx.session.flash('success', `Permintaan ${ctx.order.number} dibatalkan.`)
    return ctx.response.redirect(detailHref(ctx.order.id))
  }
}
