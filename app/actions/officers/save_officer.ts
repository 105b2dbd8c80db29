import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import User from '#models/user'
import { audit, changes, type Actor } from '#services/audit'

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
  return {
    name: user.name,
    nip: user.nip,
    rank: user.rank,
    position: user.position,
    email: user.email,
  }
}

/** Creates a staff login without roles; roles are given in the role editor. */
export async function createOfficer(
  actor: Actor,
  input: OfficerInput,
  trx?: TransactionClientContract
) {
  const run = async (client: TransactionClientContract) => {
    const user = new User()
    user.useTransaction(client)
    user.merge({ ...pick(input), password: input.password! })
    await user.save()
    await audit(
      actor,
      { action: 'officer.create', subjectType: 'user', subjectId: user.id, to: profileOf(user) },
      client
    )
    return user
  }
  return trx ? run(trx) : db.transaction(run)
}

/** Updates an officer's data; the password changes only when a new one is given. */
export async function updateOfficer(
  actor: Actor,
  user: User,
  input: OfficerInput,
  trx?: TransactionClientContract
) {
  const run = async (client: TransactionClientContract) => {
    user.useTransaction(client)
    const diff = changes(profileOf(user), pick(input))
    user.merge(pick(input))
    if (input.password) user.password = input.password
    if (!diff.changed && !input.password) return user
    await user.save()
    await audit(
      actor,
      {
        action: 'officer.update',
        subjectType: 'user',
        subjectId: user.id,
        from: diff.from,
        to: input.password ? { ...diff.to, password: '(diubah)' } : diff.to,
      },
      client
    )
    return user
  }
  return trx ? run(trx) : db.transaction(run)
}

function pick(input: OfficerInput) {
  return Object.fromEntries(PROFILE_FIELDS.map((key) => [key, input[key]])) as Omit<
    OfficerInput,
    'password'
  >
}
