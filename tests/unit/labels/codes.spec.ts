import { test } from '@japa/runner'
import QRCode from 'qrcode'
import { PNG } from 'pngjs'
import { decodeQr } from '#tests/helpers/qr'
import { drawQrCode } from '#documents/kit/qr_code'
import {
  newLabelCode,
  normalLabelCode,
  printedLabelCode,
  verificationUrl,
} from '#services/label_codes'

test.group('Label codes', () => {
  test('new codes are ten characters of Crockford base32, and do not repeat', ({ assert }) => {
    const codes = new Set(Array.from({ length: 5000 }, newLabelCode))
    assert.equal(codes.size, 5000)
    for (const code of codes) assert.match(code, /^[0-9A-HJKMNP-TV-Z]{10}$/)
  })

  test('a code is read as printed, typed in lower case, with spaces, or with look-alike letters', ({
    assert,
  }) => {
    const code = '7K2QM0X9D1'
    assert.equal(printedLabelCode(code), '7K2QM-0X9D1')
    for (const typed of [
      code,
      '7K2QM-0X9D1',
      '7k2qm-0x9d1',
      ' 7K2QM 0X9D1 ',
      '7K2QM-OX9DI',
      '7k2qmox9dl',
    ]) {
      assert.equal(normalLabelCode(typed), code, typed)
    }
  })

  test('anything else is not a code', ({ assert }) => {
    for (const typed of [
      '',
      'ABC',
      '7K2QM0X9D',
      '7K2QM0X9D12',
      '7K2QM0X9DU',
      "' OR 1=1 --",
      'x'.repeat(500),
      '７K2QM0X9D1',
    ]) {
      assert.isNull(normalLabelCode(typed), typed)
    }
  })

  test('the QR code of a label decodes to its verification address', async ({ assert }) => {
    const url = verificationUrl('7K2QM0X9D1')
    assert.match(url, /\/verifikasi\/7K2QM0X9D1$/)
    const png = await QRCode.toBuffer(url, { errorCorrectionLevel: 'M', scale: 4 })
    assert.equal(decodeQr(png), url)
  })

  test('the label sheet draws the same code: its squares, painted on a page, scan back to the address', ({
    assert,
  }) => {
    // A stand-in for the PDF page that paints every filled rectangle at 4 pixels a point.
    const SCALE = 4
    const SIZE = 96
    const image = new PNG({ width: SIZE * SCALE, height: SIZE * SCALE })
    image.data.fill(255)
    let pending: [number, number, number, number][] = []
    const paint = (color: string) => {
      const value = color === '#ffffff' ? 255 : 0
      for (const [x, y, w, h] of pending) {
        for (let py = Math.round(y * SCALE); py < Math.round((y + h) * SCALE); py++) {
          for (let px = Math.round(x * SCALE); px < Math.round((x + w) * SCALE); px++) {
            const at = (py * image.width + px) * 4
            image.data[at] = image.data[at + 1] = image.data[at + 2] = value
          }
        }
      }
      pending = []
    }
    const page = {
      save: () => page,
      restore: () => page,
      rect: (x: number, y: number, w: number, h: number) => {
        pending.push([x, y, w, h])
        return page
      },
      fill: (color: string) => {
        paint(color)
        return page
      },
    }
    const url = verificationUrl('23PNQ295B9')
    drawQrCode(page as unknown as PDFKit.PDFDocument, url, 0, 0, SIZE)
    assert.equal(decodeQr(PNG.sync.write(image)), url)
  })
})
