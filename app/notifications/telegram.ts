import { createHash, randomBytes } from 'node:crypto'
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import logger from '@adonisjs/core/services/logger'
import type { Update } from 'grammy/types'
import config from '#config/notifications'
import type User from '#models/user'
import { audit, type Actor } from '#services/audit'
import { databaseNow, databaseTime } from '#services/database_time'
import { fromDatabase } from '#services/format'
import { affectedRows } from '#services/query_results'
import { telegramApi } from '#notifications/channels'
import { leaseState, saveLeaseState } from '#notifications/leases'
import { forUpdate } from '#services/row_locks'

/** How long a deep link may wait to be opened. */
export const LINK_MINUTES = 15

const hashOf = (code: string) => createHash('sha256').update(code).digest('hex')

/** A username as Telegram writes it, without the @ (5-32 letters, digits, underscores). */
export function normalUsername(input: string) {
  return input.trim().replace(/^@/, '')
}

/** The deep link that opens the lab's bot with the code: https://t.me/{bot}?start={code}. */
export function deepLink(code: string) {
  return `https://t.me/${config.telegram.botName}?start=${code}`
}

/**
 * PUT /telegram/verify: the user names their Telegram account; a one-time code is made (the
 * older ones of this user are void) for the deep link they open in Telegram next. Only the
 * code's hash is kept.
 */
export async function startLinking(actor: Actor & { user: User }, username: string) {
  const code = randomBytes(18).toString('base64url')
  const expiresAt = DateTime.utc().plus({ minutes: LINK_MINUTES })
  await db.transaction(async (trx) => {
    await trx.from('users').where('id', actor.user.id).update({ telegram_username: username })
    await trx
      .from('telegram_link_codes')
      .where('user_id', actor.user.id)
      .whereNull('used_at')
      .delete()
    await trx.table('telegram_link_codes').insert({
      user_id: actor.user.id,
      code_hash: hashOf(code),
      expires_at: databaseTime(trx, expiresAt),
      created_at: databaseNow(trx),
    })
    await audit(
      actor,
      {
        action: 'account.telegram_verify',
        subjectType: 'user',
        subjectId: actor.user.id,
        to: { telegram_username: username },
      },
      trx
    )
  })
  return { code, link: deepLink(code), expiresAt }
}

/** Unlinks the user's chat: nothing is sent there any more. */
export async function unlinkTelegram(actor: Actor & { user: User }) {
  await db.transaction(async (trx) => {
    const before = await forUpdate(trx.from('users').where('id', actor.user.id), trx).first()
    await trx
      .from('users')
      .where('id', actor.user.id)
      .update({ telegram_chat_id: null, telegram_username: null })
    await trx
      .from('telegram_link_codes')
      .where('user_id', actor.user.id)
      .whereNull('used_at')
      .delete()
    await audit(
      actor,
      {
        action: 'account.telegram_unlink',
        subjectType: 'user',
        subjectId: actor.user.id,
        from: { telegram_username: before?.telegram_username ?? null },
      },
      trx
    )
  })
}

/**
 * `/start {code}` from a Telegram chat: links the chat to the account that made the code, once,
 * within LINK_MINUTES, from the Telegram account it named. Answers what the bot replies.
 */
export async function linkChat(
  code: string,
  chatId: number | string,
  from: { username?: string } | undefined
) {
  const row = await db.from('telegram_link_codes').where('code_hash', hashOf(code)).first()
  if (!row)
    return 'Kode tidak dikenal. Buat tautan baru di halaman Hubungkan Telegram pada Kalibra.'
  if (row.used_at) {
    return 'Kode ini sudah dipakai. Buat tautan baru di halaman Hubungkan Telegram bila perlu menghubungkan lagi.'
  }
  if (fromDatabase(row.expires_at)! < DateTime.utc()) {
    return `Kode ini sudah kedaluwarsa (berlaku ${LINK_MINUTES} menit). Buat tautan baru di halaman Hubungkan Telegram.`
  }
  const user = await db.from('users').where('id', row.user_id).first()
  if (!user || user.fasyankes_id) return 'Kode tidak dikenal.'
  const expected = String(user.telegram_username ?? '').toLowerCase()
  if (expected && expected !== String(from?.username ?? '').toLowerCase()) {
    return `Kode ini dibuat untuk akun Telegram @${user.telegram_username}. Buka tautannya dari akun itu, atau perbaiki username di Kalibra.`
  }
  const linked = await db.transaction(async (trx) => {
    const used = await trx
      .from('telegram_link_codes')
      .where('id', row.id)
      .whereNull('used_at')
      .update({ used_at: databaseNow(trx) })
    if (affectedRows(used) !== 1) return false
    // A chat belongs to one account: linked here, it is unlinked from any other.
    await trx
      .from('users')
      .where('telegram_chat_id', String(chatId))
      .whereNot('id', user.id)
      .update({ telegram_chat_id: null })
    await trx
      .from('users')
      .where('id', user.id)
      .update({
        telegram_chat_id: String(chatId),
        telegram_username: from?.username ?? user.telegram_username,
      })
    await audit(
      { user: null, ip: null },
      {
        action: 'account.telegram_link',
        subjectType: 'user',
        subjectId: user.id,
        userName: 'Telegram',
        to: { telegram_username: from?.username ?? null },
      },
      trx
    )
    return true
  })
  if (!linked) return 'Kode ini sudah dipakai.'
  return `Akun Kalibra ${user.name} terhubung. Pemberitahuan Kalibra akan dikirim ke percakapan ini.`
}

/** One update from Telegram: `/start {code}` links a chat; anything else gets a short help. */
export async function handleUpdate(update: Update) {
  const message = update.message
  if (!message?.text || message.chat.type !== 'private') return
  const [command, code] = message.text.trim().split(/\s+/)
  if (!command.startsWith('/start')) return
  const reply = code
    ? await linkChat(code, message.chat.id, message.from)
    : 'Buka tautan dari halaman Hubungkan Telegram pada Kalibra untuk menghubungkan akun Anda.'
  try {
    await telegramApi().sendMessage(message.chat.id, reply)
  } catch (error) {
    // The link stands whether or not the reply arrives.
    logger.warn({ chat: message.chat.id }, `telegram reply not sent: ${String(error)}`)
  }
}

const OFFSET = 'telegram_updates'

/**
 * Reads the bot's new updates once (waiting up to `timeoutSeconds` for one) and handles them.
 * The offset of the next update is kept in the job lease, so whichever process reads next
 * goes on where this one stopped. Run by the lease holder only (background.ts).
 */
export async function pollTelegramOnce(timeoutSeconds = 0) {
  const offset = Number((await leaseState(OFFSET)) ?? 0)
  const updates = await telegramApi().getUpdates({
    offset,
    timeout: timeoutSeconds,
    allowed_updates: ['message'],
  })
  for (const update of updates) {
    try {
      await handleUpdate(update)
    } catch (error) {
      logger.error({ update: update.update_id }, `telegram update failed: ${String(error)}`)
    }
    await saveLeaseState(OFFSET, String(update.update_id + 1))
  }
  return updates.length
}
