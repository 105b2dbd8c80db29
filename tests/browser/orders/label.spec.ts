import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import { baseUrl, newContext, person } from '#tests/helpers/browser'
import { decodeQr } from '#tests/helpers/qr'
import { certificateFor } from '#tests/factories/certificates'
import { makeOrder, pdfBuffer } from '#tests/functional/internal_orders/_support'

test.group('Labels in Chromium', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('a label request from request to Selesai; a label QR code scanned opens its verification page', async ({
    browser,
    assert,
  }) => {
    const { order, devices } = await makeOrder({ status: 'PROSES PENGERJAAN', devices: 2 })
    const labelUrl = `${baseUrl()}/label/internal/${order.id}`

    // The officer, on a phone, asks for two main labels from the order's page.
    const officer = await person(browser, 'officer_pk@kalibra.test', {
      viewport: { width: 375, height: 800 },
      deviceScaleFactor: 2,
    })
    await officer.goto(`${baseUrl()}/internal/${order.id}/detail`)
    await officer.getByRole('link', { name: 'Permintaan Label' }).click()
    await officer.waitForURL(labelUrl)
    await officer.getByLabel('Label Laik Pakai (Utama)').fill('2')
    await officer.getByLabel('Catatan Label Utama').fill('Untuk dua tensimeter')
    await officer.getByRole('button', { name: 'Simpan Permintaan' }).click()
    await officer.getByText(/Permintaan label .* tersimpan/).waitFor()

    // admin_pk hands them over, after confirming.
    const admin = await person(browser, 'admin_pk@kalibra.test', {
      viewport: { width: 1366, height: 900 },
    })
    await admin.goto(labelUrl)
    await admin.getByRole('button', { name: 'Serahkan Label' }).click()
    await admin.getByRole('button', { name: 'Ya, serahkan' }).click()
    await admin.getByText(/Label .* diserahkan\./).waitFor()
    assert.include(await admin.getByTestId('label-status').innerText(), 'Diserahkan')
    assert.equal(await admin.getByTestId('label-qr').count(), 2)

    // The first device is calibrated LAIK and its certificate approved (a label shows no result
    // before that: issue 37).
    await db
      .from('order_devices')
      .where('id', devices[0].id)
      .update({ work_date: '2026-11-20', is_laik: true })
    await certificateFor(devices[0].id)
    const label = await db.from('device_labels').where('order_device_id', devices[0].id).first()

    // Its QR code, as Chromium draws it, read by a scanner: the verification page, no sign-in.
    await officer.reload()
    const scanned = decodeQr(await officer.getByTestId('label-qr').first().screenshot())
    assert.isNotNull(scanned, 'the QR code decodes')
    const path = new URL(scanned!).pathname
    assert.equal(path, `/verifikasi/${label.code}`)
    const strangerContext = await newContext(browser, { viewport: { width: 375, height: 800 } })
    const stranger = await strangerContext.newPage()
    await stranger.goto(`${baseUrl()}${path}`)
    await stranger.getByTestId('verified-label').waitFor()
    const shown = await stranger.getByTestId('verified-label').innerText()
    assert.include(shown, 'LAIK')
    assert.notInclude(shown, 'TIDAK LAIK')
    assert.include(shown, `SN-${order.id}-1`)
    assert.include(shown, '20 November 2027')
    assert.notInclude(shown, order.number)

    // The officer reports one label returned, with a proof: Selesai.
    await officer.getByLabel('Dikembalikan: Label Laik Pakai (Utama)').fill('1')
    await officer.getByLabel(/Bukti Pengembalian/).setInputFiles({
      name: 'berita-acara.pdf',
      mimeType: 'application/pdf',
      buffer: pdfBuffer(),
    })
    await officer.getByRole('button', { name: 'Laporkan Pengembalian' }).click()
    await officer.getByText(/Pengembalian label .* tercatat/).waitFor()
    assert.include(await officer.getByTestId('label-status').innerText(), 'Selesai')
    await officer.getByRole('link', { name: 'berita-acara.pdf' }).waitFor()
    const row = await db.from('label_requests').where('order_id', order.id).first()
    assert.equal(row.status, 'Selesai')
  })
})
