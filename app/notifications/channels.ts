import { Api } from 'grammy'
import logger from '@adonisjs/core/services/logger'
import mail from '@adonisjs/mail/services/main'
import config from '#config/notifications'
import { appUrl } from '#config/app'
import type OutboxMessage from '#models/outbox_message'

let client: { key: string; api: Api } | null = null

/**
 * The lab bot's Bot API client (grammY), at TELEGRAM_API_ROOT: Telegram's own, or a local
 * server (a self-hosted Bot API, the tests' fake). Made again when the settings change.
 */
export function telegramApi() {
  const { token, apiRoot } = config.telegram
  const key = `${apiRoot}|${token}`
  if (client?.key !== key) {
    client = { key, api: new Api(token, { apiRoot, timeoutSeconds: 30 }) }
  }
  return client.api
}

/** The link a message ends with: the page it is about, on APP_URL. */
export function absoluteLink(href: string | null) {
  return href ? `${appUrl.replace(/\/+$/, '')}${href}` : null
}

/** The text of a message: its title, what happened, the page to open. */
export function messageText(message: Pick<OutboxMessage, 'subject' | 'body' | 'href'>) {
  const link = absoluteLink(message.href)
  return [message.subject, '', message.body, ...(link ? ['', link] : [])].join('\n')
}

/** Delivers one message; throws when its channel refuses it (the outbox retries). */
export async function deliver(message: OutboxMessage) {
  const text = messageText(message)
  if (message.channel === 'telegram') {
    if (!config.telegram.token) throw new Error('TELEGRAM_BOT_TOKEN tidak diatur')
    await telegramApi().sendMessage(message.address, text, {
      link_preview_options: { is_disabled: true },
    })
    return
  }
  if (!config.mail.host) {
    // Development without an SMTP server: the message is written to the log.
    logger.info({ to: message.address, subject: message.subject }, `e-mail (log): ${text}`)
    return
  }
  await mail.send((mailMessage) => {
    mailMessage.to(message.address).subject(`[Kalibra] ${message.subject}`).text(text)
  })
}
