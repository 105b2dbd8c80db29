import { test } from '@japa/runner'
import QRCode from 'qrcode'
import { decodeQr } from '#tests/helpers/qr'
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
})
