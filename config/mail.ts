import { defineConfig, transports } from '@adonisjs/mail'
import type { InferMailers } from '@adonisjs/mail/types'
import notifications from '#config/notifications'

const { mail } = notifications

/** `Kalibra <no-reply@lab.go.id>` or a bare address, as MAIL_FROM holds it. */
function sender(from: string) {
  const named = from.match(/^\s*(.*?)\s*<([^>]+)>\s*$/)
  return named ? { name: named[1], address: named[2] } : { name: 'Kalibra', address: from.trim() }
}

/**
 * E-mail of the notifications (issue 17) over SMTP: SMTP_HOST, SMTP_PORT, SMTP_USERNAME,
 * SMTP_PASSWORD, MAIL_FROM. Without SMTP_HOST no e-mail is sent (app/notifications/channels.ts).
 */
const mailConfig = defineConfig({
  default: 'smtp',
  from: sender(mail.from),
  mailers: {
    smtp: transports.smtp({
      host: mail.host || 'localhost',
      port: mail.port,
      // Port 465 speaks TLS from the start; the others upgrade with STARTTLS when offered.
      secure: Number(mail.port) === 465,
      // A mail server that does not answer fails the attempt (the outbox retries it later)
      // instead of holding it for nodemailer's defaults (2 min to connect, 10 min of silence).
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
      ...(mail.username
        ? { auth: { type: 'login' as const, user: mail.username, pass: mail.password } }
        : {}),
    }),
  },
})

export default mailConfig

declare module '@adonisjs/mail/types' {
  export interface MailersList extends InferMailers<typeof mailConfig> {}
}
