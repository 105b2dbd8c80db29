import { createDocument, MARGIN, type DocumentWriter } from '#documents/kit/document'
import { FONTS } from '#documents/kit/fonts'
import { drawQrCode } from '#documents/kit/qr_code'
import { printedLabelCode } from '#services/label_codes'
import type { CertificateContents } from '#models/certificate'
import { CONFORMITY_LABELS } from '#shared/decision_rules'

const QR_SIZE = 84

/**
 * A calibration certificate drawn from its contents (contents.ts): identity, standards,
 * results with their uncertainty, the verdict, the statements ISO/IEC 17025 7.8 asks for,
 * the signatory and a QR code to the public verification page. A draft says so across
 * every page and carries neither signatory nor QR code.
 */
export async function certificatePdf(contents: CertificateContents): Promise<Buffer> {
  const draft = !contents.code
  const service = contents.device.service === 'Pengujian' ? 'PENGUJIAN' : 'KALIBRASI'
  const writer = createDocument({ title: `SERTIFIKAT ${service} ${contents.number}` })
  const { pdf } = writer
  if (draft) {
    watermark(writer)
    pdf.on('pageAdded', () => watermark(writer))
  }
  writer.title(
    `SERTIFIKAT ${service}`,
    `Nomor: ${contents.number}${contents.revision ? ` (Revisi ${contents.revision})` : ''}`
  )
  if (draft) writer.note('DRAF: belum disetujui kepala laboratorium; bukan sertifikat.')
  writer.keyValues([
    ['Pelanggan', contents.customer.name],
    ['Alamat', contents.customer.address],
    ['Nomor order', `${contents.order_number} (${contents.order_date})`],
    ['Nama alat', contents.device.name],
    ['Merk / Model', `${contents.device.merk} / ${contents.device.model}`],
    ['Nomor seri', contents.device.serial_number],
    ['Metode kerja', contents.method],
    ['Laboratorium', contents.lab.unit],
    ['Tanggal kalibrasi', contents.work_date],
    ['Tempat', placeOf(contents.work_place, contents.room)],
    [
      'Kondisi lingkungan',
      `Suhu ${contents.conditions.temperature}; kelembapan ${contents.conditions.humidity}`,
    ],
    ['Tanggal terbit', contents.issued_date ?? '-'],
  ])

  writer.heading('Standar acuan')
  const standards = writer.table([
    { label: 'Nama', width: 2 },
    { label: 'Merk / Model', width: 1.6 },
    { label: 'No. Seri', width: 1.1 },
    { label: 'No. Sertifikat', width: 1.7 },
    { label: 'Berlaku s.d.', width: 1.1 },
  ])
  for (const standard of contents.standards) {
    standards.row([
      standard.name,
      standard.merk_model,
      standard.serial_number,
      standard.certificate_number,
      standard.due_date,
    ])
  }
  standards.end()
  pdf.moveDown(0.4)

  writer.heading('Hasil')
  const results = writer.table(
    [
      { label: 'Parameter', width: 1.6 },
      { label: 'Nominal', width: 0.9, align: 'right' },
      { label: 'Pembacaan', width: 1.6 },
      { label: 'Rata-rata', width: 0.9, align: 'right' },
      { label: 'Kesalahan', width: 0.9, align: 'right' },
      { label: 'U', width: 0.7, align: 'right' },
      { label: 'k', width: 0.5, align: 'right' },
      { label: 'Toleransi', width: 1 },
      { label: 'Hasil', width: 1 },
    ],
    { fontSize: 8 }
  )
  for (const point of contents.points) {
    results.row([
      `${point.parameter} (${point.unit})`,
      point.nominal,
      point.readings.join('; '),
      point.mean,
      point.error,
      point.uncertainty,
      // Certificates approved before issue 37 stated k = 2 and simple acceptance.
      point.coverage_factor ?? '2',
      point.tolerance,
      CONFORMITY_LABELS[point.conformity ?? (point.passed ? 'pass' : 'fail')],
    ])
  }
  results.end()
  writer.note('Kesalahan = rata-rata pembacaan alat dikurangi nilai nominal standar acuan.')

  writer.heading(`Kesimpulan: ${contents.verdict}`)
  if (contents.override_reason) {
    writer.paragraph(
      `Titik uji memberi hasil ${contents.measured_verdict}; ditetapkan ${contents.verdict} ` +
        `oleh petugas dengan alasan: ${contents.override_reason}`
    )
  }
  if (contents.amendment) {
    writer.paragraph(
      `Revisi ${contents.revision} ini menggantikan sertifikat ${contents.amendment.replaces ?? '-'}. ` +
        `Alasan revisi: ${contents.amendment.reason}`
    )
  }
  writer.note(
    contents.statements.traceability,
    contents.statements.uncertainty,
    contents.statements.decision,
    contents.statements.scope
  )

  writer.signatures(
    [
      { role: 'Dikalibrasi oleh,', name: contents.officer },
      contents.signatory
        ? {
            role: `Disetujui oleh, ${contents.signatory.role}`,
            name: contents.signatory.name,
            detail: contents.signatory.nip ? `NIP ${contents.signatory.nip}` : undefined,
          }
        : { role: 'Disetujui oleh,', name: '(menunggu persetujuan)' },
    ],
    contents.issued_on ?? undefined
  )
  if (contents.verification_url && contents.code) {
    writer.ensureSpace(QR_SIZE + 10)
    const top = pdf.y
    drawQrCode(pdf, contents.verification_url, MARGIN, top, QR_SIZE)
    const textX = MARGIN + QR_SIZE + 10
    pdf.font(FONTS.regular.name).fontSize(8.5).fillColor('#475569')
    pdf.text(
      `Disetujui secara elektronik pada ${contents.approved_at}. Keaslian sertifikat ini dan ` +
        'revisinya yang berlaku dapat diperiksa dengan memindai kode QR atau membuka:',
      textX,
      top + 14,
      { width: writer.width - QR_SIZE - 10 }
    )
    pdf
      .font(FONTS.bold.name)
      .text(contents.verification_url, { width: writer.width - QR_SIZE - 10 })
    pdf.font(FONTS.regular.name).text(`Kode verifikasi: ${printedLabelCode(contents.code)}`)
    pdf.fillColor('black')
    pdf.x = MARGIN
    pdf.y = Math.max(pdf.y, top + QR_SIZE)
  }
  // The budgets are an annex after the signatures: the first page stays the certificate.
  budgets(writer, contents)
  return toBuffer(writer.end())
}

