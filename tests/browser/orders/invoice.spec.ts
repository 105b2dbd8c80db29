import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import { baseUrl, person } from '#tests/helpers/browser'
import { pdfTextLines } from '#tests/helpers/downloads'
import { makeOrder, pdfBuffer, pngBuffer } from '#tests/functional/internal_orders/_support'

test.group('Invoice in Chromium', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('the treasurer issues stage 1, the facility uploads its proofs, the treasurer confirms', async ({
    browser,
    assert,
  }) => {
    const { order, devices } = await makeOrder({ status: 'MENUNGGU FEEDBACK', devices: 2 })
    await db
      .from('order_devices')
      .whereIn(
        'id',
        devices.map((device) => device.id)
      )
      .update({ status: 'SELESAI' })
    const invoiceUrl = `${baseUrl()}/internal/${order.id}/invoice`

    const treasurer = await person(browser, 'treasurer@kalibra.test', {
      viewport: { width: 1366, height: 900 },
    })
    await treasurer.goto(`${baseUrl()}/internal/${order.id}/detail`)
    await treasurer.getByRole('link', { name: 'Tagihan', exact: true }).click()
    await treasurer.waitForURL(invoiceUrl)
    assert.include(await treasurer.getByTestId('invoice-total').innerText(), 'Rp 350.000')
    // Stage 2 waits for stage 1's date.
    assert.isTrue(await treasurer.getByLabel('Tanggal Tagihan 2').isDisabled())
    await treasurer.getByLabel('Tanggal Tagihan 1').fill('2026-11-16')
    assert.isFalse(await treasurer.getByLabel('Tanggal Tagihan 2').isDisabled())
    await treasurer.getByLabel('Nomor Surat Tagihan').fill('TG/PK/016/XI/2026')
    await treasurer.getByRole('button', { name: 'Simpan Tagihan' }).click()
    await treasurer.getByText(/Tagihan .* tersimpan/).waitFor()
    const letterHref = await treasurer
      .getByRole('link', { name: 'Unduh Surat Tagihan 1' })
      .getAttribute('href')
    const letter = await treasurer.request.get(`${baseUrl()}${letterHref}`)
    assert.equal(letter.status(), 200)
    const text = pdfTextLines(await letter.body()).join('\n')
    assert.include(text, 'TG/PK/016/XI/2026')
    assert.include(text, 'Rp 350.000')

    const facility = await person(browser, 'fasyankes@kalibra.test', {
      viewport: { width: 375, height: 800 },
    })
    await facility.goto(invoiceUrl)
    await facility.getByRole('tab', { name: 'Pembayaran' }).click()
    await facility.getByLabel(/Bukti Pembayaran/).setInputFiles([
      { name: 'bukti-setor.pdf', mimeType: 'application/pdf', buffer: pdfBuffer() },
      { name: 'struk-atm.png', mimeType: 'image/png', buffer: pngBuffer() },
    ])
    await facility.getByText('2 berkas dipilih').waitFor()
    await facility.getByRole('button', { name: 'Unggah Bukti Pembayaran' }).click()
    await facility.getByText(/Bukti pembayaran .* terunggah/).waitFor()
    await facility.getByRole('tab', { name: 'Pembayaran' }).click()
    await facility.getByRole('link', { name: 'bukti-setor.pdf' }).waitFor()
    await facility.getByRole('link', { name: 'struk-atm.png' }).waitFor()
    // The picker no longer shows the files just sent (issue 35, item 14).
    assert.equal(await facility.getByText('2 berkas dipilih').count(), 0)
    assert.equal(
      await facility
        .getByLabel(/Bukti Pembayaran/)
        .evaluate((input) => (input as any).files.length),
      0
    )
    // The facility has no treasurer's forms.
    assert.equal(await facility.getByRole('button', { name: 'Simpan Tagihan' }).count(), 0)
    assert.equal(await facility.getByRole('button', { name: 'Konfirmasi Pembayaran' }).count(), 0)

    await treasurer.reload()
    await treasurer.getByRole('tab', { name: 'Konfirmasi' }).click()
    await treasurer.getByLabel('Tanggal Konfirmasi Pembayaran').fill('2026-11-18')
    await treasurer.getByRole('button', { name: 'Konfirmasi Pembayaran' }).click()
    await treasurer.getByText(/Pembayaran .* dikonfirmasi\./).waitFor()
    await treasurer.getByRole('tab', { name: 'Konfirmasi' }).click()
    assert.include(
      await treasurer.getByTestId('payment-status').innerText(),
      'Pembayaran dikonfirmasi pada 18 November 2026'
    )
    const row = await db.from('orders').where('id', order.id).first()
    assert.isNotNull(row.payment_confirm_date)
  })
})
