import app from '@adonisjs/core/services/app'
import { type HttpContext, ExceptionHandler } from '@adonisjs/core/http'
import type { HttpError, StatusPageRange, StatusPageRenderer } from '@adonisjs/core/types/http'

const SERVER_ERROR_MESSAGE =
  'Terjadi kesalahan pada server. Silakan coba lagi; bila berulang, hubungi tim TI.'

const CSRF_MESSAGE = 'Sesi formulir sudah kedaluwarsa. Muat ulang halaman, lalu coba lagi.'

function isCode(error: unknown, code: string) {
  return typeof error === 'object' && error !== null && (error as { code?: string }).code === code
}

export default class HttpExceptionHandler extends ExceptionHandler {
  /** Stack traces only on a developer's machine, never in production or tests. */
  protected debug = app.inDev

  /** Friendly pages for every environment, so a forbidden or missing page looks the same everywhere. */
  protected renderStatusPages = true

  /** Refusals the app answers on purpose are not incidents: they are audited or shown, not logged. */
  protected ignoreStatuses = [400, 401, 403, 404, 409, 422, 429]

  protected statusPages: Record<StatusPageRange, StatusPageRenderer> = {
    '403': (error, { inertia }) =>
      inertia.render('errors/forbidden', { message: error.message || null }),
    '404': (_, { inertia }) => inertia.render('errors/not_found', {}),
    '500..599': (_, { inertia }) => inertia.render('errors/server_error', {}),
  }

  /** A server fault answers JSON callers with a plain message, never the error's own text (it may hold SQL). */
  async renderErrorAsJSON(error: HttpError, ctx: HttpContext) {
    if (error.status >= 500 && !this.isDebuggingEnabled(ctx)) {
      return ctx.response.status(error.status).send({ message: SERVER_ERROR_MESSAGE })
    }
    return super.renderErrorAsJSON(error, ctx)
  }

  async handle(error: unknown, ctx: HttpContext) {
    if (isCode(error, 'E_BAD_CSRF_TOKEN')) return this.expiredForm(ctx)
    return super.handle(error, ctx)
  }

  /** A write without a valid CSRF token changes nothing and says so in Indonesian. */
  private expiredForm({ request, response, session }: HttpContext) {
    if (request.accepts(['html', 'json']) === 'json' || !session) {
      return response.status(403).send({ message: CSRF_MESSAGE })
    }
    session.flash('error', CSRF_MESSAGE)
    return response.redirect().back()
  }

  async report(error: unknown, ctx: HttpContext) {
    return super.report(error, ctx)
  }
}
