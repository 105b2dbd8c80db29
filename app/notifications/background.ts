import logger from '@adonisjs/core/services/logger'
import config from '#config/notifications'
import { deliverDue } from '#notifications/outbox'
import { pollTelegramOnce } from '#notifications/telegram'
import { remindersIfDue } from '#notifications/reminders'
import { holdLease, releaseLease } from '#notifications/leases'
import { databaseUnreachable, isDatabaseUnreachable } from '#services/database_outage'

const DELIVERY_EVERY_MS = 5_000
const REMINDERS_EVERY_MS = 5 * 60_000
/** Telegram answers a long poll after at most this long; the lease outlives two of them. */
const POLL_SECONDS = 25
const TELEGRAM_LEASE_SECONDS = 60

/** A failure logged, unless the database is down: that is logged once per outage. */
function failed(what: string, error: unknown) {
  if (isDatabaseUnreachable(error)) databaseUnreachable(error)
  else logger.error(`${what} failed: ${String(error)}`)
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms).unref())

/**
 * The notification work of a server process (issue 17): delivering the outbox every few
 * seconds, reading the bot's updates (one process at a time, by lease), and the daily
 * reminders (one run a day, by lease). Every worker of every machine runs it; the database
 * decides who does what. Answers a function that stops it.
 */
export function startNotificationWork() {
  let stopped = false
  // Aborted at stop: the delivery in progress gives its message back instead of holding on.
  const stopping = new AbortController()
  let delivering: Promise<void> | null = null
  const timers = [
    setInterval(() => {
      if (delivering || stopped) return
      delivering = deliverDue({ signal: stopping.signal })
        .then(
          () => {},
          (error) => failed('outbox delivery', error)
        )
        .finally(() => {
          delivering = null
        })
    }, DELIVERY_EVERY_MS),
    setInterval(() => {
      remindersIfDue().catch((error) => failed('reminders', error))
    }, REMINDERS_EVERY_MS),
  ]
  for (const timer of timers) timer.unref()
  // The first reminder check soon after start, not five minutes later.
  setTimeout(() => {
    remindersIfDue().catch((error) => failed('reminders', error))
  }, 10_000).unref()

  const readTelegram = async () => {
    let failures = 0
    while (!stopped) {
      if (!config.telegram.token) return
      try {
        if (await holdLease('telegram_updates_reader', TELEGRAM_LEASE_SECONDS)) {
          const started = Date.now()
          const read = await pollTelegramOnce(POLL_SECONDS)
          failures = 0
          // A Bot API that answers at once instead of holding the poll is not asked in a loop.
          if (!read && Date.now() - started < 1000) await sleep(1000)
        } else {
          await sleep(TELEGRAM_LEASE_SECONDS * 500)
        }
      } catch (error) {
        failures++
        // A Bot API that is down is asked again later, never in a tight loop.
        const wait = Math.min(60_000, 1000 * 2 ** Math.min(failures, 6))
        logger.warn(`telegram updates: ${String(error)}; again in ${wait / 1000} s`)
        await sleep(wait)
      }
    }
  }
  void readTelegram()

  return async () => {
    stopped = true
    for (const timer of timers) clearInterval(timer)
    stopping.abort()
    // The message being sent is back in the outbox before the database closes.
    await delivering
    await releaseLease('telegram_updates_reader').catch(() => {})
  }
}
