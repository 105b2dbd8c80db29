import type { HttpContext } from '@adonisjs/core/http'
import { urlFor } from '@adonisjs/core/services/url_builder'
import { signedInActor } from '#services/audit'
import { DEFAULT_APPROVAL_DESCRIPTION, internalWorkflow } from '#workflows/internal_order_workflow'
import { ORDER_TYPE_INFO } from '#workflows/order_types'
import { confirmOrder } from '#actions/internal/confirm_order'
import { confirmValidator } from '#validators/internal_order'

/** Approve (Terima) or reject (Tolak) an order waiting for confirmation. */
export default class ConfirmationsController {
  async edit({ inertia, auth, params, order }: HttpContext) {
    const decision = params.decision === 'reject' ? 'reject' : 'approve'
    internalWorkflow.assertForm(decision, order, auth.user!)
    return inertia.render('internal/confirm', {
      order: { number: order.number, status: order.status },
      decision,
      backHref: urlFor('internal.detail', { id: order.id }),
      submitHref: urlFor('internal.confirm', { id: order.id, decision }),
      defaultDescription: decision === 'approve' ? DEFAULT_APPROVAL_DESCRIPTION : '',
    })
  }

  async update(ctx: HttpContext) {
    const user = ctx.auth.user!
    const decision = ctx.params.decision === 'reject' ? 'reject' : 'approve'
    const { order_description: description } = await ctx.request.validateUsing(confirmValidator)
    await confirmOrder(signedInActor(ctx), ctx.order, decision, description)
    ctx.session.flash(
      'success',
      decision === 'approve'
        ? `Permintaan ${ctx.order.number} diterima.`
        : `Permintaan ${ctx.order.number} ditolak.`
    )
    return ctx.response.redirect(ORDER_TYPE_INFO.internal.pagePath(ctx.order, user))
  }
}
