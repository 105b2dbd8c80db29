import { useRef, type KeyboardEvent } from 'react'
import { cn } from '~/lib/cn'

export type LabTab = { key: string; label: string; shortLabel: string; chosen: number }

/** The id of the one panel the tabs control (the page renders the active lab's list in it). */
export const PANEL_ID = 'simulation-panel'
export const tabId = (key: string) => `simulation-tab-${key}`

/**
 * The lab tabs: the full name from 768 px, the lab's short name on a phone, and how many units
 * are chosen in each. Arrow keys, Home and End move between them (one tab stop).
 */
export function LabTabs({
  tabs,
  active,
  onSelect,
}: {
  tabs: LabTab[]
  active: string
  onSelect: (key: string) => void
}) {
  const buttons = useRef<(HTMLButtonElement | null)[]>([])

  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const last = tabs.length - 1
    const next =
      event.key === 'ArrowRight'
        ? (index + 1) % tabs.length
        : event.key === 'ArrowLeft'
          ? (index - 1 + tabs.length) % tabs.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null
    if (next === null) return
    event.preventDefault()
    onSelect(tabs[next].key)
    buttons.current[next]?.focus()
  }

  return (
    <div
      role="tablist"
      aria-label="Laboratorium"
      className="grid grid-cols-3 gap-1 rounded-lg bg-slate-100 p-1 dark:bg-slate-800"
    >
      {tabs.map((tab, index) => {
        const selected = tab.key === active
        return (
          <button
            key={tab.key}
            ref={(element) => {
              buttons.current[index] = element
            }}
            id={tabId(tab.key)}
            type="button"
            role="tab"
            aria-selected={selected}
            aria-controls={PANEL_ID}
            tabIndex={selected ? 0 : -1}
            onClick={() => onSelect(tab.key)}
            onKeyDown={(event) => onKeyDown(event, index)}
            className={cn(
              'flex min-w-0 items-center justify-center gap-2 rounded-md px-2 py-2 text-sm font-medium transition-colors',
              'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500',
              selected
                ? 'bg-white text-brand-700 shadow-sm dark:bg-slate-900 dark:text-brand-100'
                : 'text-slate-600 hover:text-slate-900 dark:text-slate-300 dark:hover:text-white'
            )}
          >
            <span className="md:hidden">{tab.shortLabel}</span>
            <span className="text-balance max-md:hidden">{tab.label}</span>
            {tab.chosen > 0 && (
              <span
                className="shrink-0 rounded-full bg-brand-600 px-1.5 text-xs leading-5 text-white"
                aria-label={`${tab.chosen} unit dipilih`}
              >
                {tab.chosen}
              </span>
            )}
          </button>
        )
      })}
    </div>
  )
}
