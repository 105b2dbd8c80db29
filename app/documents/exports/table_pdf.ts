import { PassThrough } from 'node:stream'
import { createDocument } from '#documents/kit/document'
import {
  filterSummary,
  ROWS_PER_CHECK,
  waitForReader,
  type Cell,
  type TableHead,
} from '#documents/exports/table_document'

/**
 * A list export as PDF: landscape, the list's title, the filters applied and
 * the print date, then every row streamed into the kit's table (its header
 * repeats on every page), no faster than it is read, so tens of thousands of rows stay
 * flat in memory.
 */
export function tablePdf(head: TableHead, rows: AsyncIterable<Cell[]>) {
  const writer = createDocument({ title: head.title, layout: 'landscape', letterhead: false })
  const out = writer.pdf.pipe(new PassThrough())
  const render = async () => {
    writer
      .title(head.title)
      .note(`Filter: ${filterSummary(head.filters)}`, `Dicetak: ${head.printedAt}`)
    const table = writer.table(
      [
        { label: 'No', width: 0.5 },
        ...head.columns.map((column) => ({ label: column.label, width: column.width })),
      ],
      { fontSize: 8 }
    )
    let number = 0
    for await (const cells of rows) {
      number++
      table.row([number, ...cells.map((cell) => (cell === null ? '-' : String(cell)))])
      if (number % ROWS_PER_CHECK === 0) await waitForReader(out)
    }
    table.end('Data Masih Kosong')
    if (head.totals?.length)
      writer.note(...head.totals.map((total) => `${total.label}: ${total.value}`))
    writer.end()
  }
  render().catch((error) => out.destroy(error))
  return out
}
