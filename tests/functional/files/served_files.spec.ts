import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import drive from '@adonisjs/drive/services/main'
import OrderFile from '#models/order_file'
import {
  FACILITY_EMAIL,
  countRows,
  isRedirect,
  makeAlkes,
  makeOrder,
  orderFields,
  pdfBuffer,
  userByEmail,
} from '#tests/functional/internal_orders/_support'

async function storedCount() {
  const { objects } = await drive.use().listAll('', { recursive: true })
  return [...objects].filter((object) => object.isFile).length
}

/** A letter that runs a script when opened. */
function scriptedPdf() {
  return Buffer.from(
    [
      '%PDF-1.4',
      '1 0 obj << /Type /Catalog /Pages 2 0 R /OpenAction 4 0 R >> endobj',
      '2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj',
      '3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >> endobj',
      '4 0 obj << /S /JavaScript /JS (app.alert("halo")) >> endobj',
      'trailer << /Root 1 0 R >>',
      '%%EOF',
      '',
    ].join('\n')
  )
}

/**
 * Issue 33, point 5: an uploaded file is downloaded as an attachment (with its name kept safe and
 * readable, RFC 5987), a document the app drew may open inline, and a PDF carrying a script is
 * refused at the upload with nothing stored.
 */
test.group('Stored files | served and accepted', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(() => {
    drive.fake()
    return () => drive.restore()
  })

  test('an uploaded letter is downloaded with Content-Disposition: attachment and a safe name', async ({
    client,
    assert,
  }) => {
    const facility = await userByEmail(FACILITY_EMAIL)
    const alkes = await makeAlkes()
    const created = await client
      .post('/internal')
      .loginAs(facility)
      .withCsrfToken()
      .withInertia()
      .file('letter', pdfBuffer(), { filename: 'surat "permohonan" (1)é.pdf' })
      .fields(orderFields([{ alkes_id: alkes.id, quantity: 1 }]))
      .redirects(0)
    assert.isTrue(isRedirect(created), `status ${created.status()}`)
    const order = await db.from('orders').orderBy('id', 'desc').select('id').firstOrFail()

    const response = await client.get(`/internal/${order.id}/letter`).loginAs(facility)

    response.assertStatus(200)
    const disposition = String(response.header('content-disposition'))
    assert.match(disposition, /^attachment;/)
    assert.include(disposition, 'filename="surat _permohonan_ _1__.pdf"')
    assert.include(disposition, "filename*=UTF-8''surat%20%22permohonan%22%20%281%29%C3%A9.pdf")
    assert.equal(response.header('x-content-type-options'), 'nosniff')
  })

  test('a certificate PDF the app drew opens inline', async ({ client, assert }) => {
    const { order, devices } = await makeOrder({ status: 'SELESAI', deviceStatus: 'SELESAI' })
    const key = `certificates/${order.id}/sertifikat.pdf`
    await drive.use().put(key, pdfBuffer())
    const file = await OrderFile.create({
      orderId: order.id,
      orderDeviceId: devices[0].id,
      kind: 'certificate',
      storageKey: key,
      originalName: 'sertifikat-KAL-PK-001.pdf',
      contentType: 'application/pdf',
    })

    const response = await client
      .get(`/internal/${order.id}/files/${file.id}`)
      .loginAs(await userByEmail(FACILITY_EMAIL))

    response.assertStatus(200)
    assert.match(
      String(response.header('content-disposition')),
      /^inline; filename="sertifikat-KAL-PK-001.pdf"/
    )
  })

  test('a letter PDF with /OpenAction /JavaScript is refused with 422 under its label, nothing stored', async ({
    client,
    assert,
  }) => {
    const facility = await userByEmail(FACILITY_EMAIL)
    const alkes = await makeAlkes()
    const orders = await countRows('orders')

    const response = await client
      .post('/internal')
      .loginAs(facility)
      .withCsrfToken()
      .accept('json')
      .file('letter', scriptedPdf(), { filename: 'surat.pdf' })
      .fields(orderFields([{ alkes_id: alkes.id, quantity: 1 }]))

    response.assertStatus(422)
    const errors = response.body().errors as { field: string; message: string }[]
    const letter = errors.find((error) => error.field === 'letter')
    assert.exists(letter, JSON.stringify(errors))
    assert.match(letter!.message, /^Surat permohonan: berkas PDF berisi skrip/)
    assert.include(letter!.message, 'simpan ulang sebagai PDF biasa')
    assert.equal(await countRows('orders'), orders)
    assert.equal(await storedCount(), 0)
  })
})
