import { ALKES_LABORATORIES, type AlkesLaboratory } from '#enums/master_data'
import type { Role } from '#enums/roles'

/**
 * Who speaks for a device's lab (issue 15): the head and the admin of the lab a device type
 * belongs to. Its test template is theirs to edit; the page, the save and the batch file all
 * ask here. The roles must also hold `alkes.test_points` (app/enums/permissions.ts).
 */
export const LAB_STAFF: Record<AlkesLaboratory, readonly Role[]> = {
  PK: ['head_of_pk_laboratory', 'admin_pk'],
  UKPR: ['head_of_ukpr_laboratory', 'admin_ukpr'],
  SARPRAS: ['head_of_sarpras_laboratory', 'admin_sarpras'],
}

const LAB_NAMES: Record<AlkesLaboratory, string> = { PK: 'PK', UKPR: 'UKPR', SARPRAS: 'Sarpras' }

interface Editor {
  roles: readonly Role[]
  can(permission: 'alkes.test_points'): boolean
}

const isLab = (value: unknown): value is AlkesLaboratory =>
  (ALKES_LABORATORIES as readonly unknown[]).includes(value)

/** Whether the user may edit the test points of a device of this lab. */
export function editsTestPointsOf(user: Editor | null | undefined, laboratory: unknown) {
  if (!user || !isLab(laboratory) || !user.can('alkes.test_points')) return false
  return user.roles.some((role) => LAB_STAFF[laboratory].includes(role))
}

/** The labs whose device templates the user may edit (the list's links read it). */
export function testPointLabsOf(user: Editor | null | undefined): AlkesLaboratory[] {
  return ALKES_LABORATORIES.filter((lab) => editsTestPointsOf(user, lab))
}

/** Why the user may not edit the test points of a device of this lab, or null when they may. */
export function testPointsRefusal(user: Editor | null | undefined, laboratory: unknown) {
  if (editsTestPointsOf(user, laboratory)) return null
  const lab = isLab(laboratory) ? LAB_NAMES[laboratory] : String(laboratory)
  return `Titik uji alat Laboratorium ${lab} hanya dapat diubah oleh kepala atau admin Laboratorium ${lab}.`
}
