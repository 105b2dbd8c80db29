import { useEffect, useRef, useState } from 'react'
import { ChevronDown, Download, FileSpreadsheet, FileText } from 'lucide-react'
import { Button } from '~/components/ui/button'
import { LABELS } from '~/lib/labels'

const FORMATS = [
  { key: 'pdf', label: LABELS.exportPdf, icon: FileText, tone: 'text-red-600' },
  { key: 'excel', label: LABELS.exportExcel, icon: FileSpreadsheet, tone: 'text-emerald-600' },
]

/** A list's own print page under `{list}/print/…` (the loan list's slips). */
export type ExtraExport = { key: string; label: string }

/**
 * Opens `{list}/print/pdf` and `{list}/print/excel` (and the list's own print pages, `extra`) in
 * a new tab with the table's current filters.
 */
export function ExportMenu({
  base,
  queryString,
  extra = [],
  phoneAlign = 'right',
}: {
  base: string
  queryString: string
  extra?: ExtraExport[]
  /** Where the menu opens on a phone: under a page header's button, which wraps to the left. */
  phoneAlign?: 'left' | 'right'
}) {
  const [open, setOpen] = useState(false)
  const ref = useRef<HTMLDivElement>(null)

  useEffect(() => {
    if (!open) return
    const close = (event: MouseEvent) => {
      if (!ref.current?.contains(event.target as Node)) setOpen(false)
    }
    document.addEventListener('mousedown', close)
    return () => document.removeEventListener('mousedown', close)
  }, [open])

  const item =
    'flex items-center gap-2 px-4 py-2 text-sm hover:bg-slate-100 dark:hover:bg-slate-800'
  return (
    <div className="relative" ref={ref}>
      <Button
        variant="secondary"
        onClick={() => setOpen(!open)}
        aria-expanded={open}
        aria-haspopup="menu"
      >
        <Download className="size-4" /> {LABELS.export} <ChevronDown className="size-4" />
      </Button>
      {open && (
        <div
          role="menu"
          className={`absolute ${phoneAlign === 'left' ? 'left-0 md:right-0 md:left-auto' : 'right-0'} z-20 mt-1 w-44 overflow-hidden rounded-md border border-slate-200 bg-white shadow-lg dark:border-slate-800 dark:bg-slate-900`}
        >
          {[
            ...FORMATS,
            ...extra.map((one) => ({ ...one, icon: FileText, tone: 'text-slate-500' })),
          ].map(({ key, label, icon: Icon, tone }) => (
            <a
              key={key}
              role="menuitem"
              className={item}
              href={`${base}/${key}?${queryString}`}
              target="_blank"
              rel="noopener noreferrer"
              onClick={() => setOpen(false)}
            >
              <Icon className={`size-4 ${tone}`} /> {label}
            </a>
          ))}
        </div>
      )}
    </div>
  )
}
