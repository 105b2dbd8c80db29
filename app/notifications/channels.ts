import { Api } from 'grammy'
import logger from '@adonisjs/core/services/logger'
import mail from '@adonisjs/mail/services/main'
import config from '#config/notifications'
import { appUrl } from '#config/app'
import lab from '#config/lab'
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

/** What the HTML part of an e-mail shows (resources/views/emails/notice.edge). */
export function emailView(message: Pick<OutboxMessage, 'subject' | 'body' | 'href'>) {
  return {
    labName: lab.name,
    labAddress: lab.address,
    subject: message.subject,
    paragraphs: message.body.split(/\n+/).filter((line) => line.trim()),
    link: absoluteLink(message.href),
  }
}

/**
 * Delivers one message; throws when its channel refuses it (the outbox retries). `signal`
 * cancels a Telegram request in flight (the outbox abandons an e-mail itself).
 */
export async function deliver(message: OutboxMessage, signal?: AbortSignal) {
  const text = messageText(message)
  if (message.channel === 'telegram') {
    if (!config.telegram.token) throw new Error('TELEGRAM_BOT_TOKEN tidak diatur')
    await telegramApi().sendMessage(
      message.address,
      text,
      { link_preview_options: { is_disabled: true } },
      // grammY types its signal with an AbortSignal polyfill's type; Node's own works the same.
      signal as Parameters<Api['sendMessage']>[3]
    )
    return
  }
  if (!config.mail.host) {
    // Development without an SMTP server: the message is written to the log.
    logger.info({ to: message.address, subject: message.subject }, `e-mail (log): ${text}`)
    return
  }
  await mail.send((mailMessage) => {
    mailMessage
      .to(message.address)
      .subject(`[Kalibra] ${message.subject}`)
      .text(text)
      .htmlView('emails/notice', emailView(message))
  })
}
