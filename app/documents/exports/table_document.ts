import type { AppliedFilter, ExportColumn } from '#queries/datatable'

/** What a table export prints: a title, the filters applied, the print date, and every row. */
export interface TableDocument<Row> {
  title: string
  filters: AppliedFilter[]
  printedAt: string
  columns: ExportColumn<Row>[]
  rows: AsyncIterable<Row>
  /** Totals over every row, printed under the table ("Total: 8 order, …"). */
  totals?: AppliedFilter[]
}

export function cellText<Row>(column: ExportColumn<Row>, row: Row): string {
  const value = column.value ? column.value(row) : (row as Record<string, unknown>)[column.key]
  return value === null || value === undefined || value === '' ? '-' : String(value)
}

export function filterSummary(filters: AppliedFilter[]) {
  return filters.length
    ? filters.map((f) => `${f.label}: ${f.value}`).join('; ')
    : 'Semua data (tanpa filter)'
}
