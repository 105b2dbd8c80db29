import type { HttpContext } from '@adonisjs/core/http'
import OutboxMessage from '#models/outbox_message'
import NotFoundException from '#exceptions/not_found_exception'
import { formatDateTime } from '#services/format'
import { resend } from '#notifications/outbox'

/** Messages that could not be delivered yet, for the admins to see and send again (issue 17). */
export default class OutboxController {
  async index({ inertia, request }: HttpContext) {
    const status = ['failed', 'pending', 'sent'].includes(request.qs().status)
      ? (request.qs().status as 'failed' | 'pending' | 'sent')
      : 'failed'
    const rows = await OutboxMessage.query()
      .where('status', status === 'pending' ? 'pending' : status)
      .orderBy('id', 'desc')
      .limit(100)
    const counts = await OutboxMessage.query()
      .select('status')
      .count('* as total')
      .groupBy('status')
    return inertia.render('notifications/outbox', {
      status,
      counts: Object.fromEntries(counts.map((row) => [row.status, Number(row.$extras.total)])),
      messages: rows.map((message) => ({
        id: message.id,
        channel: message.channel === 'telegram' ? 'Telegram' : 'E-mail',
        address: message.address,
        subject: message.subject,
        attempts: message.attempts,
        last_error: message.lastError,
        formatted_created_at: formatDateTime(message.createdAt),
        formatted_next_attempt_at: formatDateTime(message.nextAttemptAt),
        formatted_sent_at: message.sentAt ? formatDateTime(message.sentAt) : null,
        may_resend: message.status === 'failed' || message.status === 'pending',
      })),
    })
  }

  async resend({ params, response, session }: HttpContext) {
    if (!(await resend(Number(params.id) || 0))) throw new NotFoundException()
    session.flash('success', 'Pesan dijadwalkan untuk dikirim ulang.')
    return response.redirect().back()
  }
}
