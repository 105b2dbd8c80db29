import { Exception } from '@adonisjs/core/exceptions'
import type { HttpContext } from '@adonisjs/core/http'

/**
 * An action the status (or a concurrent change, or a rule such as "only the
 * assigned officer") does not allow now. Changes nothing; the user gets the
 * reason as an error toast on the page they came from (or the order's page,
 * which the order loader binds to `ctx.orderPagePath`), or as JSON.
 */
export default class ActionRefusedException extends Exception {
  static status = 409
  static code = 'E_ACTION_REFUSED'

  async handle(error: this, ctx: HttpContext) {
    if (ctx.request.accepts(['html', 'json']) === 'json' || !ctx.session) {
      return ctx.response.status(error.status).send({ message: error.message })
    }
    ctx.session.flash('error', error.message)
    const referer = ctx.request.header('referer')
    if (referer) return ctx.response.redirect().back()
    // On an order's routes the order loader has said where its page is; the exception itself
    // knows no order type (exceptions sit below the workflows and their registry).
    const { orderPagePath } = ctx as Partial<HttpContext>
    return ctx.response.redirect(orderPagePath ?? '/')
  }
}
