import { PassThrough } from 'node:stream'
import ExcelJS from 'exceljs'
import {
  filterSummary,
  ROWS_PER_CHECK,
  waitForReader,
  type Cell,
  type ReportDocument,
  type TableHead,
} from '#lists/exports/table_document'
import type { AppliedFilter, SheetCell } from '#lists/types'

const NUMBER_FORMATS: Record<SheetCell<unknown>['format'], string> = {
  number: '#,##0',
  decimal: '#,##0.00',
  rupiah: '"Rp" #,##0',
  date: 'dd/mm/yyyy',
  datetime: 'dd/mm/yyyy hh:mm',
}

/** One sheet of the workbook: its name, title, columns, rows and totals. */
interface Sheet {
  name: string
  title: string
  columns: TableHead['columns']
  rows: AsyncIterable<Cell[]> | Iterable<Cell[]>
  totals?: AppliedFilter[]
}

/** A sheet name Excel accepts: none of its forbidden characters, at most 31 long, unique. */
function sheetName(title: string, taken: Set<string>) {
  const base =
    title
      .replace(/[\\/?*[\]:]/g, ' ')
      .slice(0, 31)
      .trim() || 'Data'
  let name = base
  for (let n = 2; taken.has(name.toLowerCase()); n++) name = `${base.slice(0, 28)} ${n}`
  taken.add(name.toLowerCase())
  return name
}

/**
 * Streams an .xlsx with exceljs' streaming writer: rows are committed as they
 * come, and written no faster than they are downloaded, so memory stays flat however many
 * rows the filter matches. Dates arrive as the lab's wall clock written as UTC (exportCells).
 */
function tablesXlsx(head: Omit<TableHead, 'columns'>, sheets: Sheet[]) {
  const stream = new PassThrough()
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream,
    useStyles: true,
    useSharedStrings: false,
  })
  workbook.creator = 'Kalibra'

  const writeSheet = async (doc: Sheet) => {
    const sheet = workbook.addWorksheet(doc.name, { views: [{ state: 'frozen', ySplit: 5 }] })
    sheet.columns = [
      { width: 6 },
      ...doc.columns.map((column) => ({
        width: 14 * (column.width ?? 1),
        style: column.format ? { numFmt: NUMBER_FORMATS[column.format] } : {},
      })),
    ]
    sheet.addRow([doc.title]).font = { bold: true, size: 14 }
    sheet.addRow([`Filter: ${filterSummary(head.filters)}`])
    sheet.addRow([`Dicetak: ${head.printedAt}`])
    sheet.addRow([])
    const header = sheet.addRow(['No', ...doc.columns.map((column) => column.label)])
    header.font = { bold: true }
    header.eachCell((cell) => {
      cell.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFE5E7EB' } }
      cell.border = { bottom: { style: 'thin' } }
    })
    header.commit()
    // Each header gets a filter drop-down, as a spreadsheet user expects.
    sheet.autoFilter = {
      from: { row: header.number, column: 1 },
      to: { row: header.number, column: doc.columns.length + 1 },
    }
    let number = 0
    for await (const cells of doc.rows) {
      number++
      sheet.addRow([number, ...cells]).commit()
      if (number % ROWS_PER_CHECK === 0) await waitForReader(stream)
    }
    if (doc.totals?.length) sheet.addRow([]).commit()
    for (const total of doc.totals ?? []) {
      const line = sheet.addRow([total.label, total.value])
      line.font = { bold: true }
      line.commit()
    }
    sheet.commit()
  }

  const write = async () => {
    for (const sheet of sheets) await writeSheet(sheet)
    await workbook.commit()
  }

  write().catch((error) => stream.destroy(error))
  return stream
}

/** A list export: one sheet, `Data`. */
export function tableXlsx(doc: TableHead, rows: AsyncIterable<Cell[]>) {
  return tablesXlsx(doc, [{ ...doc, name: 'Data', rows }])
}

/** A report of several tables: a sheet per table, each titled, with the report's filters. */
export function reportXlsx(report: ReportDocument) {
  const taken = new Set<string>()
  return tablesXlsx(
    report,
    report.sections.map((section) => ({
      ...section,
      name: sheetName(section.sheet ?? section.title, taken),
      title: `${report.title}: ${section.title}`,
    }))
  )
}
