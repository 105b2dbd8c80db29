import type { InputHTMLAttributes, ReactNode } from 'react'
import { TextField } from '~/components/ui/field'
import { formatRupiah } from '~/lib/format'

const GROUPED = /^[\d.\s]+$/

/** "1500000" shown as "1.500.000"; anything else (a minus sign, letters) as typed. */
const grouped = (digits: string) =>
  /^\d+$/.test(digits) ? digits.replace(/\B(?=(\d{3})+(?!\d))/g, '.') : digits

/**
 * An amount in rupiah typed as people write it: "1.500.000" or "1500000". The form keeps
 * the plain number ("1500000"); anything that is not a grouped number is kept as typed so
 * the server can explain what is wrong with it.
 */
export function RupiahField({
  label,
  value,
  error,
  onValue,
  ...props
}: Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'type'> & {
  label: string
  value: string
  error?: string
  onValue: (value: string) => void
}) {
  const amount = Number(value)
  const hint: ReactNode =
    value !== '' && /^\d+$/.test(value) && Number.isFinite(amount)
      ? formatRupiah(amount)
      : 'Rupiah, boleh dengan titik: 1.500.000'
  return (
    <TextField
      label={label}
      inputMode="numeric"
      autoComplete="off"
      value={grouped(value)}
      onChange={(event) => {
        const typed = event.target.value
        onValue(GROUPED.test(typed) ? typed.replace(/[.\s]/g, '') : typed)
      }}
      error={error}
      hint={hint}
      {...props}
    />
  )
}
