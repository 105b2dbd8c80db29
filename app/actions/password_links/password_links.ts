import { createHash, randomBytes } from 'node:crypto'
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import User from '#models/user'
import PasswordLink from '#models/password_link'
import { audit, type Actor } from '#services/audit'
import { endUserSessionsOnCommit } from '#services/user_sessions'
import { lockRows } from '#services/row_locks'

/** How long a set-password link works. */
export const PASSWORD_LINK_HOURS = 72

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex')

/**
 * Issues a set-password link for an officer and replaces any earlier one.
 * Returns the token: it is shown once and never stored (only its hash is).
 * Whether the editor may do this is the caller's check (`accountRefusal`).
 */
export async function issuePasswordLink(actor: Actor, target: User) {
  const token = randomBytes(32).toString('base64url')
  const expiresAt = DateTime.now().plus({ hours: PASSWORD_LINK_HOURS })
  await db.transaction(async (trx) => {
    // The account first: two links issued at once leave one working link, as one after another.
    await lockRows(trx, 'users', [target.id])
    await PasswordLink.query({ client: trx }).where('user_id', target.id).delete()
    await PasswordLink.create(
      {
        userId: target.id,
        tokenHash: hashOf(token),
        expiresAt,
        usedAt: null,
        createdBy: actor.user?.id ?? null,
      },
      { client: trx }
    )
    await audit(
      actor,
      {
        action: 'officer.password_link',
        subjectType: 'user',
        subjectId: target.id,
        to: { expires_at: expiresAt.toISO() },
      },
      trx
    )
  })
  return { token, expiresAt }
}

export type LinkState =
  { status: 'ready'; link: PasswordLink; user: User } | { status: 'unknown' | 'used' | 'expired' }

/** What a token opens: the account, or why the link no longer works. */
export async function passwordLinkState(token: unknown): Promise<LinkState> {
  if (typeof token !== 'string' || !/^[\w-]{20,100}$/.test(token)) return { status: 'unknown' }
  const link = await PasswordLink.findBy('token_hash', hashOf(token))
  if (!link) return { status: 'unknown' }
  if (link.usedAt) return { status: 'used' }
  if (link.expiresAt <= DateTime.now()) return { status: 'expired' }
  const user = await User.find(link.userId)
  return user ? { status: 'ready', link, user } : { status: 'unknown' }
}

/**
 * Sets the password chosen on the link page. The link is claimed in one
 * conditional UPDATE, so two submissions cannot both use it; every session
 * of the account ends. Returns false when the link was used meanwhile.
 */
export async function setPasswordWithLink(
  ip: string | null,
  state: Extract<LinkState, { status: 'ready' }>,
  password: string
) {
  return db.transaction(async (trx) => {
    const claimed = await trx
      .from('password_links')
      .where('id', state.link.id)
      .whereNull('used_at')
      .update({ used_at: trx.raw('CURRENT_TIMESTAMP') })
    if (Number(Array.isArray(claimed) ? claimed[0] : claimed) !== 1) return false
    const user = await User.findOrFail(state.user.id, { client: trx })
    user.password = password
    await user.save()
    // The user acts here, signed in or not; the audit row never holds the password.
    await audit(
      { user, ip },
      { action: 'password.set_by_link', subjectType: 'user', subjectId: user.id },
      trx
    )
    endUserSessionsOnCommit(trx, user.id)
    return true
  })
}
