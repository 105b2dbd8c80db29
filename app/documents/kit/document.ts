import { existsSync } from 'node:fs'
import PDFDocument from 'pdfkit'
import type { DateTime } from 'luxon'
import app from '@adonisjs/core/services/app'
import lab from '#config/lab'
import { formatDate, formatDateTime, labNow } from '#services/format'
import { FONTS, registerFonts } from '#documents/kit/fonts'
import { TableWriter, type TableColumn } from '#documents/kit/table'

export interface DocumentOptions {
  title: string
  layout?: 'portrait' | 'landscape'
  /** Letters carry the letterhead; long table exports a plain title. */
  letterhead?: boolean
}

export interface Signatory {
  role: string
  name: string
  /** A line under the name, e.g. NIP. */
  detail?: string
}

const MARGIN = 42
const MUTED = '#475569'

/**
 * The document kit every generated PDF is written with: letterhead, title,
 * key-value blocks, tables with headers repeated on every page, checklists,
 * signature blocks with the lab's city and an Indonesian date, page numbers
 * and a print line on every page. Each document is a short builder file in
 * app/documents/ that calls these; the registry says who may open which.
 */
export class DocumentWriter {
  readonly pdf: PDFKit.PDFDocument
  private pageNumber = 0

  constructor(options: DocumentOptions) {
    this.pdf = new PDFDocument({
      size: 'A4',
      layout: options.layout ?? 'portrait',
      margins: { top: MARGIN, left: MARGIN, right: MARGIN, bottom: MARGIN + 16 },
      bufferPages: false,
      info: { Title: options.title, Creator: 'Kalibra', Producer: 'Kalibra' },
    })
    registerFonts(this.pdf)
    // Each page gets its footer as it is finished (before the next is added, and at the end),
    // so a long export streams without holding pages back.
    const addPage = this.pdf.addPage.bind(this.pdf)
    this.pdf.addPage = (...args) => {
      this.stampPage()
      return addPage(...args)
    }
  }

  get width() {
    return this.pdf.page.width - MARGIN * 2
  }

  get bottom() {
    return this.pdf.page.height - this.pdf.page.margins.bottom
  }

  private stampPage() {
    this.pageNumber++
    const { pdf } = this
    const y = pdf.page.height - MARGIN
    const saved = { x: pdf.x, y: pdf.y }
    // The footer sits in the bottom margin: without lifting it pdfkit would break to a new page.
    const bottomMargin = pdf.page.margins.bottom
    pdf.page.margins.bottom = 0
    pdf.font(FONTS.regular.name).fontSize(7).fillColor(MUTED)
    pdf.text(`Dicetak ${formatDateTime(labNow())} dari Kalibra`, MARGIN, y, {
      width: this.width / 2,
      lineBreak: false,
    })
    pdf.text(`Halaman ${this.pageNumber}`, MARGIN + this.width / 2, y, {
      width: this.width / 2,
      align: 'right',
      lineBreak: false,
    })
    pdf.fillColor('black').font(FONTS.regular.name).fontSize(10)
    pdf.page.margins.bottom = bottomMargin
    pdf.x = saved.x
    pdf.y = saved.y
  }

  private drawLogo(x: number, y: number, size: number) {
    const { pdf } = this
    const logo = lab.logoPath ? app.makePath(lab.logoPath) : null
    if (logo && existsSync(logo)) {
      pdf.image(logo, x, y, { fit: [size, size] })
      return
    }
    // The app's mark (public/favicon.svg), drawn as vectors.
    const scale = size / 32
    pdf.save().translate(x, y).scale(scale)
    pdf.roundedRect(0, 0, 32, 32, 7).fill('#0d9488')
    pdf.path('M9 23V9h3v6l6-6h4l-7 7 7 7h-4l-6-6v6z').fill('#ffffff')
    pdf.restore().fillColor('black')
  }

  /** The lab's letterhead: logo, name, address and a rule under them. */
  letterhead() {
    const { pdf } = this
    const top = pdf.y
    const logo = 44
    this.drawLogo(MARGIN, top, logo)
    const textX = MARGIN + logo + 12
    const textWidth = this.width - logo - 12
    pdf
      .font(FONTS.bold.name)
      .fontSize(13)
      .text(lab.name, textX, top + 4, { width: textWidth })
    pdf
      .font(FONTS.regular.name)
      .fontSize(9)
      .fillColor(MUTED)
      .text(lab.address, { width: textWidth })
    pdf.fillColor('black')
    const lineY = Math.max(pdf.y, top + logo) + 6
    pdf
      .moveTo(MARGIN, lineY)
      .lineTo(MARGIN + this.width, lineY)
      .lineWidth(1.5)
      .stroke()
      .lineWidth(1)
    pdf.x = MARGIN
    pdf.y = lineY + 12
    return this
  }

