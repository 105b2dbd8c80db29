import lab from '#config/lab'
import type Order from '#models/order'
import { createDocument, MARGIN } from '#documents/kit/document'
import { FONTS } from '#documents/kit/fonts'
import { drawQrCode } from '#documents/kit/qr_code'
import { deviceLabelsOf } from '#queries/orders/labels'
import { verificationUrl } from '#services/label_codes'

const COLUMNS = 2
const GAP = 10
const HEIGHT = 118
const QR = 96

/**
 * Lembar Label: one cut-out label per device handed over, each with its QR code (to the public
 * verification page), its printed code, the device and the order, and its approved result
 * (LAIK or TIDAK LAIK; none before the certificate is approved), for the officer to print and
 * fix to the devices after calibration.
 */
export async function labelSheet(order: Order) {
  await order.load('fasyankes')
  const labels = await deviceLabelsOf(order)
  const writer = createDocument({ title: `LEMBAR LABEL ${order.number}` })
  writer
    .title('LEMBAR LABEL KALIBRASI', `Nomor permintaan: ${order.number}`)
    .note(
      `${order.fasyankes.fasyankesName} · ${labels.length} label`,
      'Pindai kode QR untuk memeriksa keabsahan label dan hasil kalibrasi alat.'
    )
  const { pdf } = writer
  const width = (writer.width - GAP * (COLUMNS - 1)) / COLUMNS
  labels.forEach((label, index) => {
    const column = index % COLUMNS
    if (column === 0) writer.ensureSpace(HEIGHT + GAP)
    const top = pdf.y
    const x = MARGIN + column * (width + GAP)
    pdf.save().lineWidth(0.5).dash(3, { space: 2 }).rect(x, top, width, HEIGHT).stroke('#94a3b8')
    pdf.restore()
    drawQrCode(pdf, verificationUrl(label.code), x + 8, top + 11, QR)
    const textX = x + QR + 16
    const textWidth = width - QR - 24
    pdf.font(FONTS.regular.name).fontSize(6.5).fillColor('#475569')
    pdf.text(lab.name, textX, top + 10, { width: textWidth, height: 18, ellipsis: true })
    pdf.font(FONTS.bold.name).fontSize(9).fillColor('black')
    pdf.text(label.alkes_name, textX, top + 30, { width: textWidth, height: 24, ellipsis: true })
    pdf.font(FONTS.regular.name).fontSize(7.5)
    pdf.text(`Merk/Model: ${label.merk ?? '-'} / ${label.model ?? '-'}`, textX, top + 56, {
      width: textWidth,
      height: 10,
      ellipsis: true,
    })
    pdf.text(`No. Seri: ${label.serial_number ?? '-'}`, textX, top + 67, {
      width: textWidth,
      height: 10,
      ellipsis: true,
    })
    pdf.font(FONTS.bold.name).fontSize(10)
    pdf.text(label.printed_code, textX, top + 84, { width: textWidth, lineBreak: false })
    pdf.font(FONTS.regular.name).fontSize(6.5).fillColor('#475569')
    pdf.text(order.number, textX, top + 99, { width: textWidth, lineBreak: false })
    if (label.result) {
      pdf.font(FONTS.bold.name).fontSize(7.5)
      pdf.fillColor(label.result === 'LAIK' ? '#047857' : '#b91c1c')
      pdf.text(`Hasil: ${label.result}`, textX, top + 107, { width: textWidth, lineBreak: false })
    }
    pdf.fillColor('black')
    pdf.x = MARGIN
    pdf.y = column === COLUMNS - 1 || index === labels.length - 1 ? top + HEIGHT + GAP : top
  })
  return writer.end()
}
