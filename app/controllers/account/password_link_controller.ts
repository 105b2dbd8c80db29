import type { HttpContext } from '@adonisjs/core/http'
import { setPasswordValidator } from '#validators/auth'
import { formatDateTime } from '#services/format'
import {
  passwordLinkState,
  setPasswordWithLink,
  type LinkState,
} from '#actions/password_links/password_links'

const REFUSALS = {
  unknown: {
    status: 404,
    message:
      'Tautan ini tidak dikenal atau sudah diganti dengan tautan yang lebih baru. Mintalah tautan baru kepada admin laboratorium Anda.',
  },
  used: {
    status: 410,
    message:
      'Tautan ini sudah dipakai untuk mengatur kata sandi. Silakan masuk dengan kata sandi tersebut, atau mintalah tautan baru kepada admin laboratorium Anda.',
  },
  expired: {
    status: 410,
    message: 'Tautan ini sudah kedaluwarsa. Mintalah tautan baru kepada admin laboratorium Anda.',
  },
} as const

/**
 * The guest page a set-password link opens: the officer chooses their own
 * password. Open to anyone holding the link, signed in or not.
 */
export default class PasswordLinkController {
  async show(ctx: HttpContext) {
    const state = await passwordLinkState(ctx.params.token)
    if (state.status !== 'ready') return this.refuse(ctx, state.status)
    this.keepPrivate(ctx)
    return ctx.inertia.render('auth/set_password', {
      state: 'ready',
      message: null,
      account: { name: state.user.name, email: state.user.email },
      expiresAt: formatDateTime(state.link.expiresAt),
    })
  }

  async update(ctx: HttpContext) {
    const { request, response, session, auth } = ctx
    const state = await passwordLinkState(ctx.params.token)
    if (state.status !== 'ready') return this.refuse(ctx, state.status)
    const { password } = await request.validateUsing(setPasswordValidator, {
      meta: { passwordUserInputs: [state.user.name, state.user.email] },
    })
    if (!(await setPasswordWithLink(request.ip(), state, password))) {
      return this.refuse(ctx, 'used')
    }
    // Every session of the account has ended; if this browser held one, it starts over signed out.
    if (auth.user?.id === state.user.id) {
      await auth.use('web').logout()
      session.clear()
      session.regenerate()
    }
    session.flash(
      'success',
      'Kata sandi berhasil diatur. Silakan masuk dengan kata sandi baru Anda.'
    )
    return response.redirect().toRoute('session.create')
  }

  private refuse(ctx: HttpContext, status: Exclude<LinkState['status'], 'ready'>) {
    this.keepPrivate(ctx)
    ctx.response.status(REFUSALS[status].status)
    return ctx.inertia.render('auth/set_password', {
      state: status,
      message: REFUSALS[status].message,
      account: null,
      expiresAt: null,
    })
  }

  /** The token is in the URL: keep the page out of caches and out of other sites' referrers (the form's own "back" needs it). */
  private keepPrivate({ response }: HttpContext) {
    response.header('Cache-Control', 'no-store')
    response.header('Referrer-Policy', 'same-origin')
  }
}
