import { PassThrough } from 'node:stream'
import { createDocument } from '#documents/kit/document'
import {
  cellText,
  filterSummary,
  ROWS_PER_CHECK,
  waitForReader,
  type TableDocument,
} from '#documents/exports/table_document'

/**
 * A list export as PDF: landscape, the list's title, the filters applied and
 * the print date, then every row streamed into the kit's table (its header
 * repeats on every page), no faster than it is downloaded, so tens of thousands of rows stay
 * flat in memory.
 */
export function tablePdf<Row>(doc: TableDocument<Row>) {
  const writer = createDocument({ title: doc.title, layout: 'landscape', letterhead: false })
  const out = writer.pdf.pipe(new PassThrough())
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
      if (number % ROWS_PER_CHECK === 0) await waitForReader(out)
    }
    table.end('Data Masih Kosong')
    if (doc.totals?.length)
      writer.note(...doc.totals.map((total) => `${total.label}: ${total.value}`))
    writer.end()
  }
  render().catch((error) => out.destroy(error))
  return out
}
