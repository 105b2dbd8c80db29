/** The labs an order's device lines belong to (spec part 2: PK, UKPR, Sarpras requests). */
export const SERVICE_LABS = ['pk', 'ukpr', 'sarpras'] as const
export type ServiceLab = (typeof SERVICE_LABS)[number]

export const LAB_LABELS: Record<ServiceLab, string> = {
  pk: 'PK',
  ukpr: 'UKPR',
  sarpras: 'Sarpras',
}
