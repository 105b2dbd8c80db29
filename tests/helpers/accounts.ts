/**
 * Accounts for the unit and functional tests of sign-in, access and the
 * sidebar. Not a spec file.
 */
import hash from '@adonisjs/core/services/hash'
import User from '#models/user'
import UserRole from '#models/user_role'
import type { Role } from '#enums/roles'

export const DEMO_PASSWORD = 'kalibra2026'

/**
 * An unsaved user holding exactly these roles, for code that only reads
 * `user.roles` (menuFor, homePathFor, can). No database involved.
 */
export function userWithRoles(roles: Role[], attributes: Partial<User> = {}): User {
  const user = new User()
  user.merge({ id: 0, name: 'Pengguna Uji', email: 'uji@kalibra.test', ...attributes })
  user.$setRelated(
    'roleRows',
    roles.map((role) => {
      const row = new UserRole()
      row.role = role
      return row
    })
  )
  return user
}

/** The seeded demo account of a role (`<role>@kalibra.test`). */
export function demoUser(role: Role) {
  return User.findByOrFail('email', `${role}@kalibra.test`)
}

let sequence = 0
/** An email nobody else uses in this run (the sign-in throttle counts per email). */
export function freshEmail(prefix: string) {
  sequence++
  return `${prefix}.${process.pid}.${Date.now().toString(36)}.${sequence}@uji.kalibra.test`
}

/** A staff login created inside the running test's transaction. */
export async function makeStaff(
  roles: Role[] = ['yantek'],
  attributes: Partial<{
    name: string
    email: string
    password: string
    nip: string | null
    rank: string | null
    position: string | null
  }> = {}
) {
  const user = await User.create({
    name: 'Penguji Akun',
    email: freshEmail('staf'),
    password: 'rahasia123',
    nip: null,
    rank: null,
    position: null,
    ...attributes,
  })
  if (roles.length) await UserRole.createMany(roles.map((role) => ({ userId: user.id, role })))
  return User.findOrFail(user.id)
}

/** The user as stored now (roles included). */
export function storedUser(id: number) {
  return User.findOrFail(id)
}

/** Does the stored password of the user match? */
export async function hasPassword(id: number, password: string) {
  const user = await storedUser(id)
  return hash.verify(user.password, password)
}

/** The stored password hash of the user (to prove it did not change). */
export async function passwordHashOf(id: number) {
  const user = await storedUser(id)
  return user.password
}
