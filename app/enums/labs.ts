/** The labs an order's device lines belong to (spec part 2: PK, UKPR, Sarpras requests). */
export const SERVICE_LABS = ['pk', 'ukpr', 'sarpras'] as const
export type ServiceLab = (typeof SERVICE_LABS)[number]

export const LAB_LABELS: Record<ServiceLab, string> = {
  pk: 'PK',
  ukpr: 'UKPR',
  sarpras: 'Sarpras',
}

/** The head of each lab: estimates its work and picks its on-site team. */
export const LAB_HEADS = {
  pk: 'head_of_pk_laboratory',
  ukpr: 'head_of_ukpr_laboratory',
  sarpras: 'head_of_sarpras_laboratory',
} as const satisfies Record<ServiceLab, string>

/** The officers each lab's on-site team is chosen from. */
export const LAB_OFFICERS = {
  pk: 'officer_pk',
  ukpr: 'officer_ukpr',
  sarpras: 'officer_sarpras',
} as const satisfies Record<ServiceLab, string>
