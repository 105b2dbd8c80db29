import vine from '@vinejs/vine'
import { newPasswordRule, strongPassword } from '#validators/rules/strong_password'

export const loginValidator = vine.create({
  email: vine.string().trim().email().maxLength(254),
  password: vine.string().minLength(1).maxLength(128),
})

/** The account's name and email, so that a password built from them is refused. */
type PasswordMeta = { passwordUserInputs: string[] }

/**
 * The spec sends the confirmation as `password_confirmation` but its form
 * names the input `confirmation_password`; both are accepted.
 */
export const passwordValidator = vine.withMetaData<PasswordMeta>().create({
  old_password: vine.string().minLength(1).maxLength(128),
  // "Must differ from the old one" says more than "too weak" when both apply.
  new_password: vine
    .string()
    .minLength(8)
    .maxLength(128)
    .notSameAs('old_password')
    .use(strongPassword()),
  password_confirmation: vine.string().maxLength(128).sameAs('new_password'),
})

/**
 * The set-password link page: the user chooses their own password. These two
 * names are never flashed back into the session with a form's input.
 */
export const setPasswordValidator = vine.withMetaData<PasswordMeta>().create({
  password: newPasswordRule().sameAs('password_confirmation'),
  password_confirmation: vine.string().maxLength(128),
})

/** `node ace kalibra:user --password=...`: the same strength rule as every form. */
export const commandPasswordValidator = vine.withMetaData<PasswordMeta>().create({
  password: newPasswordRule(),
})
