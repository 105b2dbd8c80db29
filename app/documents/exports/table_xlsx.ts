import { PassThrough } from 'node:stream'
import ExcelJS from 'exceljs'
import {
  cellText,
  filterSummary,
  ROWS_PER_CHECK,
  waitForReader,
  type TableDocument,
} from '#documents/exports/table_document'
import type { ExportColumn, SheetCell } from '#queries/datatable'
import { labClock } from '#services/format'

const NUMBER_FORMATS: Record<SheetCell<unknown>['format'], string> = {
  number: '#,##0',
  rupiah: '"Rp" #,##0',
  date: 'dd/mm/yyyy',
  datetime: 'dd/mm/yyyy hh:mm',
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

function sheetValue<Row>(column: ExportColumn<Row>, row: Row) {
  if (!column.sheet) return cellText(column, row)
  const value = column.sheet.value(row)
  if (value === null || value === '') return null
  if (column.sheet.format === 'date' || column.sheet.format === 'datetime')
    return wallClock(String(value))
  return Number(value)
}

/**
 * Streams an .xlsx with exceljs' streaming writer: rows are committed as they
 * come, and written no faster than they are downloaded, so memory stays flat however many
 * rows the filter matches.
 */
export function tableXlsx<Row>(doc: TableDocument<Row>) {
  const stream = new PassThrough()
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream,
    useStyles: true,
    useSharedStrings: false,
  })
  workbook.creator = 'Kalibra'

  const write = async () => {
    const sheet = workbook.addWorksheet('Data', { views: [{ state: 'frozen', ySplit: 5 }] })
    sheet.columns = [
      { width: 6 },
      ...doc.columns.map((column) => ({
        width: 14 * (column.width ?? 1),
        style: column.sheet ? { numFmt: NUMBER_FORMATS[column.sheet.format] } : {},
      })),
    ]
    sheet.addRow([doc.title]).font = { bold: true, size: 14 }
    sheet.addRow([`Filter: ${filterSummary(doc.filters)}`])
    sheet.addRow([`Dicetak: ${doc.printedAt}`])
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
    for await (const row of doc.rows) {
      number++
      sheet.addRow([number, ...doc.columns.map((column) => sheetValue(column, row))]).commit()
      if (number % ROWS_PER_CHECK === 0) await waitForReader(stream)
    }
    if (doc.totals?.length) sheet.addRow([]).commit()
    for (const total of doc.totals ?? []) {
      const line = sheet.addRow([total.label, total.value])
      line.font = { bold: true }
      line.commit()
    }
    sheet.commit()
    await workbook.commit()
  }

  write().catch((error) => stream.destroy(error))
  return stream
}
