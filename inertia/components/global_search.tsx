import { useEffect, useRef, useState } from 'react'
import { Link, router } from '@inertiajs/react'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Search, X } from 'lucide-react'
import { controlClass } from '~/components/ui/field'
import { cn } from '~/lib/cn'
import { useDebounced } from '~/lib/use_debounced'

type Hit = { kind: string; kindLabel: string; title: string; subtitle: string; href: string }
type Answer = { query: string; results: Hit[]; message: string | null }

async function ask(query: string, signal: AbortSignal) {
  const response = await fetch(`/search?${new URLSearchParams({ q: query })}`, {
    headers: { Accept: 'application/json' },
    credentials: 'same-origin',
    signal,
  })
  if (!response.ok) throw new Error(`HTTP ${response.status}`)
  return (await response.json()) as Answer
}

/**
 * The top bar's search ("Telusuri": no label word a form field uses, so a field's label
 * finds that field only): an order number, a facility, a serial number or a certificate
 * number, answered by the server within what this user may see. On a phone it opens from
 * an icon across the bar.
 */
export function GlobalSearch() {
  const [term, setTerm] = useState('')
  const [open, setOpen] = useState(false)
  const [expanded, setExpanded] = useState(false)
  // The result Enter opens; the arrows move it.
  const [active, setActive] = useState(0)
  const queryClient = useQueryClient()
  const box = useRef<HTMLDivElement>(null)
  const debounced = useDebounced(term.trim(), 300)
  const answer = useQuery({
    queryKey: ['global-search', debounced],
    enabled: debounced.length >= 2,
    queryFn: ({ signal }) => ask(debounced, signal),
  })

  useEffect(() => {
    const close = (event: MouseEvent) => {
      if (box.current && !box.current.contains(event.target as Node)) setOpen(false)
    }
    document.addEventListener('mousedown', close)
    return () => document.removeEventListener('mousedown', close)
  }, [])

  const hits = answer.data?.query === debounced ? answer.data.results : []
  const showPanel = open && debounced.length >= 2
  const visit = (hit: Hit | undefined) => {
    if (!hit) return
    setOpen(false)
    setExpanded(false)
    router.visit(hit.href)
  }
  // Enter opens the chosen result, the first by default; typed faster than the answer, it
  // asks at once and opens the first.
  const enter = async () => {
    const typed = term.trim()
    if (typed.length < 2) return
    if (typed === debounced && hits.length) return visit(hits[active] ?? hits[0])
    const found = await queryClient.fetchQuery({
      queryKey: ['global-search', typed],
      queryFn: ({ signal }) => ask(typed, signal),
    })
    visit(found.results[0])
  }
  return (
    <div
      ref={box}
      className={cn(
        'relative sm:w-72',
        // On a phone the opened box covers the top bar, so it and its results get the full width.
        expanded &&
          'max-sm:fixed max-sm:inset-x-0 max-sm:top-0 max-sm:z-40 max-sm:flex max-sm:h-14 max-sm:items-center max-sm:bg-white max-sm:px-3 max-sm:dark:bg-slate-900'
      )}
    >
      <button
        type="button"
        className={cn('rounded-md p-2 text-slate-600 sm:hidden', expanded && 'hidden')}
        aria-label="Buka kotak telusur"
        onClick={() => {
          setExpanded(true)
          setOpen(true)
        }}
      >
        <Search className="size-5" />
      </button>
      <div className={cn('relative', expanded ? 'block max-sm:flex-1' : 'hidden sm:block')}>
        <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400" />
        <input
          type="text"
          role="combobox"
          aria-expanded={showPanel}
          aria-controls="global-search-results"
          aria-activedescendant={
            showPanel && hits[active] ? `global-search-hit-${active}` : undefined
          }
          aria-label="Telusuri"
          title="Telusuri nomor permintaan, fasyankes, nomor seri, atau nomor sertifikat"
          placeholder="Telusuri nomor, fasyankes, SN, sertifikat..."
          value={term}
          autoFocus={expanded}
          onChange={(event) => {
            setTerm(event.target.value)
            setActive(0)
            setOpen(true)
          }}
          onFocus={() => setOpen(true)}
          onKeyDown={(event) => {
            if (event.key === 'Escape') {
              setOpen(false)
              setExpanded(false)
            } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
              event.preventDefault()
              setOpen(true)
              const step = event.key === 'ArrowDown' ? 1 : -1
              if (hits.length) setActive((active + step + hits.length) % hits.length)
            } else if (event.key === 'Enter') {
              event.preventDefault()
              enter().catch(() => {})
            }
          }}
          className={cn(controlClass(), 'py-1.5 pr-8 pl-9')}
        />
        {(expanded || term) && (
          <button
            type="button"
            aria-label="Tutup kotak telusur"
            className="absolute top-1/2 right-2 -translate-y-1/2 text-slate-400"
            onClick={() => {
              setTerm('')
              setExpanded(false)
              setOpen(false)
            }}
          >
            <X className="size-4" />
          </button>
        )}
      </div>
      {showPanel && (
        <div
          id="global-search-results"
          role="listbox"
          aria-label="Temuan"
          className="absolute top-full right-0 left-0 z-30 mt-1 max-sm:right-3 max-sm:left-3 max-h-96 overflow-y-auto rounded-md border border-slate-200 bg-white py-1 shadow-lg sm:min-w-96 dark:border-slate-700 dark:bg-slate-900"
        >
          {answer.isFetching && !hits.length && (
            <p className="px-3 py-2 text-sm text-slate-500">Mencari...</p>
          )}
          {!answer.isFetching && answer.data?.message && (
            <p className="px-3 py-2 text-sm text-slate-500">{answer.data.message}</p>
          )}
          {answer.isError && (
            <p className="px-3 py-2 text-sm text-red-600">Pencarian gagal. Coba lagi.</p>
          )}
          {hits.map((hit, index) => (
            <Link
              key={`${hit.kind}-${hit.href}-${hit.title}`}
              id={`global-search-hit-${index}`}
              href={hit.href}
              role="option"
              aria-selected={index === active}
              onClick={() => {
                setOpen(false)
                setExpanded(false)
              }}
              className={cn(
                'block px-3 py-2 hover:bg-slate-50 focus:bg-slate-50 focus:outline-none dark:hover:bg-slate-800',
                index === active && 'bg-slate-100 dark:bg-slate-800'
              )}
            >
              <span className="block text-xs text-slate-500">{hit.kindLabel}</span>
              <span className="block text-sm font-medium">{hit.title}</span>
              {hit.subtitle && <span className="block text-xs text-slate-500">{hit.subtitle}</span>}
            </Link>
          ))}
        </div>
      )}
    </div>
  )
}
