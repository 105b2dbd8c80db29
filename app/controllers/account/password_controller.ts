import type { HttpContext } from '@adonisjs/core/http'
import { flashFieldErrors } from '#services/field_errors'
import { actorOf } from '#services/audit'
import { passwordValidator } from '#validators/auth'
import { changePassword } from '#actions/account/change_password'

export const WRONG_OLD_PASSWORD = 'Kata sandi lama tidak sesuai.'

export default class PasswordController {
  async edit({ inertia }: HttpContext) {
    return inertia.render('account/password', {})
  }

  async update(ctx: HttpContext) {
    const { request, response, session, auth } = ctx
    // The spec's form names the confirmation `confirmation_password`; its payload says `password_confirmation`.
    const body = request.all()
    const input = await passwordValidator.validate(
      {
        old_password: body.old_password,
        new_password: body.new_password,
        password_confirmation: body.password_confirmation ?? body.confirmation_password,
      },
      { meta: { passwordUserInputs: [auth.user!.name, auth.user!.email] } }
    )
    const changed = await changePassword(
      { ...actorOf(ctx), user: auth.user! },
      input.old_password,
      input.new_password,
      session.sessionId
    )
    if (!changed) {
      flashFieldErrors(session, { old_password: WRONG_OLD_PASSWORD })
      session.flash('error', WRONG_OLD_PASSWORD)
      return response.redirect().back()
    }
    session.flash('success', 'Kata sandi berhasil diubah.')
    return response.redirect().toRoute('password.edit')
  }
}
