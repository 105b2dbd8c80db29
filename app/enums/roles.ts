/**
 * Every role the spec names. A user may hold several; a facility login holds
 * exactly `fasyankes`.
 */
export const LABS = ['pk', 'ukpr', 'sarpras', 'pdp'] as const
export type Lab = (typeof LABS)[number]

export const ROLES = [
  'fasyankes',
  'yantek',
  'treasurer',
  'human_resource',
  'admin_pk',
  'head_of_pk_laboratory',
  'supervisor_of_pk_laboratory',
  'officer_pk',
  'admin_ukpr',
  'head_of_ukpr_laboratory',
  'supervisor_of_ukpr_laboratory',
  'officer_ukpr',
  'admin_sarpras',
  'head_of_sarpras_laboratory',
  'supervisor_of_sarpras_laboratory',
  'officer_sarpras',
  'admin_pdp',
  'head_of_pdp_laboratory',
  'supervisor_of_pdp_laboratory',
  'officer_pdp',
] as const

export type Role = (typeof ROLES)[number]

export const STAFF_ROLES = ROLES.filter((role) => role !== 'fasyankes')

export const ROLE_LABELS: Record<Role, string> = {
  fasyankes: 'Fasyankes',
  yantek: 'Pelayanan Teknik',
  treasurer: 'Bendahara',
  human_resource: 'Kepegawaian',
  admin_pk: 'Admin Lab. PK',
  head_of_pk_laboratory: 'Kepala Lab. PK',
  supervisor_of_pk_laboratory: 'Penyelia Lab. PK',
  officer_pk: 'Petugas PK',
  admin_ukpr: 'Admin Lab. UKPR',
  head_of_ukpr_laboratory: 'Kepala Lab. UKPR',
  supervisor_of_ukpr_laboratory: 'Penyelia Lab. UKPR',
  officer_ukpr: 'Petugas UKPR',
  admin_sarpras: 'Admin Lab. Sarpras',
  head_of_sarpras_laboratory: 'Kepala Lab. Sarpras',
  supervisor_of_sarpras_laboratory: 'Penyelia Lab. Sarpras',
  officer_sarpras: 'Petugas Sarpras',
  admin_pdp: 'Admin Lab. PDP',
  head_of_pdp_laboratory: 'Kepala Lab. PDP',
  supervisor_of_pdp_laboratory: 'Penyelia Lab. PDP',
  officer_pdp: 'Petugas PDP',
}

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value)
}