/** "DRAF" across the page, light, under what is drawn after it. */
function watermark(writer: DocumentWriter) {
  const { pdf } = writer
  const { x, y } = pdf
  pdf.save()
  pdf.rotate(-35, { origin: [pdf.page.width / 2, pdf.page.height / 2] })
  pdf.font(FONTS.bold.name).fontSize(110).fillColor('#e2e8f0')
  pdf.text('DRAF', 0, pdf.page.height / 2 - 60, {
    width: pdf.page.width,
    align: 'center',
    lineBreak: false,
  })
  pdf.restore()
  pdf.fillColor('black').font(FONTS.regular.name).fontSize(10)
  pdf.x = x
  pdf.y = y
}

function toBuffer(stream: PDFKit.PDFDocument): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    stream.on('data', (chunk: Buffer) => chunks.push(chunk))
    stream.on('end', () => resolve(Buffer.concat(chunks)))
    stream.on('error', reject)
  })
}

/**
 * Where the work was done: the place, and the room named once ("Ruang ICU" stays so, "ICU"
 * becomes "ruang ICU"; never "ruang Ruang ICU").
 */
export function placeOf(place: string, room: string | null | undefined) {
  if (!room?.trim()) return place
  const named = /^ruang(an)?\b/i.test(room.trim()) ? room.trim() : `ruang ${room.trim()}`
  return `${place}, ${named}`
}

/**
 * The uncertainty budget of every point (JCGM 100, EA-4/02): each contribution with its
 * distribution, divisor, sensitivity coefficient, standard uncertainty and degrees of freedom,
 * then ν_eff, k and the test uncertainty ratio. Certificates approved before issue 37 have none.
 */
function budgets(writer: DocumentWriter, contents: CertificateContents) {
  const measured = contents.points.filter((point) => point.budget?.length)
  if (!measured.length) return
  writer.pdf.addPage()
  writer.heading(`Lampiran sertifikat ${contents.number}: anggaran ketidakpastian`)
  for (const point of measured) {
    writer.note(
      `${point.parameter} ${point.nominal} ${point.unit}: ν_eff = ${point.effective_dof}, ` +
        `k = ${point.coverage_factor}, U = ${point.uncertainty} ${point.unit}, ` +
        `TUR (toleransi ÷ U) = ${point.tur}`
    )
    const table = writer.table(
      [
        { label: 'Sumber', width: 2.2 },
        { label: 'Distribusi', width: 0.9 },
        { label: 'Nilai', width: 0.9, align: 'right' },
        { label: 'Pembagi', width: 0.8, align: 'right' },
        { label: 'c', width: 0.5, align: 'right' },
        { label: `u (${point.unit})`, width: 0.9, align: 'right' },
        { label: 'ν', width: 0.5, align: 'right' },
      ],
      { fontSize: 7.5 }
    )
    for (const line of point.budget!) {
      table.row([
        line.source,
        line.distribution,
        line.value,
        line.divisor,
        line.sensitivity,
        line.u,
        line.dof,
      ])
    }
    table.end()
  }
}
