import { useEffect, useRef, useState } from 'react'
import { Button } from '~/components/ui/button'
import { controlClass } from '~/components/ui/field'
import { cn } from '~/lib/cn'

/** Spec part 1 section 9: the scan input submits after a 500 ms pause. */
export const SCAN_PAUSE_MS = 500

/**
 * A serial number typed by hand (Input: Enter or the button) or by a hand-held barcode scanner
 * (Scan: it types fast, then pauses, and the pause submits). The input is cleared after each
 * submission, whatever the answer, so the next scan starts clean.
 */
export function SerialScanner({
  label,
  onSerial,
  busy,
}: {
  label: string
  onSerial: (serial: string) => Promise<void>
  busy?: boolean
}) {
  const [mode, setMode] = useState<'scan' | 'input'>('scan')
  const [value, setValue] = useState('')
  const input = useRef<HTMLInputElement>(null)

  const submit = async (serial: string) => {
    const trimmed = serial.trim()
    if (!trimmed) return
    setValue('')
    await onSerial(trimmed)
    input.current?.focus()
  }

  useEffect(() => {
    if (mode !== 'scan' || !value.trim()) return
    const timer = setTimeout(() => submit(value), SCAN_PAUSE_MS)
    return () => clearTimeout(timer)
  }, [value, mode])

  return (
    <div className="space-y-2">
      <div role="radiogroup" aria-label="Mode nomor seri" className="flex gap-2 text-sm">
        {(['scan', 'input'] as const).map((option) => (
          <label key={option} className="flex items-center gap-1">
            <input
              type="radio"
              name="serial-mode"
              checked={mode === option}
              onChange={() => setMode(option)}
            />
            {option === 'scan' ? 'Scan' : 'Input'}
          </label>
        ))}
      </div>
      <div className="flex gap-2">
        <input
          ref={input}
          aria-label={label}
          placeholder={mode === 'scan' ? 'Pindai nomor seri…' : 'Ketik nomor seri lalu Enter'}
          value={value}
          disabled={busy}
          onChange={(event) => setValue(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault()
              submit(value)
            }
          }}
          className={cn(controlClass(), 'font-mono')}
          autoComplete="off"
        />
        {mode === 'input' && (
          <Button type="button" variant="secondary" onClick={() => submit(value)} disabled={busy}>
            Tambah
          </Button>
        )}
      </div>
    </div>
  )
}
