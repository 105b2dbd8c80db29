import app from '@adonisjs/core/services/app'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import config from '#config/notifications'
import { databaseNow } from '#services/database_time'
import type { OutboxChannel } from '#models/outbox_message'
import { affectedRows } from '#services/query_results'

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
  except?: number,
  options: NotifyOptions = {}
) {
  const ids = [...new Set(userIds)].filter((id) => id !== except && id > 0)
  if (!ids.length) return 0
  const found = await trx
    .from('users')
    .whereIn('id', ids)
    .select('id', 'email', 'telegram_chat_id')
    .orderBy('id')
  if (!found.length) return 0
  const now = databaseNow(trx)
  const href = news.href ?? null
  const users = options.grouped ? await regroup(trx, found, news, now) : found
  if (!users.length) return found.length
  await trx.table('notices').multiInsert(
    users.map((user) => ({
      user_id: user.id,
      title: news.title,
      body: news.body,
      href,
      created_at: now,
    }))
  )
  const messages = users.flatMap((user) => outboxRow(user, news, now) ?? [])
  if (messages.length) await trx.table('outbox_messages').multiInsert(messages)
  return found.length
}

/** The message the user's channel (Telegram where linked, else e-mail) gets, or none. */
function outboxRow(
  user: { id: number; email: string | null; telegram_chat_id: string | null },
  news: News,
  now: string
) {
  const route = channelOf(user)
  if (!route) return null
  return {
    user_id: user.id,
    channel: route.channel,
    address: route.address,
    subject: news.title,
    body: news.body,
    href: news.href ?? null,
    status: 'pending',
    attempts: 0,
    next_attempt_at: now,
    created_at: now,
  }
}

export interface NotifyOptions {
  /**
   * News that grows (the certificates of an order waiting for approval): a user who has not
   * read the earlier notice of the same title and page has it rewritten with the new text, and
   * a message not yet sent is rewritten too, instead of a second one (issue 35, point 9).
   */
  grouped?: boolean
}

/**
 * Rewrites each user's unread notice of the same title and page (and their message still
 * waiting to be sent) with the news; answers the users who had none, to be told afresh.
 */
async function regroup(
  trx: TransactionClientContract,
  users: { id: number; email: string | null; telegram_chat_id: string | null }[],
  news: News,
  now: string
) {
  const href = news.href ?? null
  const fresh = []
  for (const user of users) {
    const unread = trx
      .from('notices')
      .where('user_id', user.id)
      .where('title', news.title)
      .whereNull('read_at')
    if (href === null) unread.whereNull('href')
    else unread.where('href', href)
    const updated = await unread.update({ body: news.body, created_at: now })
    if (!affectedRows(updated)) {
      fresh.push(user)
      continue
    }
    // Only a message not yet claimed for delivery is rewritten; one on its way is let go.
    const waiting = await trx
      .from('outbox_messages')
      .where('user_id', user.id)
      .where('subject', news.title)
      .where('status', 'pending')
      .where('attempts', 0)
      .update({ body: news.body, href })
    const message = affectedRows(waiting) ? null : outboxRow(user, news, now)
    if (message) await trx.table('outbox_messages').insert(message)
  }
  return fresh
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
