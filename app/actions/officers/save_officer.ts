import { randomBytes } from 'node:crypto'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import User from '#models/user'
import { auditAccountUpdate, audit, changes, inTransaction, type Actor } from '#services/audit'
import { endUserSessionsOnCommit } from '#services/user_sessions'
import { lockModel } from '#services/row_locks'

export interface OfficerInput {
  name: string
  nip: string
  rank: string
  position: string
  email: string
  password?: string | null
}

const PROFILE_FIELDS = ['name', 'nip', 'rank', 'position', 'email'] as const

function profileOf(user: User) {
  return Object.fromEntries(PROFILE_FIELDS.map((key) => [key, user[key]]))
}

/**
 * A password nobody knows: the account cannot be signed in to until its
 * officer sets their own password through a set-password link.
 */
export function unusablePassword() {
  return randomBytes(32).toString('base64url')
}

/**
 * Creates a staff login without roles; roles are given in the role editor.
 * Without a password the officer sets their own through a set-password link.
 */
export async function createOfficer(
  actor: Actor,
  input: OfficerInput,
  trx?: TransactionClientContract
) {
  const run = async (client: TransactionClientContract) => {
    const user = new User()
    user.useTransaction(client)
    user.merge({ ...pick(input), password: input.password || unusablePassword() })
    await user.save()
    await audit(
      actor,
      { action: 'officer.create', subjectType: 'user', subjectId: user.id, to: profileOf(user) },
      client
    )
    return user
  }
  return inTransaction(trx, run)
}

/**
 * Updates an officer's data; the password changes only when a new one is
 * given, and then every session of the officer ends. Whether the editor may
 * change the email or password is the caller's check (`accountRefusal`).
 */
export async function updateOfficer(
  actor: Actor,
  user: User,
  input: OfficerInput,
  trx?: TransactionClientContract
) {
  const run = async (client: TransactionClientContract) => {
    await lockModel(client, user)
    user.useTransaction(client)
    const diff = changes(profileOf(user), pick(input))
    user.merge(pick(input))
    if (input.password) user.password = input.password
    if (!diff.changed && !input.password) return user
    await user.save()
    if (input.password) endUserSessionsOnCommit(client, user.id)
    const subject = { action: 'officer.update', subjectType: 'user', subjectId: user.id }
    await auditAccountUpdate(actor, subject, diff, input.password, client)
    return user
  }
  return inTransaction(trx, run)
}

function pick(input: OfficerInput) {
  return Object.fromEntries(PROFILE_FIELDS.map((key) => [key, input[key]])) as Omit<
    OfficerInput,
    'password'
  >
}
