import { useState } from 'react'
import { Minus, Plus } from 'lucide-react'
import { cn } from '~/lib/cn'
import { MAX_QUANTITY, parseQuantity } from '#shared/simulation_basket'

const stepClass = cn(
  'inline-flex size-9 shrink-0 items-center justify-center rounded-md border border-slate-300 bg-white text-slate-700',
  'hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-40',
  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500',
  'dark:border-slate-700 dark:bg-slate-900 dark:text-slate-200 dark:hover:bg-slate-800'
)

/**
 * A quantity: − and + around a box that takes digits only (anything else typed or pasted is
 * left out); what is typed counts at once (above the maximum is the maximum, said under the
 * box); the box shows the counted number again when it loses focus.
 */
export function QuantityStepper({
  name,
  value,
  onChange,
}: {
  /** The device type's name, for the controls' accessible names. */
  name: string
  value: number
  onChange: (quantity: number) => void
}) {
  // What is being typed; null shows the counted value.
  const [draft, setDraft] = useState<string | null>(null)
  const [capped, setCapped] = useState(false)

  const step = (quantity: number) => {
    setDraft(null)
    setCapped(false)
    onChange(quantity)
  }

  return (
    <div className="space-y-1">
      <div className="flex items-center gap-1">
        <button
          type="button"
          className={stepClass}
          aria-label={`Kurangi ${name}`}
          disabled={value <= 0}
          onClick={() => step(value - 1)}
        >
          <Minus className="size-4" />
        </button>
        <input
          type="text"
          inputMode="numeric"
          autoComplete="off"
          maxLength={6}
          aria-label={`Jumlah ${name}`}
          value={draft ?? String(value)}
          onFocus={(event) => event.target.select()}
          pattern="[0-9]*"
          onChange={(event) => {
            // Digits only: anything else typed or pasted is left out of the box.
            const digits = event.target.value.replace(/\D/g, '')
            const parsed = parseQuantity(digits)
            setDraft(digits)
            setCapped(parsed.capped)
            onChange(parsed.quantity)
          }}
          onBlur={() => setDraft(null)}
          className={cn(
            'h-9 w-14 rounded-md border bg-white px-1 text-center text-sm tabular-nums shadow-sm',
            'focus:border-brand-500 focus:ring-2 focus:ring-brand-500/30 focus:outline-none',
            'dark:bg-slate-900 dark:text-slate-100',
            capped ? 'border-amber-500' : 'border-slate-300 dark:border-slate-700'
          )}
        />
        <button
          type="button"
          className={stepClass}
          aria-label={`Tambah ${name}`}
          disabled={value >= MAX_QUANTITY}
          onClick={() => step(value + 1)}
        >
          <Plus className="size-4" />
        </button>
      </div>
      {capped && (
        <p role="status" className="text-xs text-amber-700 dark:text-amber-300">
          Maksimal {MAX_QUANTITY} unit per alat.
        </p>
      )}
    </div>
  )
}
