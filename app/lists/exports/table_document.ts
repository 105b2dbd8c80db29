import { once } from 'node:events'
import type { PassThrough } from 'node:stream'
import { labClock } from '#services/format'
import type { Signatory } from '#documents/kit/document'
import type { AppliedFilter, ExportColumn, SheetCell } from '#lists/types'

/**
 * What a table export prints, in plain data (it crosses into the export's worker thread): a
 * title, the filters applied, the print date, the columns, and totals printed under the table
 * ("Total: 8 order, …"). The rows travel apart, as cells (see exportCells).
 */
export interface TableHead {
  title: string
  filters: AppliedFilter[]
  printedAt: string
  columns: { label: string; width?: number; format?: SheetCell<unknown>['format'] }[]
  totals?: AppliedFilter[]
  /** The PDF under the lab's letterhead (a report), not a plain title (a long list). */
  letterhead?: boolean
  /** Signature blocks under the PDF's table (a berita acara). */
  signatures?: Signatory[]
}

/** One table of a report: its title (a heading in the PDF, a sheet's name in Excel), its rows. */
export interface ReportSection {
  title: string
  /** The sheet's name when the title is longer than Excel's 31 characters. */
  sheet?: string
  columns: TableHead['columns']
  rows: Cell[][]
  totals?: AppliedFilter[]
}

/**
 * A report of several tables in one file (Laporan Layanan, Tahunan, Alkes): small aggregates,
 * so its rows travel with it. The PDF is under the letterhead, a section after another; the
 * workbook has a sheet per section.
 */
export interface ReportDocument {
  title: string
  filters: AppliedFilter[]
  printedAt: string
  sections: ReportSection[]
}

/** A report's section: its head for the file and its rows as the format's cells. */
export function reportSection<Row>(
  format: ExportFormat,
  title: string,
  columns: ExportColumn<Row>[],
  rows: Row[],
  totals?: AppliedFilter[]
): ReportSection {
  return {
    title,
    columns: tableHead({ title, filters: [], printedAt: '' }, columns).columns,
    rows: rows.map((row) => exportCells(format, columns, row)),
    totals,
  }
}

/** A cell as the file stores it: text for a PDF; text, a number or a date for a spreadsheet. */
export type Cell = string | number | Date | null

export type ExportFormat = 'pdf' | 'excel'

export function tableHead<Row>(
  head: Omit<TableHead, 'columns'>,
  columns: ExportColumn<Row>[]
): TableHead {
  return {
    ...head,
    columns: columns.map(({ label, width, sheet }) => ({ label, width, format: sheet?.format })),
  }
}

export function cellText<Row>(column: ExportColumn<Row>, row: Row): string {
  const value = column.value ? column.value(row) : (row as Record<string, unknown>)[column.key]
  return value === null || value === undefined || value === '' ? '-' : String(value)
}

/**
 * A spreadsheet date has no time zone: the lab's wall clock is written as if it were UTC,
 * which is how exceljs turns a Date into a serial day number.
 */
function wallClock(iso: string) {
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso)
  if (day) return new Date(Date.UTC(Number(day[1]), Number(day[2]) - 1, Number(day[3])))
  const moment = new Date(iso)
  if (Number.isNaN(moment.getTime())) return null
  const local = labClock(moment)
  return new Date(Date.UTC(local.year, local.month - 1, local.day, local.hour, local.minute))
}

function sheetValue<Row>(column: ExportColumn<Row>, row: Row): Cell {
  if (!column.sheet) return cellText(column, row)
  const value = column.sheet.value(row)
  if (value === null || value === '') return null
  if (column.sheet.format === 'date' || column.sheet.format === 'datetime')
    return wallClock(String(value))
  return Number(value)
}

/** A row's cells for the file: printed text for a PDF, typed values for a spreadsheet. */
export function exportCells<Row>(format: ExportFormat, columns: ExportColumn<Row>[], row: Row) {
  return format === 'pdf'
    ? columns.map((column) => cellText(column, row))
    : columns.map((column) => sheetValue(column, row))
}

export function filterSummary(filters: AppliedFilter[]) {
  return filters.length
    ? filters.map((f) => `${f.label}: ${f.value}`).join('; ')
    : 'Semua data (tanpa filter)'
}

/** Rows written between two looks at the reader (see waitForReader). */
export const ROWS_PER_CHECK = 200

/**
 * Waits while the file's reader is behind: what is written and not yet read stays within the
 * stream's buffer instead of growing with the export. A reader that was closed stops the
 * export (the rejection ends its writer).
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
