import { createDocument } from '#documents/kit/document'
import { cellText, filterSummary, type TableDocument } from '#documents/exports/table_document'

/**
 * A list export as PDF: landscape, the list's title, the filters applied and
 * the print date, then every row streamed into the kit's table (its header
 * repeats on every page), so tens of thousands of rows stay flat in memory.
 */
export function tablePdf<Row>(doc: TableDocument<Row>) {
  const writer = createDocument({ title: doc.title, layout: 'landscape', letterhead: false })
  const render = async () => {
    writer
      .title(doc.title)
      .note(`Filter: ${filterSummary(doc.filters)}`, `Dicetak: ${doc.printedAt}`)
    const table = writer.table(
      [
        { label: 'No', width: 0.5 },
        ...doc.columns.map((column) => ({ label: column.label, width: column.width })),
      ],
      { fontSize: 8 }
    )
    let number = 0
    for await (const row of doc.rows) {
      number++
      table.row([number, ...doc.columns.map((column) => cellText(column, row))])
    }
    table.end('Data Masih Kosong')
    if (doc.totals?.length)
      writer.note(...doc.totals.map((total) => `${total.label}: ${total.value}`))
    writer.end()
  }
  render().catch((error) => writer.pdf.emit('error', error))
  return writer.pdf
}
