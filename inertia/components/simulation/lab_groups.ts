import type { BasketGroup, PricedItem } from '#shared/simulation_basket'

/** A lab's part of the basket, with the lab's names, as the summary and the estimate show it. */
export type LabGroup = BasketGroup<PricedItem> & { label: string; shortLabel: string }
