import type { PageLink } from '~/components/data_table/use_table_query'
import { cn } from '~/lib/cn'

function pageOf(link: PageLink) {
  if (!link.url) return null
  const page = Number(new URL(link.url, window.location.origin).searchParams.get('page'))
  return Number.isInteger(page) && page > 0 ? page : null
}

function decode(label: string) {
  return label.replace('&laquo;', '«').replace('&raquo;', '»')
}

/** The server's condensed pager links: previous, pages with '...' gaps, next. */
export function Pager({ links, onPage }: { links: PageLink[]; onPage: (page: number) => void }) {
  return (
    <nav aria-label="Halaman" className="flex flex-wrap items-center gap-1">
      {links.map((link, index) => {
        const page = pageOf(link)
        const label = decode(link.label)
        const isEdge = index === 0 || index === links.length - 1
        if (link.label === '...') {
          return (
            <span key={`gap-${index}`} className="px-2 text-slate-400">
              ...
            </span>
          )
        }
        return (
          <button
            key={`${link.label}-${index}`}
            type="button"
            disabled={page === null || link.active}
            onClick={() => page && onPage(page)}
            aria-current={link.active ? 'page' : undefined}
            aria-label={isEdge ? label.replace(/[«»]/g, '').trim() : `Halaman ${label}`}
            className={cn(
              'min-w-9 rounded-md border px-2.5 py-1.5 text-sm',
              link.active
                ? 'border-brand-600 bg-brand-600 text-white'
                : 'border-slate-300 bg-white hover:bg-slate-50 disabled:opacity-40 dark:border-slate-700 dark:bg-slate-900 dark:hover:bg-slate-800'
            )}
          >
            {isEdge ? <span aria-hidden="true">{index === 0 ? '«' : '»'}</span> : label}
          </button>
        )
      })}
    </nav>
  )
}
