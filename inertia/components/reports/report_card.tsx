import type { ReactNode } from 'react'
import type { UseQueryResult } from '@tanstack/react-query'
import { Card } from '~/components/ui/card'
import { cn } from '~/lib/cn'
import { ReportError } from '~/components/reports/use_report'

/**
 * A report's card: its title, then 'Loading', the spec's failure message in red, 'Data Tidak
 * Ditemukan' when the answer is empty, or the report itself.
 */
export function ReportCard<T>({
  title,
  subtitle,
  query,
  failure,
  isEmpty,
  children,
  className,
}: {
  title: string
  subtitle?: ReactNode
  query: UseQueryResult<T>
  /** Spec part 2 section 8: what the card says when its call fails. */
  failure: string
  isEmpty: (data: T) => boolean
  children: (data: T) => ReactNode
  className?: string
}) {
  const refusal = query.error instanceof ReportError ? query.error.refusal : null
  return (
    <Card className={cn('min-w-0', className)}>
      <div className="border-b border-slate-200 px-4 py-3 dark:border-slate-800">
        <h2 className="font-semibold">{title}</h2>
        {subtitle && <p className="text-xs text-slate-500 dark:text-slate-400">{subtitle}</p>}
      </div>
      <div className="p-4" aria-busy={query.isFetching}>
        {query.isPending ? (
          <p className="text-sm text-slate-500">Loading</p>
        ) : query.isError ? (
          <p role="alert" className="text-sm font-medium text-red-600 dark:text-red-400">
            {failure}
            {refusal && <span className="block font-normal">{refusal}</span>}
          </p>
        ) : isEmpty(query.data) ? (
          <p className="text-sm text-slate-500">Data Tidak Ditemukan</p>
        ) : (
          children(query.data)
        )}
      </div>
    </Card>
  )
}
