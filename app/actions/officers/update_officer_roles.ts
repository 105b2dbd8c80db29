import db from '@adonisjs/lucid/services/db'
import User from '#models/user'
import UserRole from '#models/user_role'
import type { Role } from '#enums/roles'
import { audit, type Actor } from '#services/audit'
import { forbiddenRoleChange } from '#services/role_grants'
import { endUserSessionsOnCommit } from '#services/user_sessions'
import { forUpdate } from '#services/row_locks'

export const OWN_ROLES_REFUSED =
  'Anda tidak dapat mengubah peran Anda sendiri. Mintalah atasan yang berwenang untuk mengubahnya.'

/**
 * Replaces an officer's roles. Refused, with nothing changed, when any added
 * or removed role is one the viewer may not grant, and always for the
 * viewer's own roles (a head would otherwise give itself a lab's admin role).
 * Removing a role ends every session of the officer, so the lost access does
 * not linger in an open session.
 */
export async function updateOfficerRoles(
  actor: Actor & { user: User },
  targetId: number,
  requested: Role[]
) {
  if (actor.user.id === targetId) return { ok: false as const, message: OWN_ROLES_REFUSED }
  return db.transaction(async (trx) => {
    const target = await forUpdate(
      User.query({ client: trx }).where('id', targetId).whereNull('fasyankes_id'),
      trx
    ).firstOrFail()
    const current = target.roles
    const refusal = forbiddenRoleChange(actor.user.roles, current, requested)
    if (refusal) return { ok: false as const, message: refusal }

    const added = requested.filter((role) => !current.includes(role))
    const removed = current.filter((role) => !requested.includes(role))
    if (!added.length && !removed.length) return { ok: true as const, changed: false }

    if (removed.length) {
      await UserRole.query({ client: trx })
        .where('user_id', target.id)
        .whereIn('role', removed)
        .delete()
      endUserSessionsOnCommit(trx, target.id)
    }
    if (added.length) {
      await UserRole.createMany(
        added.map((role) => ({ userId: target.id, role })),
        { client: trx }
      )
    }
    await audit(
      actor,
      {
        action: 'officer.roles',
        subjectType: 'user',
        subjectId: target.id,
        from: { roles: current },
        to: { roles: requested },
      },
      trx
    )
    return { ok: true as const, changed: true }
  })
}
