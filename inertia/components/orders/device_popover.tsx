import { useEffect, useRef, useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { ChevronDown } from 'lucide-react'
import { StatusBadge } from '~/components/status_badge'
import type { Data } from '#generated/data'

/** The order's first lines (`/{type}/{id}/devices`) and how many more it has. */
type DeviceOutcomeRows = { devices: Data.OrderDevice.Variants['forPopover'][]; more: number }

const LINK = 'text-xs text-brand-700 hover:underline dark:text-brand-100'
const WIDTH = 384

/**
 * "N alat" on an order list: opens the order's device lines with each one's status, result
 * (TIDAK LAIK in red) and certificate (issue 35, point 4), read from `{href}` when opened. The
 * panel is fixed to the screen beside the button, so the table's scrolling never clips it.
 */
export function DevicePopover({ href, count }: { href: string; count: number }) {
  const [place, setPlace] = useState<{ top: number; left: number } | null>(null)
  const button = useRef<HTMLButtonElement>(null)
  const panel = useRef<HTMLDivElement>(null)
  const open = place !== null
  const answer = useQuery({
    queryKey: ['order-devices', href],
    enabled: open,
    staleTime: 60_000,
    queryFn: async ({ signal }) => {
      const response = await fetch(href, {
        headers: { Accept: 'application/json' },
        credentials: 'same-origin',
        signal,
      })
      if (!response.ok) throw new Error(`HTTP ${response.status}`)
      return (await response.json()) as DeviceOutcomeRows
    },
  })

  useEffect(() => {
    if (!open) return
    const close = (event: Event) => {
      const target = event.target as Node
      if (panel.current?.contains(target) || button.current?.contains(target)) return
      setPlace(null)
    }
    const escape = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setPlace(null)
        button.current?.focus()
      }
    }
    const away = () => setPlace(null)
    document.addEventListener('mousedown', close)
    document.addEventListener('keydown', escape)
    window.addEventListener('resize', away)
    window.addEventListener('scroll', away, true)
    return () => {
      document.removeEventListener('mousedown', close)
      document.removeEventListener('keydown', escape)
      window.removeEventListener('resize', away)
      window.removeEventListener('scroll', away, true)
    }
  }, [open])

  const toggle = () => {
    if (open || !button.current) return setPlace(null)
    const box = button.current.getBoundingClientRect()
    const width = Math.min(WIDTH, window.innerWidth - 16)
    setPlace({
      top: box.bottom + 4,
      left: Math.max(8, Math.min(box.left, window.innerWidth - width - 8)),
    })
  }

  return (
    <>
      <button
        ref={button}
        type="button"
        onClick={toggle}
        aria-expanded={open}
        className="inline-flex items-center gap-1 whitespace-nowrap text-brand-700 hover:underline dark:text-brand-100"
        data-testid="device-popover-button"
      >
        {count} alat <ChevronDown className="size-3.5" aria-hidden />
      </button>
      {place && (
        <div
          ref={panel}
          role="dialog"
          aria-label="Daftar alat"
          style={{ top: place.top, left: place.left, width: `min(${WIDTH}px, 100vw - 16px)` }}
          className="fixed z-50 max-h-96 overflow-y-auto rounded-lg border border-slate-200 bg-white p-3 text-left text-sm shadow-lg dark:border-slate-700 dark:bg-slate-900"
          data-testid="device-popover"
        >
          {answer.isPending && <p className="text-slate-500">Memuat alat…</p>}
          {answer.isError && <p className="text-red-600">Daftar alat tidak dapat dimuat.</p>}
          {answer.data && (
            <ul className="divide-y divide-slate-100 dark:divide-slate-800">
              {answer.data.devices.map((device) => (
                <li key={device.id} className="space-y-1 py-2 first:pt-0 last:pb-0">
                  <div className="flex items-start justify-between gap-2">
                    <p className="min-w-0 font-medium break-words">
                      {device.alkes_name}
                      {device.serial_number && (
                        <span className="block text-xs font-normal text-slate-500">
                          SN {device.serial_number}
                        </span>
                      )}
                    </p>
                    <div className="flex shrink-0 flex-wrap justify-end gap-1">
                      <StatusBadge status={device.status} tone={device.status_tone} />
                      {device.verdict && (
                        <StatusBadge status={device.verdict} tone={device.verdict_tone ?? ''} />
                      )}
                    </div>
                  </div>
                  {(device.certificate_number ||
                    device.certificate_href ||
                    device.verification_href) && (
                    <p className="flex flex-wrap items-center gap-x-3 text-xs">
                      {device.certificate_number && (
                        <span className="font-mono break-all">{device.certificate_number}</span>
                      )}
                      {device.certificate_href && (
                        <a
                          href={device.certificate_href}
                          target="_blank"
                          rel="noopener noreferrer"
                          className={LINK}
                        >
                          Unduh sertifikat
                        </a>
                      )}
                      {device.verification_href && (
                        <a
                          href={device.verification_href}
                          target="_blank"
                          rel="noopener noreferrer"
                          className={LINK}
                        >
                          Verifikasi
                        </a>
                      )}
                    </p>
                  )}
                </li>
              ))}
              {answer.data.more > 0 && (
                <li className="pt-2 text-xs text-slate-500">
                  dan {answer.data.more} alat lainnya pada halaman permintaan
                </li>
              )}
            </ul>
          )}
        </div>
      )}
    </>
  )
}
