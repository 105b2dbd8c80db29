import db from '@adonisjs/lucid/services/db'
import User from '#models/user'
import UserRole from '#models/user_role'
import type { Role } from '#enums/roles'
import { audit, type Actor } from '#services/audit'
import { forbiddenRoleChange } from '#services/role_grants'

/**
 * Replaces an officer's roles. Refused, with nothing changed, when any added
 * or removed role is one the viewer may not grant.
 */
export async function updateOfficerRoles(
  actor: Actor & { user: User },
  targetId: number,
  requested: Role[]
) {
  return db.transaction(async (trx) => {
    const target = await User.query({ client: trx })
      .where('id', targetId)
      .whereNull('fasyankes_id')
      .firstOrFail()
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
