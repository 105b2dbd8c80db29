import PDFDocument from 'pdfkit'
import { cellText, filterSummary, type TableDocument } from '#exports/table_document'

const MARGIN = 36
const FONT_SIZE = 8
const PADDING = 3

/**
 * Streams a landscape A4 table with pdfkit, row by row, so an export of tens
 * of thousands of rows stays flat in memory. Headers repeat on every page.
 */
export function tablePdf<Row>(doc: TableDocument<Row>) {
  const pdf = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    margin: MARGIN,
    bufferPages: false,
  })
  pdf.info.Title = doc.title
  pdf.info.Creator = 'Kalibra'

  const columns = [{ key: '__no', label: 'No', width: 0.5 }, ...doc.columns]
  const usable = pdf.page.width - MARGIN * 2
  const totalWeight = columns.reduce((sum, column) => sum + (column.width ?? 1), 0)
  const widths = columns.map((column) => (usable * (column.width ?? 1)) / totalWeight)
  const bottom = () => pdf.page.height - MARGIN

  const drawRow = (cells: string[], bold: boolean) => {
    pdf.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(FONT_SIZE)
    const heights = cells.map((text, i) =>
      pdf.heightOfString(text, { width: widths[i] - PADDING * 2 })
    )
    const height = Math.max(...heights) + PADDING * 2
    if (pdf.y + height > bottom()) {
      pdf.addPage()
      if (!bold)
        drawRow(
          columns.map((c) => c.label),
          true
        )
      pdf.font('Helvetica').fontSize(FONT_SIZE)
    }
    const top = pdf.y
    let x = MARGIN
    cells.forEach((text, i) => {
      if (bold)
        pdf.rect(x, top, widths[i], height).fillAndStroke('#e5e7eb', '#9ca3af').fillColor('#111827')
      else pdf.rect(x, top, widths[i], height).stroke('#9ca3af')
      pdf.text(text, x + PADDING, top + PADDING, { width: widths[i] - PADDING * 2 })
      x += widths[i]
    })
    pdf.x = MARGIN
    pdf.y = top + height
  }

  const render = async () => {
    pdf.font('Helvetica-Bold').fontSize(14).text(doc.title, { align: 'center' })
    pdf.moveDown(0.3)
    pdf.font('Helvetica').fontSize(9)
    pdf.text(`Filter: ${filterSummary(doc.filters)}`)
    pdf.text(`Dicetak: ${doc.printedAt}`)
    pdf.moveDown(0.5)
    drawRow(
      columns.map((c) => c.label),
      true
    )
    let number = 0
    for await (const row of doc.rows) {
      number++
      drawRow([String(number), ...doc.columns.map((column) => cellText(column, row))], false)
    }
    if (number === 0) pdf.moveDown().text('Data Masih Kosong', { align: 'center' })
    pdf.end()
  }

  render().catch((error) => pdf.emit('error', error))
  return pdf
}
