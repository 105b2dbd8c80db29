import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import ActionRefusedException from '#exceptions/action_refused_exception'
import { audit, type Actor } from '#services/audit'
import { formatDate } from '#services/format'
import { isoDate, REMOVED_HOLIDAY } from '#services/holidays'
import { lockChain } from '#services/audit_chain'

/** Adds a day the lab does not work (cuti bersama, or a holiday the calendar lacks). */
export async function addHoliday(actor: Actor, date: Date, name: string) {
  const day = DateTime.fromJSDate(date, { zone: 'utc' }).toISODate()!
  return db.transaction(async (trx) => {
    // A day that may not have its row yet: the chain's lock serialises the editors.
    await lockChain(trx)
    const existing = await trx.from('holidays').where('date', day).first()
    if (existing && existing.source !== REMOVED_HOLIDAY) {
      throw new ActionRefusedException(
        `${formatDate(day)} sudah tercatat sebagai ${existing.name}.`
      )
    }
    if (existing) await trx.from('holidays').where('date', day).update({ name, source: 'lab' })
    else await trx.table('holidays').insert({ date: day, name, source: 'lab' })
    await audit(
      actor,
      { action: 'holiday.create', subjectType: 'holiday', subjectId: day, to: { name } },
      trx
    )
    return { date: day, name }
  })
}

/** Removes a holiday; the completion estimate counts that day as a working day again, for good. */
export async function removeHoliday(actor: Actor, date: string) {
  return db.transaction(async (trx) => {
    await lockChain(trx)
    const existing = await trx.from('holidays').where('date', date).first()
    if (!existing || existing.source === REMOVED_HOLIDAY)
      throw new ActionRefusedException('Hari libur itu tidak ada (mungkin sudah dihapus).')
    // A national one (or the decree's cuti bersama) stays as a removed row: the calendar
    // loaded at start must not restore it.
    if (existing.source !== 'lab')
      await trx.from('holidays').where('date', date).update({ source: REMOVED_HOLIDAY })
    else await trx.from('holidays').where('date', date).delete()
    await audit(
      actor,
      {
        action: 'holiday.delete',
        subjectType: 'holiday',
        subjectId: isoDate(existing.date),
        from: { name: existing.name },
      },
      trx
    )
    return { date, name: existing.name as string }
  })
}
