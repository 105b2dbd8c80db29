import { BaseCommand, flags } from '@adonisjs/core/ace'
import type { CommandOptions } from '@adonisjs/core/types/ace'

/**
 * Sends the recalibration reminders due today (or on `--date`), once each, as the daily job
 * does (issue 17). Safe to run again: what was sent is not sent twice.
 */
export default class SendReminders extends BaseCommand {
  static commandName = 'kalibra:reminders'
  static description = 'Send the recalibration reminders due today (idempotent)'
  static options: CommandOptions = { startApp: true }

  @flags.string({ description: 'The lab-calendar day to send for (YYYY-MM-DD); default today' })
  declare date?: string

  async run() {
    // The notices link to routes by name (urlFor); outside the web server nothing commits the
    // routes.
    const { default: router } = await import('@adonisjs/core/services/router')
    router.commit()
    const { sendReminders } = await import('#notifications/reminders')
    const { deliverDue } = await import('#notifications/outbox')
    const { labToday } = await import('#services/format')
    const day = this.date ?? labToday()
    if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) {
      this.logger.error(`--date harus berformat YYYY-MM-DD, bukan "${day}"`)
      this.exitCode = 1
      return
    }
    const outcome = await sendReminders(day)
    this.logger.info(
      `${day}: ${outcome.devices} alat dari ${outcome.facilities} fasyankes diingatkan (yang sudah dikirim tidak dikirim lagi)`
    )
    const delivered = await deliverDue({ limit: 500 })
    this.logger.info(`Terkirim: ${delivered.sent}, dicoba lagi nanti: ${delivered.retried}`)
  }
}
