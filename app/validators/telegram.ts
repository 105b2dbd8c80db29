import vine from '@vinejs/vine'

/** PUT /telegram/verify: the Telegram username (5-32 letters, digits or _, with or without @). */
export const telegramVerifyValidator = vine.create({
  username: vine
    .string()
    .trim()
    .regex(/^@?[A-Za-z][A-Za-z0-9_]{4,31}$/)
    .transform((value) => value.replace(/^@/, '')),
})
