import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import config from '#config/notifications'
import { formatDate, isoDate, LAB_TIMEZONE, labToday } from '#services/format'
import { databaseNow } from '#services/database_time'
import { notify } from '#notifications/notify'
import { noticeLinks } from '#notifications/links'
import { holdLease, leaseState, releaseLease, saveLeaseState } from '#notifications/leases'
import { remindHolidayEditors } from '#notifications/holiday_calendar'
import { withoutNotFit } from '#queries/monitoring/recalibration_mark'

export type ReminderKind = '30_hari' | 'jatuh_tempo'

interface DueReminder {
  id: number
  fasyankes_id: number
  merk: string | null
  model: string | null
  serial_number: string
  next_calibration_date: unknown
  alkes_name: string
  kind: ReminderKind
}

/** A run that found its due day before the previous run's could not catch up beyond this. */
const DUE_CATCH_UP_DAYS = 7

/**
 * The inventory devices a reminder is due for on `today` and not yet sent (domain decisions:
 * 30 days before and on the due date): `30_hari` for a next calibration within the coming 30
 * days, `jatuh_tempo` for one that is due today (or was in the last week, when the job did not
 * run on the day). Read from the inventory's next-date index, once per kind and due date.
 */
export async function dueReminders(today: string) {
  const until = DateTime.fromISO(today).plus({ days: config.reminders.daysBefore }).toISODate()!
  const since = DateTime.fromISO(today).minus({ days: DUE_CATCH_UP_DAYS }).toISODate()!
  const due = (kind: ReminderKind, from: string, to: string, fromInclusive: boolean) =>
    // A device last found TIDAK LAIK is out of use until repaired: no recalibration is due.
    withoutNotFit(db.from('inventories as i').join('alkes as a', 'a.id', 'i.alkes_id'))
      .where('i.next_calibration_date', fromInclusive ? '>=' : '>', from)
      .where('i.next_calibration_date', '<=', to)
      .whereNotExists((sent) => {
        sent
          .from('reminders_sent as r')
          .whereColumn('r.inventory_id', 'i.id')
          .where('r.kind', kind)
          .whereColumn('r.due_date', 'i.next_calibration_date')
      })
      .select('i.id', 'i.fasyankes_id', 'i.merk', 'i.model', 'i.serial_number')
      .select('i.next_calibration_date', 'a.name as alkes_name')
      .orderBy('i.fasyankes_id')
      .orderBy('i.next_calibration_date')
      .orderBy('i.id')
      .then((rows) => rows.map((row) => ({ ...row, kind }) as DueReminder))
  const [soon, dueNow] = await Promise.all([
    due('30_hari', today, until, false),
    due('jatuh_tempo', since, today, true),
  ])
  return [...dueNow, ...soon]
}

const TITLES: Record<ReminderKind, string> = {
  '30_hari': 'Kalibrasi ulang dalam 30 hari',
  'jatuh_tempo': 'Kalibrasi ulang jatuh tempo',
}

/**
 * Sends each facility its recalibration reminders for `today` (a lab-calendar day), once each:
 * one notice per facility and kind listing its devices, recorded in `reminders_sent` in the
 * same transaction. Running it again the same day (or by hand, `node ace kalibra:reminders`)
 * sends nothing new. Answers how many devices and facilities were reminded.
 */
export async function sendReminders(today = labToday()) {
  const rows = await dueReminders(today)
  const groups = new Map<string, typeof rows>()
  for (const row of rows) {
    const key = `${row.fasyankes_id}|${row.kind}`
    groups.set(key, [...(groups.get(key) ?? []), row])
  }
  let facilities = 0
  for (const items of groups.values()) {
    const { fasyankes_id: facilityId, kind } = items[0]
    const sent = await db.transaction(async (trx) => {
      const now = databaseNow(trx)
      // Taken by another run meanwhile: the unique key leaves these out (sent once).
      const fresh = []
      for (const item of items) {
        const taken = await trx
          .from('reminders_sent')
          .where({ inventory_id: item.id, kind })
          .where('due_date', isoDate(item.next_calibration_date)!)
          .first()
        if (taken) continue
        await trx.table('reminders_sent').insert({
          inventory_id: item.id,
          kind,
          due_date: isoDate(item.next_calibration_date),
          created_at: now,
        })
        fresh.push(item)
      }
      if (!fresh.length) return false
      const users = await trx.from('users').where('fasyankes_id', facilityId).select('id')
      const list = fresh
        .slice(0, 10)
        .map((item) => {
          const identity = [item.merk, item.model].filter(Boolean).join(' ')
          return `${item.alkes_name}${identity ? ` ${identity}` : ''} (SN ${item.serial_number}), ${formatDate(isoDate(item.next_calibration_date))}`
        })
        .join('; ')
      const more = fresh.length > 10 ? `; dan ${fresh.length - 10} alat lain` : ''
      await notify(
        trx,
        users.map((user) => Number(user.id)),
        {
          title: TITLES[kind],
          body:
            `${fresh.length} alat ${kind === 'jatuh_tempo' ? 'jatuh tempo kalibrasi' : 'jatuh tempo kalibrasi dalam 30 hari'}: ` +
            `${list}${more}. Ajukan kalibrasi dari Dashboard Kalibra.`,
          href: noticeLinks.dashboard(),
        }
      )
      return true
    })
    if (sent) facilities++
  }
  return { devices: rows.length, facilities }
}

const LEASE = 'reminders'

/**
 * The daily run of the in-process scheduler: once the lab's clock has passed REMINDER_HOUR,
 * the first process (of any worker or machine) to take the lease sends today's reminders and
 * notes the day, so the others do not run them again.
 */
export async function remindersIfDue(now = DateTime.now()) {
  const hour = config.reminders.hour
  if (hour < 0) return null
  const lab = now.setZone(LAB_TIMEZONE)
  if (lab.hour < hour) return null
  const today = lab.toISODate()!
  if ((await leaseState(LEASE)) === today) return null
  if (!(await holdLease(LEASE, 600))) return null
  try {
    if ((await leaseState(LEASE)) === today) return null
    const outcome = await sendReminders(today)
    await remindHolidayEditors(today)
    await saveLeaseState(LEASE, today)
    return outcome
  } finally {
    await releaseLease(LEASE)
  }
}
