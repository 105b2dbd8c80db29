import type { ReactNode } from 'react'
import { cn } from '~/lib/cn'

/**
 * A report's figures as a table: it scrolls sideways inside its card when it has more columns
 * than the screen (months, years), never the page. Numbers align right.
 */
export function ReportTable({ caption, children }: { caption: string; children: ReactNode }) {
  return (
    <div className="relative overflow-x-auto rounded-md border border-slate-200 dark:border-slate-800">
      <table className="min-w-full text-sm">
        <caption className="sr-only">{caption}</caption>
        {children}
      </table>
    </div>
  )
}

export function Th({
  children,
  numeric,
  className,
  ...props
}: {
  children?: ReactNode
  numeric?: boolean
  className?: string
  colSpan?: number
  rowSpan?: number
}) {
  return (
    <th
      scope="col"
      className={cn(
        'bg-slate-50 px-3 py-2 text-xs font-semibold whitespace-nowrap text-slate-600 dark:bg-slate-800/60 dark:text-slate-300',
        numeric ? 'text-right' : 'text-left',
        className
      )}
      {...props}
    >
      {children}
    </th>
  )
}

export function Td({
  children,
  numeric,
  className,
}: {
  children?: ReactNode
  numeric?: boolean
  className?: string
}) {
  return (
    <td
      className={cn(
        'border-t border-slate-100 px-3 py-1.5 dark:border-slate-800',
        numeric && 'text-right tabular-nums',
        className
      )}
    >
      {children}
    </td>
  )
}

/** Spec part 2 section 9: 0 red, below 50 yellow, below 80 blue, above that green. */
const COVERAGE = {
  red: 'bg-red-100 text-red-800 dark:bg-red-900/40 dark:text-red-200',
  amber: 'bg-amber-100 text-amber-800 dark:bg-amber-900/40 dark:text-amber-200',
  blue: 'bg-blue-100 text-blue-800 dark:bg-blue-900/40 dark:text-blue-200',
  emerald: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-900/40 dark:text-emerald-200',
}

export function Percentage({ value, tone }: { value: number; tone: keyof typeof COVERAGE }) {
  return (
    <span
      data-tone={tone}
      className={cn('rounded px-1.5 py-0.5 text-xs font-semibold tabular-nums', COVERAGE[tone])}
    >
      {value.toLocaleString('id-ID')}%
    </span>
  )
}

export const count = (value: number) => value.toLocaleString('id-ID')
