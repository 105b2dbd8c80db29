import vine from '@vinejs/vine'

export const loginValidator = vine.create({
  email: vine.string().trim().email().maxLength(254),
  password: vine.string().minLength(1).maxLength(128),
})

const NEW_PASSWORD_MIN = 8

/**
 * The spec sends the confirmation as `password_confirmation` but its form
 * names the input `confirmation_password`; both are accepted.
 */
export const passwordValidator = vine.create({
  old_password: vine.string().minLength(1).maxLength(128),
  new_password: vine.string().minLength(NEW_PASSWORD_MIN).maxLength(128).notSameAs('old_password'),
  password_confirmation: vine.string().maxLength(128).sameAs('new_password'),
})
