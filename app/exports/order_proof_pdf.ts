import PDFDocument from 'pdfkit'
import env from '#start/env'
import { formatDateTime, formatRupiah } from '#services/format'

/** Letterhead text, configurable per installation. */
const LAB_NAME = () => env.get('LAB_NAME', 'Laboratorium Pengujian dan Kalibrasi Alat Kesehatan')
const LAB_ADDRESS = () =>
  env.get('LAB_ADDRESS', 'Jl. Perintis Kemerdekaan Km. 11, Tamalanrea, Makassar 90245')

export interface ProofDevice {
  name: string
  merk: string | null
  model: string | null
  serial_number: string | null
  functionality: string | null
  accessories: string | null
  status: string
  price: number
}

export interface ProofDocument {
  kind: 'receive' | 'handover'
  number: string
  facility: string
  facilityAddress: string | null
  date: string
  people: { left: { role: string; name: string }; right: { role: string; name: string } }
  details: [string, string][]
  checklist: [string, boolean][]
  devices: ProofDevice[]
}

const MARGIN = 48

/** Receiving proof and hand-over proof of an incoming-equipment order, as a real PDF. */
export function orderProofPdf(doc: ProofDocument) {
  const pdf = new PDFDocument({ size: 'A4', margin: MARGIN })
  const title = doc.kind === 'receive' ? 'BUKTI PENERIMAAN ALAT' : 'BUKTI SERAH TERIMA ALAT'
  pdf.info.Title = `${title} ${doc.number}`
  const width = pdf.page.width - MARGIN * 2

  pdf.font('Helvetica-Bold').fontSize(13).text(LAB_NAME(), { align: 'center' })
  pdf.font('Helvetica').fontSize(9).text(LAB_ADDRESS(), { align: 'center' })
  const lineY = pdf.y + 4
  pdf
    .moveTo(MARGIN, lineY)
    .lineTo(MARGIN + width, lineY)
    .lineWidth(1.5)
    .stroke()
  pdf.moveDown(1.2)
  pdf.font('Helvetica-Bold').fontSize(12).text(title, { align: 'center' })
  pdf.font('Helvetica').fontSize(10).text(`Nomor: ${doc.number}`, { align: 'center' })
  pdf.moveDown()

  for (const [label, value] of [
    ['Fasyankes', doc.facility],
    ['Alamat', doc.facilityAddress ?? '-'],
    ...doc.details,
  ] as [string, string][]) {
    const y = pdf.y
    pdf.font('Helvetica').fontSize(10).text(label, MARGIN, y, { width: 140 })
    pdf.text(`: ${value}`, MARGIN + 140, y, { width: width - 140 })
  }
  pdf.moveDown()

  const columns = [
    ['No', 0.4],
    ['Alat', 2],
    ['Merk / Model', 1.6],
    ['No. Seri', 1.2],
    [doc.kind === 'receive' ? 'Fungsi' : 'Status', 0.9],
    ['Kelengkapan', 1.4],
  ] as const
  const total = columns.reduce((sum, [, w]) => sum + w, 0)
  const widths = columns.map(([, w]) => (width * w) / total)
  const row = (cells: string[], bold = false) => {
    pdf.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(8.5)
    const height =
      Math.max(...cells.map((c, i) => pdf.heightOfString(c, { width: widths[i] - 6 }))) + 6
    if (pdf.y + height > pdf.page.height - MARGIN - 120) pdf.addPage()
    const top = pdf.y
    let x = MARGIN
    cells.forEach((cell, i) => {
      pdf.rect(x, top, widths[i], height).stroke()
      pdf.text(cell, x + 3, top + 3, { width: widths[i] - 6 })
      x += widths[i]
    })
    pdf.x = MARGIN
    pdf.y = top + height
  }
  row(
    columns.map(([label]) => label),
    true
  )
  doc.devices.forEach((device, index) =>
    row([
      String(index + 1),
      device.name,
      [device.merk, device.model].filter(Boolean).join(' / ') || '-',
      device.serial_number ?? '-',
      (doc.kind === 'receive' ? device.functionality : device.status) ?? '-',
      device.accessories ?? '-',
    ])
  )
  const sum = doc.devices
    .filter((d) => d.status !== 'BATAL UJI')
    .reduce((acc, d) => acc + d.price, 0)
  pdf
    .moveDown(0.5)
    .font('Helvetica')
    .fontSize(9)
    .text(`Jumlah alat: ${doc.devices.length} · Total tarif: ${formatRupiah(sum)}`)
  pdf.moveDown()

  if (doc.checklist.length) {
    pdf
      .font('Helvetica-Bold')
      .fontSize(10)
      .text(doc.kind === 'receive' ? 'Kaji ulang permintaan' : 'Pemeriksaan serah terima')
    for (const [label, ok] of doc.checklist) {
      pdf
        .font('Helvetica')
        .fontSize(9.5)
        .text(`[${ok ? 'X' : ' '}] ${label}`)
    }
    pdf.moveDown()
  }

  pdf.font('Helvetica').fontSize(10).text(`Makassar, ${doc.date}`, { align: 'right' })
  pdf.moveDown()
  const top = pdf.y
  const half = width / 2
  for (const [index, person] of [doc.people.left, doc.people.right].entries()) {
    const x = MARGIN + index * half
    pdf.text(person.role, x, top, { width: half, align: 'center' })
    pdf.text(`( ${person.name} )`, x, top + 70, { width: half, align: 'center' })
  }
  pdf
    .font('Helvetica')
    .fontSize(7)
    .text(
      `Dicetak ${formatDateTime(new Date())} dari Kalibra`,
      MARGIN,
      pdf.page.height - MARGIN - 10,
      { width, align: 'center' }
    )
  pdf.end()
  return pdf
}
