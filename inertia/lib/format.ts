/** `Rp 1.250.000`: whole rupiah, Indonesian grouping. */
export function formatRupiah(amount: number | null | undefined) {
  if (amount === null || amount === undefined || Number.isNaN(amount)) return '-'
  return `Rp ${Math.round(amount).toLocaleString('id-ID')}`
}

/** Quantity-like inputs: minimum 0, anything non-numeric becomes 0 (spec part 1, section 5). */
export function toNonNegativeInt(value: string) {
  const number = Number.parseInt(value, 10)
  return Number.isFinite(number) && number > 0 ? number : 0
}

export { MONTHS } from '#shared/months'

/** A stored value as a text field shows it: empty for none. */
export const fieldText = (value: string | number | null | undefined) =>
  value === null || value === undefined ? '' : String(value)
