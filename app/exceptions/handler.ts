import app from '@adonisjs/core/services/app'
import { Exception } from '@adonisjs/core/exceptions'
import { type HttpContext, ExceptionHandler } from '@adonisjs/core/http'
import type { HttpError, StatusPageRange, StatusPageRenderer } from '@adonisjs/core/types/http'
import { REQUEST_SIZE, sizeLabel } from '#files/upload_limits'
import { databaseUnreachable, isDatabaseUnreachable } from '#services/database_outage'

const SERVER_ERROR_MESSAGE =
  'Terjadi kesalahan pada server. Silakan coba lagi; bila berulang, hubungi tim TI.'

const CSRF_MESSAGE = 'Sesi formulir sudah kedaluwarsa. Muat ulang halaman, lalu coba lagi.'

export const BUSY_MESSAGE =
  'Server sedang sibuk melayani permintaan lain. Silakan coba lagi dalam beberapa detik.'
const BUSY_RETRY_AFTER_SECONDS = 5

export const UNAVAILABLE_MESSAGE =
  'Layanan untuk sementara tidak tersedia. Silakan coba lagi dalam beberapa saat; bila berulang, hubungi tim TI.'
/** A database restart takes seconds to a minute. */
const UNAVAILABLE_RETRY_AFTER_SECONDS = 30

export const TIMEOUT_MESSAGE =
  'Permintaan dihentikan karena pemrosesannya di server terlalu lama. Silakan coba lagi; bila berulang, persempit pencarian atau filter, atau hubungi tim TI.'

function codeOf(error: unknown) {
  return typeof error === 'object' && error !== null
    ? (error as { code?: unknown }).code
    : undefined
}

/** Form fields never flashed back into the session, which now lives in the database. */
const SECRET_INPUTS = [
  '_csrf',
  '_method',
  'password',
  'password_confirmation',
  'confirmation_password',
  'old_password',
  'new_password',
  'c_password',
]

function isCode(error: unknown, code: string) {
  return codeOf(error) === code
}

/**
 * SQLite could not take the write lock within busy_timeout (another worker kept
 * writing). The transaction rolled back and a retry shortly succeeds: a 503.
 */
function isDatabaseBusy(error: unknown) {
  const code = codeOf(error)
  return typeof code === 'string' && /^SQLITE_(BUSY|LOCKED)/.test(code)
}

/**
 * PostgreSQL cancelled a statement (57014 query_canceled): it ran past the web server's
 * statement_timeout (DB_STATEMENT_TIMEOUT, config/database.ts), or an administrator cancelled
 * it. Its transaction rolled back, so nothing of the request was written: a 503.
 */
export function isStatementTimeout(error: unknown) {
  return codeOf(error) === '57014'
}

export default class HttpExceptionHandler extends ExceptionHandler {
  /** Stack traces only on a developer's machine, never in production or tests. */
  protected debug = app.inDev

  /** Friendly pages for every environment, so a forbidden or missing page looks the same everywhere. */
  protected renderStatusPages = true

  /** Refusals the app answers on purpose are not incidents: they are audited or shown, not logged. */
  protected ignoreStatuses = [400, 401, 403, 404, 409, 413, 422, 429]

  protected statusPages: Record<StatusPageRange, StatusPageRenderer> = {
    '403': (error, { inertia }) =>
      inertia.render('errors/forbidden', { message: error.message || null }),
    '404': (_, { inertia }) => inertia.render('errors/not_found', {}),
    // Over the body parser's limit: refused before any field was read, so before the session.
    '413': (_, { inertia }) =>
      inertia.render('errors/too_large', { limit: sizeLabel(REQUEST_SIZE) }),
    '500..599': (_, { inertia }) => inertia.render('errors/server_error', {}),
  }

  /** A server fault answers JSON callers with a plain message, never the error's own text (it may hold SQL). */
  async renderErrorAsJSON(error: HttpError, ctx: HttpContext) {
    if (error.status >= 500 && !this.isDebuggingEnabled(ctx)) {
      return ctx.response.status(error.status).send({ message: SERVER_ERROR_MESSAGE })
    }
    return super.renderErrorAsJSON(error, ctx)
  }

