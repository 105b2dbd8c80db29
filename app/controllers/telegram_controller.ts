import type { HttpContext } from '@adonisjs/core/http'
import config from '#config/notifications'
import { signedInActor } from '#services/audit'
import { LINK_MINUTES, startLinking, unlinkTelegram } from '#notifications/telegram'
import { telegramOn } from '#notifications/notify'
import { telegramVerifyValidator } from '#validators/telegram'

/**
 * /telegram/connect (spec part 1 section 2; never shown to facility users): links the staff
 * member's Telegram chat to the lab's bot, shows whether it is linked, and unlinks it.
 */
export default class TelegramController {
  async show({ inertia, auth, session }: HttpContext) {
    const user = auth.user!
    const link = session.flashMessages.get('telegramLink') as string | undefined
    return inertia.render('telegram/connect', {
      available: telegramOn() && config.telegram.botName !== '',
      botName: config.telegram.botName || null,
      linked: !!user.telegramChatId,
      username: user.telegramUsername,
      link: link ?? null,
      linkMinutes: LINK_MINUTES,
    })
  }

  /** PUT /telegram/verify with username: a one-time deep link for that Telegram account. */
  async verify(ctx: HttpContext) {
    if (!telegramOn() || !config.telegram.botName) {
      ctx.session.flash('error', 'Bot Telegram laboratorium belum diatur. Hubungi administrator.')
      return ctx.response.redirect().back()
    }
    const { username } = await ctx.request.validateUsing(telegramVerifyValidator)
    const { link } = await startLinking(signedInActor(ctx), username)
    ctx.session.flash('telegramLink', link)
    ctx.session.flash(
      'success',
      `Buka tautan ke bot dari akun Telegram @${username} dalam ${LINK_MINUTES} menit.`
    )
    return ctx.response.redirect().toRoute('telegram.connect')
  }

  async unlink(ctx: HttpContext) {
    await unlinkTelegram(signedInActor(ctx))
    ctx.session.flash(
      'success',
      'Telegram tidak lagi terhubung. Pemberitahuan dikirim lewat e-mail.'
    )
    return ctx.response.redirect().toRoute('telegram.connect')
  }
}
