import db from '@adonisjs/lucid/services/db'
import hash from '@adonisjs/core/services/hash'
import User from '#models/user'
import { audit, type Actor } from '#services/audit'
import { endUserSessionsOnCommit } from '#services/user_sessions'
import { findLocked } from '#services/row_locks'

/**
 * Returns false, changing nothing, when the old password is wrong. Every other
 * session of the account ends (a stolen cookie, another device); the one that
 * made the change (`keepSessionId`) stays signed in.
 */
export async function changePassword(
  actor: Actor & { user: User },
  oldPassword: string,
  newPassword: string,
  keepSessionId: string
) {
  return db.transaction(async (trx) => {
    const user = await findLocked(User, actor.user.id, trx)
    if (!(await hash.verify(user.password, oldPassword))) return false
    user.password = newPassword
    await user.save()
    // The audit row records that the password changed, never its value.
    await audit(actor, { action: 'password.change', subjectType: 'user', subjectId: user.id }, trx)
    endUserSessionsOnCommit(trx, user.id, keepSessionId)
    return true
  })
}
