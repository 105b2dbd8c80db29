import type { HttpContext } from '@adonisjs/core/http'
import { urlFor } from '@adonisjs/core/services/url_builder'
import { signedInActor } from '#services/audit'
import { FEEDBACK_CODES, FEEDBACK_GROUPS } from '#enums/feedback'
import { orderTypeOf, workflowOf } from '#workflows/order_types'
import { submitFeedback } from '#actions/orders/feedback'
import { feedbackValidator } from '#validators/orders'

/** The satisfaction questionnaire that closes an order, for both order types. */
export default class FeedbackController {
  async create({ inertia, auth, order }: HttpContext) {
    const user = auth.user!
    workflowOf(order).assertForm('feedback', order, user)
    return inertia.render('orders/feedback', {
      order: { number: order.number },
      submitHref: urlFor('orders.feedback', { orderType: order.type, id: order.id }),
      groups: FEEDBACK_GROUPS.map((group) => ({
        title: group.title,
        questions: group.questions.map(([code, text]) => ({ code, text })),
      })),
      backHref: orderTypeOf(order).pagePath(order, user),
    })
  }

  async store(ctx: HttpContext) {
    const user = ctx.auth.user!
    const input = await ctx.request.validateUsing(feedbackValidator)
    const ratings = Object.fromEntries(FEEDBACK_CODES.map((code) => [code, Number(input[code])]))
    await submitFeedback(signedInActor(ctx), ctx.order, {
      unit: input.unit,
      critic: input.critic,
      ratings,
    })
    ctx.session.flash('success', 'Terima kasih atas umpan balik Anda. Permintaan selesai.')
    return ctx.response.redirect(orderTypeOf(ctx.order).pagePath(ctx.order, user))
  }
}