  /**
   * As @adonisjs/session does (errors under the fields, the input kept for a
   * plain form, back to the form), but no password-like field is ever kept.
   */
  async renderValidationErrorAsHTML(error: HttpError, ctx: HttpContext) {
    if (!ctx.session) return super.renderValidationErrorAsHTML(error, ctx)
    ctx.session.flashValidationErrors(error as any, false)
    if (!ctx.request.header('x-inertia')) ctx.session.flashExcept(SECRET_INPUTS)
    ctx.response.redirect('back', true)
  }

  async handle(error: unknown, ctx: HttpContext) {
    if (isCode(error, 'E_BAD_CSRF_TOKEN')) return this.expiredForm(ctx)
    if (isDatabaseBusy(error)) return this.busy(error, ctx)
    if (isDatabaseUnreachable(error)) return this.unavailable(error, ctx)
    if (isStatementTimeout(error)) return this.timedOut(ctx)
    return super.handle(error, ctx)
  }

  /**
   * A statement cut by the timeout: the message as JSON to a data request (a table, an API
   * call); a form goes back to its page with the message as a toast, its input kept (nothing
   * of it was saved), as an expired form does; a page answers 503 with the server error page
   * and the message as a toast.
   */
  private async timedOut(ctx: HttpContext) {
    const { request, response, session } = ctx
    ctx.logger.warn(
      { code: '57014', method: request.method(), url: request.url() },
      'statement timeout: answered 503'
    )
    const inertia = Boolean(request.header('x-inertia'))
    if (!inertia && request.accepts(['html', 'json']) === 'json') {
      return response.status(503).send({ message: TIMEOUT_MESSAGE })
    }
    if (!['GET', 'HEAD'].includes(request.method()) && session?.initiated) {
      session.flash('error', TIMEOUT_MESSAGE)
      if (!inertia) session.flashExcept(SECRET_INPUTS)
      return response.redirect().back()
    }
    ctx.inertia?.flash(() => ({ error: TIMEOUT_MESSAGE }))
    return this.renderErrorAsHTML(new Exception(TIMEOUT_MESSAGE, { status: 503 }) as HttpError, ctx)
  }

  /** Nothing was written (the transaction rolled back): say so and when to retry. */
  private busy(error: unknown, ctx: HttpContext) {
    ctx.logger.warn({ code: codeOf(error) }, 'database busy: answered 503')
    return this.retryLater(ctx, BUSY_MESSAGE, BUSY_RETRY_AFTER_SECONDS)
  }

  /**
   * The database is stopped, restarting or out of connections: nothing was written. The same
   * answer as a busy database; logged once per outage (services/database_outage.ts), not here.
   */
  private unavailable(error: unknown, ctx: HttpContext) {
    databaseUnreachable(error)
    return this.retryLater(ctx, UNAVAILABLE_MESSAGE, UNAVAILABLE_RETRY_AFTER_SECONDS)
  }

  /**
   * 503 with `Retry-After` and the message: JSON to an Inertia or JSON request, plain text to a
   * browser. No page that needs the database (the session, the signed-in user) to render.
   */
  private retryLater(ctx: HttpContext, message: string, seconds: number) {
    const { request, response } = ctx
    response.status(503)
    response.header('Retry-After', String(seconds))
    if (request.header('x-inertia') || request.accepts(['html', 'json']) === 'json') {
      return response.send({ message })
    }
    return response.type('text/plain; charset=utf-8').send(message)
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
    // Already logged as a warning by `busy` and `timedOut`: a wait or a limit that ran out, not a fault.
    // An unreachable database is logged once per outage (services/database_outage.ts).
    if (isDatabaseBusy(error) || isStatementTimeout(error) || isDatabaseUnreachable(error)) return
    return super.report(error, ctx)
  }
}
