import type { ReactNode } from 'react'
import type { Column } from '~/components/data_table/data_table'

export const YES_NO = [
  { value: '1', label: 'Ya' },
  { value: '0', label: 'Tidak' },
]

/** A column filtered by a text box; `filterKey` when the query parameter differs from the key. */
export function textColumn<Row>(
  key: string,
  header: string,
  placeholder: string,
  extra: Partial<Column<Row>> & { filterKey?: string } = {}
): Column<Row> {
  const { filterKey, ...rest } = extra
  return { key, header, filter: { key: filterKey, type: 'text', placeholder }, ...rest }
}

/** A column filtered by a drop-down of options. */
export function selectColumn<Row>(
  key: string,
  header: string,
  options: { value: string; label: string }[],
  extra: Partial<Column<Row>> & { filterKey?: string } = {}
): Column<Row> {
  const { filterKey, ...rest } = extra
  return { key, header, filter: { key: filterKey, type: 'select', options }, ...rest }
}

/** The phone card of a list row: a bold title, a muted line, then free content. */
export function RowCard({
  title,
  subtitle,
  children,
}: {
  title: ReactNode
  subtitle?: ReactNode
  children?: ReactNode
}) {
  return (
    <div>
      <p className="font-medium">{title}</p>
      {subtitle && <p className="text-sm text-slate-500">{subtitle}</p>}
      {children && <div className="mt-1 text-sm">{children}</div>}
    </div>
  )
}
