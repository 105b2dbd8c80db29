import type { HttpContext } from '@adonisjs/core/http'
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import Notice from '#models/notice'
import { databaseNow } from '#services/database_time'
import NotFoundException from '#exceptions/not_found_exception'
import { noticesOf } from '#queries/notifications/notices'

/** The in-app notices of the signed-in user (issue 17): the list, open one, mark all read. */
export default class NoticesController {
  async index({ inertia, auth, request }: HttpContext) {
    const before = Number(request.qs().before) || undefined
    return inertia.render('notifications/index', await noticesOf(auth.user!.id, before))
  }

  /** Opens what a notice is about, marking it read; another user's notice answers 404. */
  async open({ auth, params, response }: HttpContext) {
    const notice = await Notice.query()
      .where('id', Number(params.id) || 0)
      .where('user_id', auth.user!.id)
      .first()
    if (!notice) throw new NotFoundException('Pemberitahuan tidak ditemukan.')
    if (!notice.readAt) {
      notice.readAt = DateTime.utc()
      await notice.save()
    }
    return response.redirect(notice.href ?? '/notifications')
  }

  async readAll({ auth, response, session }: HttpContext) {
    await Notice.query()
      .where('user_id', auth.user!.id)
      .whereNull('read_at')
      .update({ read_at: databaseNow(db.connection()) })
    session.flash('success', 'Semua pemberitahuan ditandai sudah dibaca.')
    return response.redirect().back()
  }
}
