/**
 * An order's billing state (issue 35, point 3), kept on the order (`orders.billing_state`) by
 * the invoice actions: what every order list shows, filters and sorts by, and what the
 * treasurer's tasks read. Its number is its order along the way, so sorting by it sorts by
 * how far the billing has come.
 */
export const BILLING_STATES = {
  belum_ditagih: { code: 0, label: 'Belum ditagih', tone: 'slate' },
  terbit: { code: 1, label: 'Tagihan terbit', tone: 'amber' },
  menunggu_konfirmasi: { code: 2, label: 'Bukti bayar menunggu konfirmasi', tone: 'sky' },
  lunas: { code: 3, label: 'Lunas', tone: 'emerald' },
} as const

export type BillingState = keyof typeof BILLING_STATES

export const BILLING_STATE_KEYS = Object.keys(BILLING_STATES) as BillingState[]

/** The state of a stored code (an unknown one reads as not billed). */
export function billingStateOf(code: unknown): BillingState {
  return (
    BILLING_STATE_KEYS.find((key) => BILLING_STATES[key].code === Number(code)) ?? 'belum_ditagih'
  )
}

/** As a row shows it: an issued invoice names its highest stage ("Tagihan 2 terbit"). */
export function billingLabel(state: BillingState, stage: number) {
  return state === 'terbit' && stage > 0 ? `Tagihan ${stage} terbit` : BILLING_STATES[state].label
}

/** The list filter's choices, as the server hands them to the page. */
export const BILLING_FILTER_OPTIONS = BILLING_STATE_KEYS.map((key) => ({
  value: key,
  label: BILLING_STATES[key].label,
}))
