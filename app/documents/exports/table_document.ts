import { once } from 'node:events'
import type { PassThrough } from 'node:stream'
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

/** Rows written between two looks at the reader (see waitForReader). */
export const ROWS_PER_CHECK = 200

/**
 * Waits while the file's reader (the download) is behind: what is written and not yet read
 * stays within the stream's buffer instead of growing with the export. A download that was
 * closed stops the export (the rejection ends its writer).
 */
export async function waitForReader(out: PassThrough) {
  if (out.writableNeedDrain && !out.destroyed) {
    const settled = new AbortController()
    const { signal } = settled
    await Promise.race([once(out, 'drain', { signal }), once(out, 'close', { signal })])
      .catch(() => {})
      .finally(() => settled.abort())
  }
  if (out.destroyed) throw new Error('Unduhan ditutup sebelum selesai')
}
