import { PassThrough } from 'node:stream'
import ExcelJS from 'exceljs'
import { cellText, filterSummary, type TableDocument } from '#documents/exports/table_document'

/**
 * Streams an .xlsx with exceljs' streaming writer: rows are committed as they
 * come, so memory stays flat however many rows the filter matches.
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
      ...doc.columns.map((column) => ({ width: 14 * (column.width ?? 1) })),
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
    let number = 0
    for await (const row of doc.rows) {
      number++
      sheet.addRow([number, ...doc.columns.map((column) => cellText(column, row))]).commit()
    }
    sheet.commit()
    await workbook.commit()
  }

  write().catch((error) => stream.destroy(error))
  return stream
}
