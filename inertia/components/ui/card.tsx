import type { ReactNode } from 'react'
import { Link } from '@inertiajs/react'
import { ArrowLeft } from 'lucide-react'
import { buttonClass } from '~/components/ui/button'
import { cn } from '~/lib/cn'

export function Card({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <section
      className={cn(
        'rounded-lg border border-slate-200 bg-white shadow-sm dark:border-slate-800 dark:bg-slate-900',
        className
      )}
    >
      {children}
    </section>
  )
}

/** A titled part of a card (a step of a page: its table, its form). */
export function CardSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="space-y-3 p-4">
      <h2 className="font-semibold">{title}</h2>
      {children}
    </div>
  )
}

export function PageHeader({
  title,
  subtitle,
  actions,
  backHref,
}: {
  title: string
  subtitle?: ReactNode
  actions?: ReactNode
  /** Where "Kembali" leads; shown after the other actions. */
  backHref?: string
}) {
  return (
    <div className="mb-4 flex flex-wrap items-end justify-between gap-3">
      <div>
        <h1 className="text-xl font-semibold text-slate-900 dark:text-slate-100">{title}</h1>
        {subtitle && <p className="mt-1 text-sm text-slate-500 dark:text-slate-400">{subtitle}</p>}
      </div>
      {(actions || backHref) && (
        <div className="flex flex-wrap gap-2">
          {actions}
          {backHref && (
            <Link href={backHref} className={buttonClass('secondary')}>
              <ArrowLeft className="size-4" /> Kembali
            </Link>
          )}
        </div>
      )}
    </div>
  )
}
