import { FONTS } from '#documents/kit/fonts'

/**
 * What a table draws on: the page of the document writer (app/documents/kit/document.ts), which
 * hands itself to its tables; the table's `end()` gives it back for the next block.
 */
export interface TablePage {
  readonly pdf: PDFKit.PDFDocument
  readonly width: number
  /** Where the page's writable area ends. */
  readonly bottom: number
  /** Starts a new page when fewer than `height` points are left on this one. */
  ensureSpace(height: number): void
}

export interface TableColumn {
  label: string
  /** Relative width; 1 by default. */
  width?: number
  align?: 'left' | 'right' | 'center'
}

const PADDING = 3
const BORDER = '#9ca3af'
const HEADER_FILL = '#e5e7eb'

/**
 * The one table renderer of every document and export: rows drawn cell by
 * cell, each measured first so that a row that would not fit starts a new
 * page with the header row again. Rows can be added one by one, so a long
 * export never holds its rows.
 *
 * pdfkit's own `doc.table()` was tried first: with an embedded Unicode font it
 * took 16.7 s for 300 rows of 4 columns (this renderer: 0.15 s), because it
 * lays every cell out several times; a 10,000-row export must stay in seconds.
 */
export class TableWriter<Page extends TablePage = TablePage> {
  private widths: number[]
  private started = false
  private rows = 0

  constructor(
    private writer: Page,
    private columns: TableColumn[],
    private fontSize: number
  ) {
    const total = columns.reduce((sum, column) => sum + (column.width ?? 1), 0)
    this.widths = columns.map((column) => (writer.width * (column.width ?? 1)) / total)
  }

  get count() {
    return this.rows
  }

  private heightOf(cells: string[]) {
    const { pdf } = this.writer
    const tallest = Math.max(
      ...cells.map((text, i) => pdf.heightOfString(text, { width: this.widths[i] - PADDING * 2 }))
    )
    return tallest + PADDING * 2
  }

  private draw(cells: string[], header: boolean, colors: (string | null | undefined)[] = []) {
    const { pdf } = this.writer
    pdf.font(header ? FONTS.tableBold.name : FONTS.tableRegular.name).fontSize(this.fontSize)
    const height = this.heightOf(cells)
    if (pdf.y + height > this.writer.bottom) {
      pdf.addPage()
      if (!header)
        this.draw(
          this.columns.map((column) => column.label),
          true
        )
      pdf.font(header ? FONTS.tableBold.name : FONTS.tableRegular.name).fontSize(this.fontSize)
    }
    const top = pdf.y
    let x = pdf.page.margins.left
    cells.forEach((text, i) => {
      const width = this.widths[i]
      if (header) pdf.rect(x, top, width, height).fillAndStroke(HEADER_FILL, BORDER)
      else pdf.rect(x, top, width, height).lineWidth(0.5).stroke(BORDER)
      pdf.fillColor(colors[i] ?? '#111827').text(text, x + PADDING, top + PADDING, {
        width: width - PADDING * 2,
        align: this.columns[i].align ?? 'left',
      })
      x += width
    })
    pdf.x = pdf.page.margins.left
    pdf.y = top + height
  }

  /**
   * Adds one row, starting a new page (and header) when it would not fit; `colors` gives a
   * cell's text its own colour (a failed device's result in red).
   */
  row(
    cells: (string | number | null | undefined)[],
    options: { colors?: (string | null | undefined)[] } = {}
  ) {
    const texts = cells.map((cell) =>
      cell === null || cell === undefined || cell === '' ? '-' : String(cell)
    )
    if (!this.started) {
      this.started = true
      // Never a header alone at the foot of a page.
      const { pdf } = this.writer
      pdf.font(FONTS.tableBold.name).fontSize(this.fontSize)
      const header = this.heightOf(this.columns.map((column) => column.label))
      pdf.font(FONTS.tableRegular.name)
      this.writer.ensureSpace(header + this.heightOf(texts))
      this.draw(
        this.columns.map((column) => column.label),
        true
      )
    }
    this.draw(texts, false, options.colors)
    this.rows++
    return this
  }

  /** Ends the table; `emptyText` is printed when no row came. */
  end(emptyText?: string): Page {
    const { pdf } = this.writer
    if (!this.started)
      this.draw(
        this.columns.map((column) => column.label),
        true
      )
    pdf.fillColor('black').lineWidth(1)
    if (this.rows === 0 && emptyText) {
      pdf.moveDown().font(FONTS.regular.name).fontSize(9).text(emptyText, { align: 'center' })
    }
    pdf.moveDown(0.6)
    return this.writer
  }
}
