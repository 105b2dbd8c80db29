import { useState, type ReactNode } from 'react'
import { Link } from '@inertiajs/react'
import { cn } from '~/lib/cn'

/** Tabs over panels; every panel stays in the page (hidden), so forms in them keep their input. */
export function Tabs({
  tabs,
  initial,
}: {
  tabs: { key: string; label: string; content: ReactNode }[]
  /** The tab open at first (when it is one of them); else the first. */
  initial?: string | null
}) {
  const [active, setActive] = useState(
    tabs.some((tab) => tab.key === initial) ? initial! : tabs[0]?.key
  )
  if (!tabs.length) return <p>Please provide tab items array</p>
  return (
    <div>
      <div
        role="tablist"
        className="flex gap-1 border-b border-slate-200 px-3 dark:border-slate-800"
      >
        {tabs.map((tab) => (
          <button
            key={tab.key}
            role="tab"
            type="button"
            aria-selected={active === tab.key}
            onClick={() => setActive(tab.key)}
            className={cn(
              'border-b-2 px-3 py-2 text-sm font-medium',
              active === tab.key
                ? 'border-brand-600 text-brand-700 dark:text-brand-100'
                : 'border-transparent text-slate-500'
            )}
          >
            {tab.label}
          </button>
        ))}
      </div>
      {tabs.map((tab) => (
        <div key={tab.key} role="tabpanel" hidden={active !== tab.key}>
          {tab.content}
        </div>
      ))}
    </div>
  )
}

/** Tabs that are pages: each a link the server gave, the current one marked. */
export function LinkTabs({
  tabs,
  label,
}: {
  tabs: { key: string; label: string; href: string; active: boolean }[]
  label: string
}) {
  return (
    <nav
      aria-label={label}
      className="mb-4 flex gap-1 overflow-x-auto border-b border-slate-200 dark:border-slate-800"
    >
      {tabs.map((tab) => (
        <Link
          key={tab.key}
          href={tab.href}
          aria-current={tab.active ? 'page' : undefined}
          className={cn(
            'whitespace-nowrap border-b-2 px-3 py-2 text-sm font-medium',
            tab.active
              ? 'border-brand-600 text-brand-700 dark:text-brand-100'
              : 'border-transparent text-slate-500 hover:text-slate-700'
          )}
        >
          {tab.label}
        </Link>
      ))}
    </nav>
  )
}
