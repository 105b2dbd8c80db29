import { LABS, ROLE_LABELS, type Role } from '#enums/roles'

/**
 * Who may grant which role (spec part 1, section 6): a lab's admin role only
 * by that lab's head; a lab's supervisor and officer roles by that lab's head
 * or admin. Every other role is outside the role editor.
 */
export function grantableRoles(viewerRoles: readonly Role[]): Role[] {
  const grantable = new Set<Role>()
  for (const lab of LABS) {
    const head = viewerRoles.includes(`head_of_${lab}_laboratory` as Role)
    const admin = viewerRoles.includes(`admin_${lab}` as Role)
    if (head) grantable.add(`admin_${lab}` as Role)
    if (head || admin) {
      grantable.add(`supervisor_of_${lab}_laboratory` as Role)
      grantable.add(`officer_${lab}` as Role)
    }
  }
  return [...grantable]
}

/** The first role whose change the viewer may not make, or null when the change is allowed. */
export function forbiddenRoleChange(
  viewerRoles: readonly Role[],
  current: readonly Role[],
  requested: readonly Role[]
) {
  const grantable = grantableRoles(viewerRoles)
  const changed = [
    ...requested.filter((role) => !current.includes(role)),
    ...current.filter((role) => !requested.includes(role)),
  ]
  const refused = changed.find((role) => !grantable.includes(role))
  return refused ? `Anda tidak berwenang mengubah peran ${ROLE_LABELS[refused]}.` : null
}

interface Account {
  id: number
  roles: readonly Role[]
}

/**
 * Why the editor may not change this account's sign-in data (email, password,
 * set-password link, sessions), or null when they may: every role the account
 * holds must be one the editor could grant, so an admin cannot take over a
 * head, yantek or another lab's staff. One's own account is changed through
 * Profil and Ubah Kata Sandi, never through the officer pages.
 */
export function accountRefusal(editor: Account, target: Account): string | null {
  if (editor.id === target.id) {
    return 'Akun Anda sendiri tidak diubah dari halaman Petugas. Gunakan menu Profil dan Ubah Kata Sandi.'
  }
  const grantable = grantableRoles(editor.roles)
  const refused = target.roles.find((role) => !grantable.includes(role))
  return refused
    ? `Anda tidak berwenang mengubah email, kata sandi, atau sesi akun ini karena akun ini memegang peran ${ROLE_LABELS[refused]}.`
    : null
}

/**
 * Does a form or spreadsheet row ask to change the account's email or
 * password? A missing email is no request (the validator refuses it); any
 * other email than the current one is, and so is any password at all.
 */
export function touchesAccount(
  target: { email: string },
  input: { email?: unknown; password?: unknown }
) {
  const password = input.password
  if (password !== undefined && password !== null && password !== '') return true
  const email = typeof input.email === 'string' ? input.email.trim().toLowerCase() : ''
  return email !== '' && email !== target.email.toLowerCase()
}