  /** Centred title, with an optional line under it (the number). */
  title(text: string, subtitle?: string) {
    const { pdf } = this
    pdf
      .font(FONTS.bold.name)
      .fontSize(12)
      .text(text, MARGIN, pdf.y, { width: this.width, align: 'center' })
    if (subtitle) {
      pdf
        .font(FONTS.regular.name)
        .fontSize(10)
        .text(subtitle, { width: this.width, align: 'center' })
    }
    pdf.moveDown(0.8)
    return this
  }

  /** Lines of small print (a filter summary, a print date). */
  note(...lines: string[]) {
    const { pdf } = this
    pdf.font(FONTS.regular.name).fontSize(9).fillColor(MUTED)
    for (const line of lines) pdf.text(line, MARGIN, pdf.y, { width: this.width })
    pdf.fillColor('black').moveDown(0.4)
    return this
  }

  heading(text: string) {
    this.ensureSpace(40)
    return this.block(text, FONTS.bold.name, 0.3)
  }

  paragraph(text: string) {
    return this.block(text, FONTS.regular.name, 0.5)
  }

  /** A 10 pt text across the page's width, then `gap` lines of space. */
  private block(text: string, font: string, gap: number) {
    this.pdf.font(font).fontSize(10).text(text, MARGIN, this.pdf.y, { width: this.width })
    this.pdf.moveDown(gap)
    return this
  }

  /** "Label : value" rows with the values aligned. */
  keyValues(rows: [string, string][], labelWidth = 140) {
    const { pdf } = this
    pdf.font(FONTS.regular.name).fontSize(10)
    for (const [label, value] of rows) {
      const height = Math.max(
        pdf.heightOfString(label, { width: labelWidth }),
        pdf.heightOfString(`: ${value}`, { width: this.width - labelWidth })
      )
      this.ensureSpace(height)
      const y = pdf.y
      pdf.text(label, MARGIN, y, { width: labelWidth })
      pdf.text(`: ${value}`, MARGIN + labelWidth, y, { width: this.width - labelWidth })
      pdf.y = y + height
    }
    pdf.x = MARGIN
    pdf.moveDown(0.6)
    return this
  }

  /** A titled list of ticked or unticked items. */
  checklist(title: string, items: [string, boolean][]) {
    this.heading(title)
    const { pdf } = this
    pdf.font(FONTS.regular.name).fontSize(9.5)
    for (const [label, checked] of items) {
      this.ensureSpace(14)
      const y = pdf.y
      pdf.rect(MARGIN, y + 1, 9, 9).stroke()
      if (checked) {
        pdf
          .moveTo(MARGIN + 2, y + 5.5)
          .lineTo(MARGIN + 4, y + 8)
          .lineTo(MARGIN + 7.5, y + 2.5)
          .stroke()
      }
      pdf.text(label, MARGIN + 15, y, { width: this.width - 15 })
    }
    pdf.x = MARGIN
    pdf.moveDown(0.6)
    return this
  }

  /** A table whose header row repeats on every page; rows may stream in. */
  table(columns: TableColumn[], options: { fontSize?: number } = {}) {
    return new TableWriter(this, columns, options.fontSize ?? 8.5)
  }

  /** "{city}, {date}" and the signature blocks side by side, each with space to sign. */
  /** The place and date above the signatures; a null date leaves a blank (a draft). */
  signatures(people: Signatory[], date: DateTime | string | null = labNow()) {
    const { pdf } = this
    this.ensureSpace(130)
    pdf.font(FONTS.regular.name).fontSize(10)
    const day = date === null ? '.....................' : formatDate(date)
    pdf.text(`${lab.city}, ${day}`, MARGIN, pdf.y, {
      width: this.width,
      align: 'right',
    })
    pdf.moveDown()
    const top = pdf.y
    const column = this.width / people.length
    people.forEach((person, index) => {
      const x = MARGIN + index * column
      pdf.text(person.role, x, top, { width: column, align: 'center' })
      pdf.text(`( ${person.name} )`, x, top + 70, { width: column, align: 'center' })
      if (person.detail) pdf.fontSize(9).text(person.detail, { width: column, align: 'center' })
      pdf.fontSize(10)
    })
    pdf.x = MARGIN
    pdf.y = top + 100
    return this
  }

  /** Starts the next part of a document on a page of its own, under the letterhead. */
  newPage() {
    this.pdf.addPage()
    return this.letterhead()
  }

  /** Starts a new page when fewer than `height` points are left on this one. */
  ensureSpace(height: number) {
    if (this.pdf.y + height > this.bottom) this.pdf.addPage()
  }

  end() {
    this.stampPage()
    this.pdf.end()
    return this.pdf
  }
}

export function createDocument(options: DocumentOptions) {
  const writer = new DocumentWriter(options)
  if (options.letterhead !== false) writer.letterhead()
  return writer
}

export { MARGIN }
