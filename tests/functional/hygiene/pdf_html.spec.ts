import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import {
  auditCount,
  countRows,
  makeAlkes,
  makeOrder,
  orderFields,
  pdfBuffer,
  userByEmail,
  currentFileOf,
} from '#tests/functional/internal_orders/_support'

/**
 * Issue 8, point 13 (part): a PDF must not also be HTML. Uploads that start
 * with `%PDF-` but contain `<html` or `<script` anywhere (any letter case) are
 * refused on the real upload routes with a clear message, and nothing is
 * stored. Ordinary PDFs, and the same bytes without the markup, still pass.
 */
const MESSAGE = /^Berkas PDF ditolak karena memuat kode HTML atau skrip/

/** A PDF with `markup` inserted after `offset` bytes of padding (64 KB chunks: straddle one). */
function pdfWith(markup: string, offset = 0) {
  const pdf = pdfBuffer()
  return Buffer.concat([
    pdf.subarray(0, 9),
    Buffer.alloc(offset, 0x20),
    Buffer.from(markup),
    pdf.subarray(9),
  ])
}

function errorsOf(response: any): Record<string, string[]> {
  return response.flashMessages()?.inputErrorsBag ?? {}
}

test.group('Uploads | a PDF that is also HTML', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('order letter: a PDF holding <HTML>/<ScRiPt> is refused under the letter field and no order is made', async ({
    client,
    assert,
  }) => {
    const facility = await userByEmail('fasyankes@kalibra.test')
    const alkes = await makeAlkes()
    const send = (letter: Buffer) =>
      client
        .post('/internal')
        .loginAs(facility)
        .withCsrfToken()
        .withInertia()
        .file('letter', letter, { filename: 'surat.pdf' })
        .fields(orderFields([{ alkes_id: alkes.id, quantity: 1 }]))
        .redirects(0)
    const before = await countRows('orders')
    for (const markup of [
      '<HTML><body>surat</body></HTML>',
      '<ScRiPt>alert(document.cookie)</sCrIpT>',
    ]) {
      const response = await send(pdfWith(markup))
      assert.match(errorsOf(response).letter?.[0] ?? '', MESSAGE, markup)
      assert.equal(await countRows('orders'), before)
    }
    // Control: the same letter without the markup is accepted.
    const accepted = await send(pdfWith('<b>tebal</b> (teks biasa)'))
    assert.deepEqual(errorsOf(accepted), {})
    assert.equal(await countRows('orders'), before + 1)
  })

  test('worksheet upload: <script split across the 64 KB read chunks is still found; nothing stored or audited', async ({
    client,
    assert,
  }) => {
    const officer = await userByEmail('officer_pk@kalibra.test')
    const { order, devices } = await makeOrder({
      status: 'PROSES PENGERJAAN',
      devices: 1,
      officerId: officer.id,
    })
    const upload = (file: Buffer) =>
      client
        .post(`/internal/${order.id}/worksheet/pk/${devices[0].id}/upload`)
        .file('file', file, { filename: 'lembar.pdf' })
        .loginAs(officer)
        .withCsrfToken()
        .withInertia()
        .redirects(0)
    const storedPath = async () => {
      return currentFileOf(devices[0].id, 'worksheet')
    }

    for (const offset of [64 * 1024 - 9 - 3, 1024 * 1024]) {
      const response = await upload(pdfWith('<sCRIPT src="x.js">', offset))
      assert.match(errorsOf(response).file?.[0] ?? '', MESSAGE, `offset ${offset}`)
    }
    assert.isNull(await storedPath())
    assert.equal(await auditCount(order.id, 'internal.worksheet_upload'), 0)

    const accepted = await upload(pdfWith('scripted <htm', 64 * 1024 - 9 - 3))
    assert.deepEqual(errorsOf(accepted), {})
    assert.match(String(await storedPath()), /\.pdf$/)
  })

  test('certificate attachment: a PDF with <html at its very end is refused', async ({
    client,
    assert,
  }) => {
    const yantek = await userByEmail('yantek@kalibra.test')
    const { order, devices } = await makeOrder({ status: 'PROSES PENGERJAAN', devices: 1 })
    const response = await client
      .post(`/internal/${order.id}/attachment/certificate`)
      .loginAs(yantek)
      .withCsrfToken()
      .withInertia()
      .file('file', Buffer.concat([pdfBuffer(200_000), Buffer.from('<html')]), {
        filename: 'sertifikat.pdf',
      })
      .fields({ type: 'certificate', internal_alkes_order_id: String(devices[0].id) })
      .redirects(0)
    assert.match(errorsOf(response).file?.[0] ?? '', MESSAGE)
    assert.isNull(await currentFileOf(devices[0].id, 'certificate'))
  })
})
