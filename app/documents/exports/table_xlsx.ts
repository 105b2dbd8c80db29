import { PassThrough } from 'node:stream'
import ExcelJS from 'exceljs'
import {
  filterSummary,
  ROWS_PER_CHECK,
  waitForReader,
  type Cell,
  type TableHead,
} from '#documents/exports/table_document'
import type { SheetCell } from '#queries/datatable'

const NUMBER_FORMATS: Record<SheetCell<unknown>['format'], string> = {
  number: '#,##0',
  rupiah: '"Rp" #,##0',
  date: 'dd/mm/yyyy',
  datetime: 'dd/mm/yyyy hh:mm',
}

/**
 * Streams an .xlsx with exceljs' streaming writer: rows are committed as they
 * come, and written no faster than they are downloaded, so memory stays flat however many
 * rows the filter matches. Dates arrive as the lab's wall clock written as UTC (exportCells).
 */
export function tableXlsx(doc: TableHead, rows: AsyncIterable<Cell[]>) {
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
        style: column.format ? { numFmt: NUMBER_FORMATS[column.format] } : {},
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
    for await (const cells of rows) {
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
    await workbook.commit()
  }

  write().catch((error) => stream.destroy(error))
  return stream
}
