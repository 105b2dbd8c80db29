import type { HttpContext } from '@adonisjs/core/http'
import { urlFor } from '@adonisjs/core/services/url_builder'
import { signedInActor } from '#services/audit'
import { backToOrder, stepFormProps } from '#services/order_links'
import { insituWorkflow } from '#workflows/insitu_order_workflow'
import { cancelInsituOrder, confirmInsituOrder } from '#actions/insitu/order_steps'
import { cancelInsituValidator } from '#validators/insitu_order'

/** The steps of an on-site order that only move it: the lab's confirmation, a cancellation. */
export default class InsituStepsController {
  async confirmForm(ctx: HttpContext) {
    insituWorkflow.assert('confirm', ctx.order, ctx.auth.user!)
    const submitHref = urlFor('insitu.confirm', { id: ctx.order.id })
    return ctx.inertia.render('insitu/confirm', stepFormProps(ctx, submitHref))
  }

  async confirm(ctx: HttpContext) {
    await confirmInsituOrder(signedInActor(ctx), ctx.order)
    return backToOrder(ctx, `Permintaan ${ctx.order.number} diterima.`)
  }

  async cancelForm(ctx: HttpContext) {
    insituWorkflow.assert('cancel', ctx.order, ctx.auth.user!)
    const submitHref = urlFor('insitu.cancel', { id: ctx.order.id })
    return ctx.inertia.render('insitu/cancel', stepFormProps(ctx, submitHref))
  }

  async cancel(ctx: HttpContext) {
    const { reason } = await ctx.request.validateUsing(cancelInsituValidator)
    await cancelInsituOrder(signedInActor(ctx), ctx.order, reason)
    return backToOrder(ctx, `Permintaan ${ctx.order.number} dibatalkan.`)
  }
}
