import { Exception } from '@adonisjs/core/exceptions'
import type { HttpContext } from '@adonisjs/core/http'

/**
 * An action the order's status (or a concurrent change) does not allow.
 * Changes nothing; the user gets the reason as an error toast, or JSON.
 */
export default class ActionRefusedException extends Exception {
  static status = 409
  static code = 'E_ACTION_REFUSED'

  async handle(error: this, ctx: HttpContext) {
    if (ctx.request.accepts(['html', 'json']) === 'json' || !ctx.session) {
      return ctx.response.status(error.status).send({ message: error.message })
    }
    ctx.session.flash('error', error.message)
    return ctx.response.redirect().back()
  }
}
