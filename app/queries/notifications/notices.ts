import db from '@adonisjs/lucid/services/db'
import Notice from '#models/notice'
import { formatDateTime } from '#services/format'

/** How many notices the bell counts at most ("99+"). */
const COUNT_LIMIT = 100

/** The user's unread notices, counted up to a hundred (the bell in the top bar). */
export async function unreadCount(userId: number) {
  const rows = await db
    .from('notices')
    .where('user_id', userId)
    .whereNull('read_at')
    .select('id')
    .limit(COUNT_LIMIT)
  return rows.length
}

/** The user's notices, newest first, a page at a time (`before`: the last id of the page). */
export async function noticesOf(userId: number, before?: number, limit = 30) {
  const query = Notice.query()
    .where('user_id', userId)
    .orderBy('id', 'desc')
    .limit(limit + 1)
  if (before) query.where('id', '<', before)
  const rows = await query
  return {
    notices: rows.slice(0, limit).map((notice) => ({
      id: notice.id,
      title: notice.title,
      body: notice.body,
      href: notice.href,
      read: notice.readAt !== null,
      formatted_created_at: formatDateTime(notice.createdAt),
    })),
    nextBefore: rows.length > limit ? rows[limit - 1].id : null,
  }
}
