import { PassThrough } from 'node:stream'
import { createDocument, type DocumentWriter } from '#documents/kit/document'
import {
  filterSummary,
  ROWS_PER_CHECK,
  waitForReader,
  type Cell,
  type ReportDocument,
  type TableHead,
} from '#lists/exports/table_document'
import type { AppliedFilter } from '#lists/types'

/** One table of the file: its heading (a report's section), columns, rows and totals. */
interface Section {
  title?: string
  columns: TableHead['columns']
  rows: AsyncIterable<Cell[]> | Iterable<Cell[]>
  totals?: AppliedFilter[]
}

/**
 * A table into the writer: a numbered row for each, streamed into the kit's table (its header
 * repeats on every page) no faster than the file is read, then its totals.
 */
async function writeSection(writer: DocumentWriter, section: Section, out: PassThrough) {
  if (section.title) writer.heading(section.title)
  const table = writer.table(
    [
      { label: 'No', width: 0.5 },
      ...section.columns.map((column) => ({ label: column.label, width: column.width })),
    ],
    { fontSize: 8 }
  )
  let number = 0
  for await (const cells of section.rows) {
    number++
    table.row([number, ...cells.map((cell) => (cell === null ? '-' : String(cell)))])
    if (number % ROWS_PER_CHECK === 0) await waitForReader(out)
  }
  table.end('Data Masih Kosong')
  if (section.totals?.length)
    writer.note(...section.totals.map((total) => `${total.label}: ${total.value}`))
}

/**
 * A PDF of tables, landscape: the title (under the lab's letterhead for a report), the
 * filters applied and the print date, each table, and the signature blocks of a berita acara.
 */
function tablesPdf(head: Omit<TableHead, 'columns'>, sections: Section[]) {
  const writer = createDocument({
    title: head.title,
    layout: 'landscape',
    letterhead: head.letterhead ?? false,
  })
  const out = writer.pdf.pipe(new PassThrough())
  const render = async () => {
    writer
      .title(head.title)
      .note(`Filter: ${filterSummary(head.filters)}`, `Dicetak: ${head.printedAt}`)
    for (const section of sections) await writeSection(writer, section, out)
    if (head.signatures?.length) writer.signatures(head.signatures)
    writer.end()
  }
  render().catch((error) => out.destroy(error))
  return out
}

/**
 * A list export as PDF: every row streamed, so tens of thousands of rows stay flat in memory.
 */
export function tablePdf(head: TableHead, rows: AsyncIterable<Cell[]>) {
  return tablesPdf(head, [{ columns: head.columns, rows, totals: head.totals }])
}

/** A report of several tables as one PDF under the lab's letterhead, a heading per table. */
export function reportPdf(report: ReportDocument) {
  return tablesPdf({ ...report, letterhead: true }, report.sections)
}
