import { DateTime } from 'luxon'
import { hostname } from 'node:os'
import db from '@adonisjs/lucid/services/db'
import { affectedRows } from '#services/query_results'
import { databaseTime } from '#services/database_time'

/** This process, as a lease names its holder. */
export const PROCESS_NAME = `${hostname()}:${process.pid}`

async function ensureLease(name: string) {
  await db.table('job_leases').insert({ name }).onConflict('name').ignore()
}

/**
 * Takes the named lease for `seconds`, or keeps it when this process holds it already;
 * answers whether it does now. Jobs only one process may run at a time (reading Telegram's
 * updates, the daily reminders) run while they hold theirs, on any number of workers and
 * machines sharing the database; a holder that died loses it when it runs out.
 */
export async function holdLease(name: string, seconds: number, holder = PROCESS_NAME) {
  await ensureLease(name)
  const client = db.connection()
  const now = DateTime.utc()
  const updated = await db
    .from('job_leases')
    .where('name', name)
    .where((free) => {
      free
        .where('holder', holder)
        .orWhereNull('expires_at')
        .orWhere('expires_at', '<', databaseTime(client, now))
    })
    .update({ holder, expires_at: databaseTime(client, now.plus({ seconds })) })
  return affectedRows(updated) === 1
}

/** Gives the lease back (at shutdown, or when a one-off run is done). */
export async function releaseLease(name: string, holder = PROCESS_NAME) {
  await db.from('job_leases').where('name', name).where('holder', holder).update({
    holder: null,
    expires_at: null,
  })
}

/** What a job keeps between runs (an offset, the last day it ran). */
export async function leaseState(name: string): Promise<string | null> {
  const row = await db.from('job_leases').where('name', name).select('state').first()
  return (row?.state as string | null | undefined) ?? null
}

export async function saveLeaseState(name: string, state: string) {
  await ensureLease(name)
  await db.from('job_leases').where('name', name).update({ state })
}
