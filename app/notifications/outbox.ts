import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import logger from '@adonisjs/core/services/logger'
import OutboxMessage from '#models/outbox_message'
import { affectedRows } from '#services/query_results'
import { databaseTime } from '#services/database_time'
import { deliver } from '#notifications/channels'

/**
 * After a failed attempt, the wait before the next: 30 s, 2 min, 10 min, 30 min, 2 h, 6 h.
 * A message still failing after the last is marked failed, for the admins to see and resend.
 */
export const RETRY_DELAYS_SECONDS = [30, 120, 600, 1800, 7200, 21600]
export const MAX_ATTEMPTS = RETRY_DELAYS_SECONDS.length + 1

/** How long a worker may hold a message it took before another worker takes it back. */
export const CLAIM_MINUTES = 2

/**
 * Failed delivery attempts of this process since it started, by channel and outcome
 * (`retry`: tried again later, `failed`: given up), read by /metrics.
 */
export const deliveryFailures = new Map<string, { retry: number; failed: number }>()

function countFailure(channel: string, last: boolean) {
  const counts = deliveryFailures.get(channel) ?? { retry: 0, failed: 0 }
  if (last) counts.failed++
  else counts.retry++
  deliveryFailures.set(channel, counts)
}

/** Why a channel refused, kept short and without secrets (the bot token is in URLs). */
function describe(error: unknown) {
  const text = error instanceof Error ? error.message : String(error)
  return text.replace(/bot\d+:[\w-]+/g, 'bot…').slice(0, 500)
}

/** `work`, or a rejection as soon as `signal` aborts (the work itself is left to its fate). */
function unlessAborted<T>(work: Promise<T>, signal: AbortSignal | undefined) {
  if (!signal) return work
  return new Promise<T>((resolve, reject) => {
    const aborted = () => reject(signal.reason ?? new Error('aborted'))
    if (signal.aborted) return aborted()
    signal.addEventListener('abort', aborted, { once: true })
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', aborted))
  })
}

/**
 * A message this process took and did not finish (it is stopping): back to `pending`, due as it
 * was, its attempts not counted, for the next process to send.
 */
async function giveBack(messageId: number) {
  await db
    .from('outbox_messages')
    .where('id', messageId)
    .where('status', 'sending')
    .update({ status: 'pending', claimed_until: null })
}

/**
 * Delivers the messages that are due (issue 17), oldest first, at most `limit`. Any number of
 * workers on any number of machines may run this at once: each message is taken by one
 * (a conditional update) before it is sent. A message that fails waits and is tried again;
 * one whose worker died while sending is taken back after a while. When `signal` aborts (the
 * server is stopping), the delivery in progress is abandoned and its message given back at
 * once (a mail server that never answers does not hold the shutdown), and no other is taken.
 */
export async function deliverDue(
  options: { limit?: number; now?: DateTime; signal?: AbortSignal } = {}
) {
  const { signal } = options
  const now = options.now ?? DateTime.utc()
  const client = db.connection()
  const stamp = (moment: DateTime) => databaseTime(client, moment)
  await db
    .from('outbox_messages')
    .where('status', 'sending')
    .where('claimed_until', '<', stamp(now))
    .update({ status: 'pending', claimed_until: null })
  const due = await OutboxMessage.query()
    .where('status', 'pending')
    .where('next_attempt_at', '<=', stamp(now))
    .orderBy('next_attempt_at')
    .orderBy('id')
    .limit(options.limit ?? 25)
  const outcome = { sent: 0, retried: 0, failed: 0, givenBack: 0 }
  for (const message of due) {
    if (signal?.aborted) break
    const taken = await db
      .from('outbox_messages')
      .where('id', message.id)
      .where('status', 'pending')
      .update({ status: 'sending', claimed_until: stamp(now.plus({ minutes: CLAIM_MINUTES })) })
    if (affectedRows(taken) !== 1) continue
    const attempts = message.attempts + 1
    try {
      await unlessAborted(deliver(message, signal), signal)
      await db
        .from('outbox_messages')
        .where('id', message.id)
        .update({
          status: 'sent',
          attempts,
          sent_at: stamp(DateTime.utc()),
          claimed_until: null,
          last_error: null,
        })
      outcome.sent++
    } catch (error) {
      if (signal?.aborted) {
        await giveBack(message.id)
        outcome.givenBack++
        break
      }
      const last = attempts >= MAX_ATTEMPTS
      await db
        .from('outbox_messages')
        .where('id', message.id)
        .update({
          status: last ? 'failed' : 'pending',
          attempts,
          next_attempt_at: stamp(
            last ? now : now.plus({ seconds: RETRY_DELAYS_SECONDS[attempts - 1] })
          ),
          claimed_until: null,
          last_error: describe(error),
        })
      if (last) outcome.failed++
      else outcome.retried++
      countFailure(message.channel, last)
      logger.warn(
        { outbox: message.id, channel: message.channel, attempts },
        `notification not delivered: ${describe(error)}`
      )
    }
  }
  return outcome
}

/** An admin sends a failed (or waiting) message again now. */
export async function resend(messageId: number) {
  const updated = await db
    .from('outbox_messages')
    .where('id', messageId)
    .whereIn('status', ['failed', 'pending'])
    .update({
      status: 'pending',
      attempts: 0,
      next_attempt_at: databaseTime(db.connection(), DateTime.utc()),
    })
  return affectedRows(updated) === 1
}
