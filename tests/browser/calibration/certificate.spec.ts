import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import { baseUrl, newContext, person } from '#tests/helpers/browser'
import { decodeQr } from '#tests/helpers/qr'
import { pdfPagePng } from '#tests/helpers/pdf_pages'
import { referenceIds } from '#tests/functional/master_data/_support'
import {
  lendForOrder,
  monitorOrder,
  monitorWithTemplate,
  standardCalibrator,
} from '#tests/functional/calibration/certificate_fixtures'

/** Types one point's readings into the worksheet form, as the officer reads them off the monitor. */
async function readPoint(page: import('playwright').Page, name: string, readings: string[]) {
  for (const [index, value] of readings.entries()) {
    await page.getByLabel(`${name} pembacaan ${index + 1}`).fill(value)
  }
}

test.group('Traceable calibration records in Chromium', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('an officer measures a patient monitor with a borrowed calibrator, the head approves, the facility downloads the certificate and scans its QR code', async ({
    browser,
    assert,
  }) => {
    const alkes = await monitorWithTemplate()
    const { order, devices } = await monitorOrder(alkes)
    const { unitUkpr } = await referenceIds()
    const { calibrator } = await standardCalibrator({
      unitId: unitUkpr,
      name: 'Patient Simulator Pinjaman',
    })
    await lendForOrder(calibrator.id, order.id)

    // The officer fills the worksheet of the monitor.
    const officer = await person(browser, 'officer_pk@kalibra.test', {
      viewport: { width: 1366, height: 900 },
    })
    await officer.goto(`${baseUrl()}/internal/${order.id}/worksheet/pk`)
    await officer.getByRole('link', { name: 'Isi Lembar Kerja' }).click()
    await officer.getByRole('heading', { name: /Lembar Kerja Patient Monitor/ }).waitFor()
    await officer.getByLabel('Tanggal Pengerjaan').fill('2026-03-03')
    await officer.getByLabel('Suhu Ruangan (°C)').fill('23,5')
    await officer.getByLabel('Kelembapan (%RH)').fill('55')
    await officer.getByText(/Patient Simulator Pinjaman/).waitFor()
    await officer.getByRole('checkbox', { name: /Patient Simulator Pinjaman/ }).check()
    await readPoint(officer, 'Heart rate 60 bpm', ['60', '61', '60'])
    await readPoint(officer, 'Heart rate 120 bpm', ['121', '121', '120'])
    await readPoint(officer, 'SpO2 90 %', ['91', '92', '91'])
    // What the page computes while typing is what the certificate will say.
    const first = officer.locator('[data-point="0"]')
    assert.equal(await first.locator('[data-result="mean"]').innerText(), '60,3')
    // ν_eff 10.7 → k = t95.45(10) = 2,28: U = 1,16 → 1,2 (two significant figures).
    assert.equal(await first.locator('[data-result="uncertainty"]').innerText(), '1,2')
    assert.equal(await first.locator('[data-result="coverage"]').innerText(), '2,28 (10)')
    // The budget is there to read for every point.
    await first.getByText('Anggaran ketidakpastian').click()
    await first.getByText('Daya ulang pembacaan (tipe A)').waitFor()
    assert.include(await officer.locator('[data-measured-verdict]').innerText(), 'LAIK')
    await officer.getByRole('button', { name: 'Simpan' }).click()
    await officer.getByText('Lembar kerja tersimpan.').waitFor()

    // The PK head approves it from the order's certificates page, after confirming.
    const head = await person(browser, 'head_of_pk_laboratory@kalibra.test', {
      viewport: { width: 375, height: 800 },
    })
    await head.goto(`${baseUrl()}/internal/${order.id}/certificates`)
    await head.getByText('Menunggu Persetujuan').first().waitFor()
    await head.getByRole('button', { name: 'Setujui Sertifikat' }).click()
    await head.getByRole('button', { name: 'Ya, setujui' }).click()
    await head.getByText(/Sertifikat .* disetujui\./).waitFor()
    const certificate = await db
      .from('certificates')
      .where('order_device_id', devices[0].id)
      .firstOrFail()
    assert.equal(certificate.status, 'Berlaku')

    // Handed over and rated (their own tests walk those steps): the facility's files.
    await db.from('orders').where('id', order.id).update({ status: 'SELESAI' })
    const facility = await person(browser, 'fasyankes@kalibra.test', {
      viewport: { width: 375, height: 800 },
    })
    await facility.goto(`${baseUrl()}/internal/${order.id}/attachment`)
    const download = facility.getByRole('link', { name: /Unduh sertifikat/ }).first()
    const href = await download.getAttribute('href')
    assert.isNotNull(href)
    const response = await facility.request.get(`${baseUrl()}${href}`)
    assert.equal(response.status(), 200)
    assert.equal(response.headers()['content-type'], 'application/pdf')

    // The certificate as printed, scanned by a phone: the verification page, no sign-in.
    // On the first page, under the signatures; the budgets follow as an annex on their own page.
    const png = await pdfPagePng(browser, await response.body())
    const scanned = decodeQr(png)
    assert.isNotNull(scanned, 'the QR code on the certificate decodes')
    const path = new URL(scanned!).pathname
    assert.equal(path, `/verifikasi/${certificate.code}`)
    const strangerContext = await newContext(browser, { viewport: { width: 375, height: 800 } })
    const stranger = await strangerContext.newPage()
    await stranger.goto(`${baseUrl()}${path}`)
    await stranger.getByTestId('verified-certificate').waitFor()
    const shown = await stranger.getByTestId('verified-certificate').innerText()
    assert.include(shown, 'Sertifikat asli dan berlaku')
    assert.include(shown, certificate.number)
    assert.include(shown, 'LAIK')
    assert.notInclude(shown, 'TIDAK LAIK')
    assert.include(shown, 'Patient Monitor Uji Sertifikat')
    assert.notInclude(shown, order.number, 'nothing beyond what the certificate vouches for')
    // A long certificate number wraps inside a 375 px screen (issue 35, item 14).
    const long = 'KAL/PK/LPKAK-SULSEL/INSTALASI-GAWAT-DARURAT/2026/000123456789-R12'
    await db.from('certificates').where('id', certificate.id).update({ number: long })
    await stranger.reload()
    await stranger.getByText(long).waitFor()
    assert.isAtMost(
      await stranger.evaluate<number>('document.documentElement.scrollWidth'),
      375,
      'nothing wider than the phone'
    )
    await strangerContext.close()
  })

  test('with test points the result is the points’, shown; changing it is an explicit act with a reason, never a silent replacement (issue 35)', async ({
    browser,
    assert,
  }) => {
    const alkes = await monitorWithTemplate()
    const { order, devices } = await monitorOrder(alkes)
    await standardCalibrator({ name: 'Simulator Milik PK' })
    const officer = await person(browser, 'officer_pk@kalibra.test')
    await officer.goto(`${baseUrl()}/internal/${order.id}/worksheet/pk/${devices[0].id}/edit`)
    await officer.getByLabel('Tanggal Pengerjaan').fill('2026-03-03')
    await officer.getByLabel('Suhu Ruangan (°C)').fill('24')
    await officer.getByLabel('Kelembapan (%RH)').fill('60')
    await officer.getByText(/Simulator Milik PK/).waitFor()
    await officer.getByRole('checkbox', { name: /Simulator Milik PK/ }).check()
    // Heart rate 60 read as 64: out of its ±2.
    await readPoint(officer, 'Heart rate 60 bpm', ['64', '64', '64'])
    await readPoint(officer, 'Heart rate 120 bpm', ['121', '121', '120'])
    await readPoint(officer, 'SpO2 90 %', ['91', '92', '91'])
    const derived = officer.locator('[data-derived-result]')
    assert.include(await derived.innerText(), 'Hasil: TIDAK LAIK')
    assert.equal(
      await derived.getByLabel('Hasil', { exact: true }).count(),
      0,
      'no result to choose'
    )

    await derived.getByRole('checkbox', { name: 'Ubah hasil (dengan alasan)' }).check()
    await derived.getByLabel('Hasil', { exact: true }).selectOption('1')
    // The reason is asked for as soon as the result differs from the points.
    const reason = officer.getByLabel('Alasan Hasil Berbeda')
    assert.isNotNull(await reason.getAttribute('required'))
    await reason.fill('Sensor diganti dan diuji ulang di tempat.')
    await officer.getByRole('button', { name: 'Simpan' }).click()
    await officer.getByText('Lembar kerja tersimpan.').waitFor()
    const line = await db.from('order_devices').where('id', devices[0].id).first()
    assert.isTrue(Boolean(Number(line.is_laik)))
    assert.isFalse(Boolean(Number(line.measured_laik)))
    assert.equal(line.laik_override_reason, 'Sensor diganti dan diuji ulang di tempat.')
  })

  test('a refused worksheet says so where the user looks: a toast with the count, the first field in error focused, its error gone once typed in (issue 35)', async ({
    browser,
    assert,
  }) => {
    const alkes = await monitorWithTemplate()
    const { order, devices } = await monitorOrder(alkes)
    await standardCalibrator({
      name: 'Simulator Tanpa SpO2',
      uncertainties: [['Heart rate', 'bpm', 0.5]],
    })
    const officer = await person(browser, 'officer_pk@kalibra.test')
    await officer.goto(`${baseUrl()}/internal/${order.id}/worksheet/pk/${devices[0].id}/edit`)
    await officer.getByLabel('Tanggal Pengerjaan').fill('2026-03-03')
    await officer.getByText(/Simulator Tanpa SpO2/).waitFor()
    await officer.getByRole('checkbox', { name: /Simulator Tanpa SpO2/ }).check()
    // The missing SpO2 uncertainty is told as soon as the calibrator is chosen.
    await officer.getByText(/tidak menyatakan U untuk SpO2 90 %/).waitFor()
    // The reference select names the calibrator "Otomatis" stands for, and so does the U's hint.
    const reference = officer.getByLabel('Heart rate 60 bpm acuan')
    assert.match(
      await reference.locator('option').first().innerText(),
      /^Otomatis: Simulator Tanpa SpO2 \(/
    )
    await officer.getByText('Dari sertifikat Simulator Tanpa SpO2.').first().waitFor()
    await officer.getByLabel('Suhu Ruangan (°C)').fill('24')
    await officer.getByLabel('Kelembapan (%RH)').fill('60')
    await readPoint(officer, 'Heart rate 60 bpm', ['60', '61', '60'])
    await readPoint(officer, 'SpO2 90 %', ['91', '92', '91'])
    // The 120 bpm point is left unread: two points cannot be computed.
    await officer.getByRole('button', { name: 'Simpan' }).click()
    await officer.getByText('2 titik belum lengkap', { exact: true }).waitFor()
    const first = officer.getByRole('alert').first()
    const viewport = officer.viewportSize()!
    // Scrolled there once the errors are drawn (a moment after the refusal's toast).
    const inView = async () => {
      const box = await first.boundingBox()
      return box !== null && box.y >= 0 && box.y + box.height <= viewport.height
    }
    for (let tries = 0; tries < 20 && !(await inView()); tries++) await officer.waitForTimeout(100)
    assert.isTrue(await inView(), 'in view')
    // Typing the missing uncertainty clears that point's errors.
    await officer.getByLabel('U acuan (%)').fill('1')
    await officer.getByText(/tidak menyatakan U untuk SpO2 90 %/).waitFor({ state: 'detached' })
  })
})
