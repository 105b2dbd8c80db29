import db from '@adonisjs/lucid/services/db'
import type User from '#models/user'
import { audit, type Actor } from '#services/audit'
import { endUserSessionsOnCommit } from '#services/user_sessions'

/**
 * "Akhiri semua sesi": signs the officer out on every device (a lost laptop,
 * a suspected stolen session). Whether the editor may is the caller's check
 * (`accountRefusal`).
 */
export async function endOfficerSessions(actor: Actor, target: User) {
  await db.transaction(async (trx) => {
    await audit(
      actor,
      { action: 'officer.sessions_end', subjectType: 'user', subjectId: target.id },
      trx
    )
    endUserSessionsOnCommit(trx, target.id)
  })
}
