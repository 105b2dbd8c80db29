import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import { rolesWith } from '#enums/permissions'
import { notify } from '#notifications/notify'
import { noticeLinks } from '#notifications/links'
import { staffWithRoles } from '#notifications/order_news'
import { leaseState, saveLeaseState } from '#notifications/leases'

const STATE = 'holiday_calendar_reminder'

/**
 * In December, the holiday editors (holiday.edit) are told once when next year has no cuti
 * bersama recorded yet (issue 35, item 15): the completion estimates of January's orders would
 * otherwise count those days as working days. Runs with the daily reminders; answers whether it
 * told anyone.
 */
export async function remindHolidayEditors(today: string) {
  const day = DateTime.fromISO(today)
  if (day.month !== 12) return false
  const next = day.year + 1
  if ((await leaseState(STATE)) === String(next)) return false
  const leave = await db
    .from('holidays')
    .whereIn('source', ['cuti', 'lab'])
    .whereBetween('date', [`${next}-01-01`, `${next}-12-31`])
    .first()
  if (!leave) {
    await db.transaction(async (trx) => {
      const editors = await staffWithRoles(trx, rolesWith('holiday.edit'))
      await notify(
        trx,
        editors.map((editor) => editor.id),
        {
          title: `Cuti bersama ${next} belum dicatat`,
          body:
            `Belum ada cuti bersama tahun ${next} di daftar Hari Libur. Catat cuti bersama dari ` +
            `SKB tiga menteri tahun ${next} agar estimasi selesai pesanan tidak menghitungnya sebagai hari kerja.`,
          href: noticeLinks.holidays(next),
        }
      )
    })
  }
  await saveLeaseState(STATE, String(next))
  return !leave
}
