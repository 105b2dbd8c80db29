export const FASYANKES_TYPES = ['Negeri', 'Swasta'] as const
export type FasyankesType = (typeof FASYANKES_TYPES)[number]
