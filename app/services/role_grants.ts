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
