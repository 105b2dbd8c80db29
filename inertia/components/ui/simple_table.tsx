import type { Key, ReactNode } from 'react'
import { Link } from '@inertiajs/react'
import { cn } from '~/lib/cn'

export type SimpleColumn<T> = {
  header: string
  cell: (row: T, index: number) => ReactNode
  /** Classes of this column's cells at every width (for example `whitespace-nowrap`). */
  className?: string
}

/** A column whose cell links the row to its own page (an order's number, say). */
export function linkColumn<T>(
  header: string,
  href: (row: T) => string,
  text: (row: T) => ReactNode,
  className = 'font-medium text-brand-700 hover:underline dark:text-brand-100'
): SimpleColumn<T> {
  return {
    header,
    cell: (row) => (
      <Link href={href(row)} className={className}>
        {text(row)}
      </Link>
    ),
  }
}

/**
 * A plain table of rows. Below the `sm` breakpoint every row becomes a card: the header row
 * hides and each cell shows its column's header beside it, so a phone never scrolls sideways.
 * One DOM for both widths, so what a test or a screen reader finds does not depend on width.
 */
export function SimpleTable<T>({
  columns,
  rows,
  rowKey = (row, index) => (row as { id?: Key }).id ?? index,
  rowClassName,
  empty = 'Data Masih Kosong',
  className,
  stickyHeader,
}: {
  columns: (SimpleColumn<T> | false | null | undefined)[]
  rows: T[]
  /** Each row's React key; by default its `id`, else its place. */
  rowKey?: (row: T, index: number) => Key
  rowClassName?: (row: T) => string | undefined
  empty?: string
  className?: string
  stickyHeader?: boolean
}) {
  const shown = columns.filter((column): column is SimpleColumn<T> => !!column)
  return (
    <div className={cn('overflow-x-auto', className)}>
      <table className="w-full text-sm max-sm:block">
        <thead
          className={cn(
            'bg-slate-50 text-left text-xs text-slate-500 uppercase max-sm:hidden dark:bg-slate-800',
            stickyHeader && 'sticky top-0 z-10'
          )}
        >
          <tr>
            {shown.map((column) => (
              <th key={column.header} className="px-3 py-2">
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 max-sm:block dark:divide-slate-800">
          {rows.length === 0 && (
            <tr className="max-sm:block">
              <td
                colSpan={shown.length}
                className="px-3 py-6 text-center text-slate-500 max-sm:block"
              >
                {empty}
              </td>
            </tr>
          )}
          {rows.map((row, index) => (
            <tr
              key={rowKey(row, index)}
              className={cn('align-top max-sm:block max-sm:py-2', rowClassName?.(row))}
            >
              {shown.map((column) => (
                <td
                  key={column.header}
                  data-label={column.header}
                  className={cn(
                    'px-3 py-2',
                    'max-sm:flex max-sm:items-start max-sm:justify-between max-sm:gap-4 max-sm:py-1 max-sm:text-right',
                    'max-sm:before:shrink-0 max-sm:before:text-left max-sm:before:text-xs max-sm:before:text-slate-500 max-sm:before:content-[attr(data-label)]',
                    column.className
                  )}
                >
                  {column.cell(row, index)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
