import QRCode from 'qrcode'

/**
 * Draws `text` as a QR code (the `qrcode` package encodes it; error correction M) in a square
 * of `size` points at (x, y), as vector modules, with the standard quiet zone of four modules
 * inside the square, so it prints sharp at any scale and scans from paper.
 */
export function drawQrCode(
  pdf: PDFKit.PDFDocument,
  text: string,
  x: number,
  y: number,
  size: number
) {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' })
  const module = size / (modules.size + 8)
  const origin = { x: x + module * 4, y: y + module * 4 }
  pdf.save().rect(x, y, size, size).fill('#ffffff')
  for (let row = 0; row < modules.size; row++) {
    for (let column = 0; column < modules.size; column++) {
      if (modules.get(row, column)) {
        // A hair wider than the module, so neighbours join without a visible seam.
        pdf.rect(origin.x + column * module, origin.y + row * module, module + 0.05, module + 0.05)
      }
    }
  }
  pdf.fill('#000000').restore()
}

/** The same code as an SVG image (for a page), quiet zone included. */
export function qrCodeSvg(text: string) {
  return QRCode.toString(text, { type: 'svg', errorCorrectionLevel: 'M', margin: 4 })
}
