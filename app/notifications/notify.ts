import app from '@adonisjs/core/services/app'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import config from '#config/notifications'
import { databaseNow } from '#services/database_time'
import type { OutboxChannel } from '#models/outbox_message'

/** What a notification says: a title, a sentence or two, and the page it is about. */
export interface News {
  title: string
  body: string
  /** A path in the app (`/internal/12/detail`). */
  href?: string | null
}

/** Telegram is on when the lab has a bot. */
export const telegramOn = () => config.telegram.token !== ''

/** E-mail is on with an SMTP server; in development it is written to the log instead. */
export const mailOn = () => config.mail.host !== '' || app.inDev

/**
 * Tells users something (issue 17), in the caller's transaction: a notice each in the app,
 * and for each a message to deliver afterwards (app/notifications/outbox.ts): by Telegram
 * where their chat is linked and the lab has a bot, by e-mail otherwise. Whoever caused the
 * news (`except`) is not told what they just did. Nothing is sent here: a slow or failing
 * Telegram or mail server never holds up or breaks the action.
 */
export async function notify(
  trx: TransactionClientContract,
  userIds: Iterable<number>,
  news: News,
  except?: number
) {
  const ids = [...new Set(userIds)].filter((id) => id !== except && id > 0)
  if (!ids.length) return 0
  const users = await trx
    .from('users')
    .whereIn('id', ids)
    .select('id', 'email', 'telegram_chat_id')
    .orderBy('id')
  if (!users.length) return 0
  const now = databaseNow(trx)
  const href = news.href ?? null
  await trx.table('notices').multiInsert(
    users.map((user) => ({
      user_id: user.id,
      title: news.title,
      body: news.body,
      href,
      created_at: now,
    }))
  )
  const messages = users.flatMap((user) => {
    const route = channelOf(user)
    return route
      ? [
          {
            user_id: user.id,
            channel: route.channel,
            address: route.address,
            subject: news.title,
            body: news.body,
            href,
            status: 'pending',
            attempts: 0,
            next_attempt_at: now,
            created_at: now,
          },
        ]
      : []
  })
  if (messages.length) await trx.table('outbox_messages').multiInsert(messages)
  return users.length
}

/** Where a user's messages go: their linked Telegram chat, else their e-mail, else nowhere. */
function channelOf(user: {
  email: string | null
  telegram_chat_id: string | null
}): { channel: OutboxChannel; address: string } | null {
  if (telegramOn() && user.telegram_chat_id) {
    return { channel: 'telegram', address: String(user.telegram_chat_id) }
  }
  if (mailOn() && user.email) return { channel: 'email', address: user.email }
  return null
}
