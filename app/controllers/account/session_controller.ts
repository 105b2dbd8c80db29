import type { HttpContext } from '@adonisjs/core/http'
import { flashFieldErrors } from '#services/field_errors'
import { loginValidator } from '#validators/auth'
import { signIn } from '#actions/auth/sign_in'
import { audit, actorOf } from '#services/audit'
import { homePathFor } from '#services/navigation'
import { startUserSession } from '#services/user_sessions'

export const INVALID_CREDENTIALS = 'Email atau kata sandi salah.'

/** "45 detik", "2 menit", "1 menit 30 detik": when the next attempt may be made. */
export function waitText(seconds: number) {
  if (seconds <= 60) return `${seconds} detik`
  const minutes = Math.floor(seconds / 60)
  const rest = seconds % 60
  return rest ? `${minutes} menit ${rest} detik` : `${minutes} menit`
}

export default class SessionController {
  async create({ inertia }: HttpContext) {
    return inertia.render('auth/login', {})
  }

  async store(ctx: HttpContext) {
    const { request, response, session, inertia } = ctx
    const { email, password } = await request.validateUsing(loginValidator)
    const result = await signIn(email, password, request.ip())

    if (result.status === 'throttled') {
      const message = `Terlalu banyak percobaan masuk. Silakan coba lagi dalam ${waitText(result.retryAfterSeconds)}.`
      response.status(429)
      response.header('Retry-After', String(result.retryAfterSeconds))
      if (!request.header('x-inertia')) return response.send(message)
      return inertia.render('auth/login', { throttleMessage: message })
    }

    if (result.status === 'invalid') {
      flashFieldErrors(session, { email: INVALID_CREDENTIALS })
      session.flashOnly(['email'])
      return response.redirect().back()
    }

    await startUserSession(ctx, result.user)
    session.flash('success', `Selamat datang, ${result.user.name}`)
    return response.redirect(homePathFor(result.user))
  }

  async destroy(ctx: HttpContext) {
    const user = ctx.auth.user
    if (user) {
      await audit(actorOf(ctx), {
        action: 'auth.sign_out',
        subjectType: 'user',
        subjectId: user.id,
      })
      // The stored session is deleted when the response commits it under a new id.
      await ctx.auth.use('web').logout()
      ctx.session.clear()
      ctx.session.regenerate()
      ctx.session.flash('success', 'Anda telah keluar.')
    }
    return ctx.response.redirect().toRoute('session.create')
  }
}
