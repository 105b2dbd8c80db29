import type { ReactNode } from 'react'
import { Link } from '@inertiajs/react'
import { ArrowLeft } from 'lucide-react'
import { ThemeToggle } from '~/components/theme_toggle'
import { LABELS } from '~/lib/labels'

/** On paper the page is white even in the dark theme (the body's colours are the app's). */
const PRINT_STYLE =
  '@media print { html, body { background: #fff !important; color-scheme: light; } }'

/**
 * The frame of the public simulation page, the same signed in or not: a slim top bar with
 * the way back to / and the theme toggle. Nothing of it is printed.
 */
export function SimulationShell({ children }: { children: ReactNode }) {
  return (
    <div className="min-h-screen bg-gradient-to-br from-brand-50 via-white to-slate-100 dark:from-slate-950 dark:via-slate-900 dark:to-slate-950 print:min-h-0 print:bg-none">
      <style>{PRINT_STYLE}</style>
      <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur dark:border-slate-800 dark:bg-slate-900/95 print:hidden">
        <div className="mx-auto flex h-14 max-w-6xl items-center gap-3 px-4">
          <Link
            href="/"
            className="inline-flex items-center gap-1 rounded-md px-2 py-1.5 text-sm font-medium text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800"
          >
            <ArrowLeft className="size-4" /> Kembali
          </Link>
          <span className="text-lg font-semibold text-brand-700 dark:text-brand-100">
            {LABELS.appName}
          </span>
          <div className="ml-auto">
            <ThemeToggle />
          </div>
        </div>
      </header>
      <main className="mx-auto max-w-6xl px-4 pt-6 pb-24 lg:pb-10 print:max-w-none print:p-0">
        {children}
      </main>
    </div>
  )
}
