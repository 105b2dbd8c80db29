import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import type { Browser, Locator, Page } from 'playwright'
import { orderRow } from '#tests/functional/internal_orders/_support'
import { DEFAULT_APPROVAL_DESCRIPTION } from '#workflows/internal_order_workflow'
import { createDeviceType } from '#tests/factories/device_types'

/**
 * One incoming-equipment order from the facility's request to SELESAI in
 * Chromium, each person at their own browser and signing in through the
 * login form, as they would in the lab:
 *   fasyankes@kalibra.test  requests, follows the order, answers the questionnaire;
 *   admin_pk@kalibra.test   approves, receives the devices, assigns the officer;
 *   officer_pk@kalibra.test (Fajar Ramadhan) fills each worksheet;
 *   yantek@kalibra.test     attaches the certificates and hands the devices over.
 * After every step the facility's own view is checked: the status on its
 * summary, and no button meant for the staff.
 */
const base = () => `http://${process.env.HOST}:${process.env.PORT}`
const PASSWORD = 'kalibra2026'
const OFFICER_NAME = 'Fajar Ramadhan, S.Tr.T.'

/** Staff-only controls a facility must never be offered. */
const STAFF_ONLY = [
  'Terima',
  'Tolak',
  'Tambah Permintaan',
  'Terima Alat',
  'Pilih Petugas',
  'Serah Terima',
  'Lembar Kerja',
  'Cetak Bukti Penerimaan',
  'Cetak Bukti Serah Terima',
]

async function person(browser: Browser, email: string) {
  // Each person has their own browser profile, in the lab's time zone.
  const context = await browser.newContext({ timezoneId: 'Asia/Makassar', locale: 'id-ID' })
  const page = await context.newPage()
  page.on('pageerror', (error) => console.log(`[${email}] page error: ${error.message}`))
  await page.goto(`${base()}/login`)
  await page.fill('input[name=email]', email)
  await page.fill('input[name=password]', PASSWORD)
  await page.getByRole('button', { name: 'Masuk' }).click()
  await page.waitForURL((url) => !url.pathname.startsWith('/login'))
  return page
}

const go = (page: Page, path: string) => page.goto(`${base()}${path}`)

/** The order's status badge on its detail/summary page. */
async function orderStatus(page: Page) {
  const badge = page
    .getByTestId('order-actions')
    .locator('xpath=preceding-sibling::div[1]//span[contains(@class,"rounded-full")]')
  const text = await badge.innerText()
  return text.trim()
}

/** The labels of the buttons and links the order page offers. */
async function offered(page: Page) {
  const actions = page.getByTestId('order-actions')
  await actions.waitFor({ state: 'attached' })
  const texts = await actions.locator('a, button').allInnerTexts()
  return texts.map((text) => text.trim())
}

async function waitForStatus(page: Page, status: string) {
  await page
    .getByTestId('order-actions')
    .locator('xpath=preceding-sibling::div[1]//span[contains(@class,"rounded-full")]', {
      hasText: new RegExp(`^${status}$`),
    })
    .waitFor({ state: 'attached' })
}

/** Waits (up to 15 s) until the locator matches `expected` elements; answers the last count. */
async function countOf(locator: Locator, expected: number) {
  let count = await locator.count()
  for (let waited = 0; count !== expected && waited < 15_000; waited += 100) {
    await new Promise((resolve) => setTimeout(resolve, 100))
    count = await locator.count()
  }
  return count
}

/** Table rows whose status badge reads exactly `status`. */
const rowsWithStatus = (page: Page, status: string) =>
  page.locator('tbody tr').filter({ has: page.getByText(status, { exact: true }) })

/** Saves a form page with its "Simpan" button and waits for the next page. */
async function save(page: Page, nextPath: RegExp) {
  await page.getByRole('button', { name: 'Simpan', exact: true }).click()
  await page.waitForURL((url) => nextPath.test(url.pathname))
}

test.group('Internal order | end to end in Chromium', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test("a facility's request goes through approval, receiving, work, hand-over and feedback to SELESAI", async ({
    browser,
    assert,
  }) => {
    const tag = `E2E${process.pid.toString(36)}${Date.now().toString(36)}`
    // The walk's dates (4-8 March 2027) are working days here: the national calendar's
    // Nyepi on 8 March 2027 is taken out for this test only (its transaction rolls back).
    await db
      .from('holidays')
      .where('date', '>=', '2027-03-01')
      .where('date', '<=', '2027-03-31')
      .delete()
    const tensimeter = await createDeviceType(
      {
        name: `Tensimeter Digital ${tag}`,
        laboratory: 'PK',
        price: 150_000,
        minuteEstimation: 240,
        alkesCode: `T-${tag}`,
        recalibrationMonths: 12,
      },
      ['internal']
    )
    const thermometer = await createDeviceType(
      {
        name: `Termometer Klinik ${tag}`,
        laboratory: 'PK',
        price: 80_000,
        minuteEstimation: 45,
        alkesCode: `K-${tag}`,
        recalibrationMonths: 12,
      },
      ['internal']
    )

    /* ------------------------------------------------------------ 1. the facility requests */
    const facility = await person(browser, 'fasyankes@kalibra.test')
    await go(facility, '/internal/create')
    await facility.getByRole('heading', { name: 'Ajukan Permintaan Alat Datang' }).waitFor()
    // A facility files for itself: no facility chooser.
    assert.equal(await facility.getByLabel('Fasyankes', { exact: true }).count(), 0)
    await facility.getByLabel(/Surat Permohonan/).setInputFiles({
      name: 'surat-permohonan.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from(
        '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n'
      ),
    })
    // Delivery Thu 4 Mar 2027, arrival Fri 5 Mar 2027 (1 Mar 2027 is a Monday).
    await facility.getByLabel('Estimasi Tanggal Pengiriman').fill('2027-03-04')
    await facility.getByLabel('Estimasi Tanggal Tiba').fill('2027-03-05')
    await facility.getByLabel('Nama Narahubung').fill('Rahmat Hidayat')
    await facility.getByLabel('Telepon Narahubung').fill('081234567890')
    // "Via Travel" asks for the travel's name; back to the first party it is gone.
    await facility.getByLabel('Opsi Pengiriman').selectOption('Via Travel')
    await facility.getByLabel(/Nama Travel/).waitFor()
    await facility.getByLabel('Opsi Pengiriman').selectOption('Diantar oleh pihak pertama')
    assert.equal(await facility.getByLabel(/Nama Travel/).count(), 0)

    await facility.getByLabel('Cari alat').fill(tag)
    await facility.getByLabel(`Jumlah ${tensimeter.name}`).fill('2')
    await facility.getByLabel(`Jumlah ${thermometer.name}`).fill('1')
    await facility.getByLabel(`Keterangan ${thermometer.name}`).fill('Ruang Perawatan Anak')
    const summary = facility.getByTestId('order-summary')
    // 2 x 150.000 + 1 x 80.000 = 380.000; 3 devices.
    await summary.getByText('Rp 380.000').waitFor()
    assert.include(await summary.innerText(), '3 alat')
    // Work: 2 x 240 + 1 x 45 = 525 min = 8 h 45 min (display days are 1440 min).
    assert.equal(
      await facility.getByTestId('estimate-duration').innerText(),
      '0 hari 8 jam 45 menit'
    )
    // From Fri 5 Mar 08:00, Friday holds 510 min (to 16:30); 15 min are left for
    // Monday 8 Mar: done 08:15.
    assert.equal(
      await facility.getByTestId('estimate-done').innerText(),
      'Perkiraan selesai 8 Maret 2027 pukul 08:15'
    )
    await save(facility, /^\/internal\/\d+\/summary$/)
    const orderId = Number(facility.url().match(/\/internal\/(\d+)\/summary/)![1])
    const order = await orderRow(orderId)
    assert.match(order.number, /^DT\/\d{4}\/\d{2}\/\d{4}$/)
    await facility.getByText(`Permintaan ${order.number} berhasil diajukan.`).first().waitFor()
    assert.equal(await orderStatus(facility), 'MENUNGGU')
    // The server's estimate agrees with the one the form showed.
    assert.include(await facility.locator('dl').innerText(), '8 Maret 2027 08:15 WITA')
    const firstButtons = await offered(facility)
    assert.deepEqual(firstButtons.sort(), ['Hapus Permintaan', 'Ubah'])
    const deviceRows = await db.from('order_devices').where('order_id', orderId).orderBy('id')
    const devices = deviceRows.map((d) => ({ id: Number(d.id), alkesId: Number(d.alkes_id) }))
    assert.lengthOf(devices, 3)

    const checkFacility = async (status: string, buttons: string[]) => {
      await go(facility, `/internal/${orderId}/summary`)
      await waitForStatus(facility, status)
      const shown = await offered(facility)
      assert.deepEqual(shown.sort(), [...buttons].sort(), `facility buttons in ${status}`)
      for (const label of STAFF_ONLY) assert.notInclude(shown, label, `${label} in ${status}`)
      // The facility's own view has no per-device action links either.
      assert.equal(await facility.getByRole('link', { name: 'Batal Uji' }).count(), 0)
      assert.equal(await facility.getByRole('button', { name: 'Hapus', exact: true }).count(), 0)
    }

    /* ------------------------------------------------------------ 2. admin_pk approves */
    const admin = await person(browser, 'admin_pk@kalibra.test')
    await go(admin, `/internal/${orderId}/detail`)
    await waitForStatus(admin, 'MENUNGGU')
    await admin
      .getByTestId('order-actions')
      .getByRole('link', { name: 'Terima', exact: true })
      .click()
    await admin.waitForURL(`**/internal/${orderId}/confirm/approve`)
    // The default approval text is there, ready to send.
    assert.equal(await admin.getByLabel('Keterangan').inputValue(), DEFAULT_APPROVAL_DESCRIPTION)
    await save(admin, /\/detail$/)
    await waitForStatus(admin, 'ORDER DITERIMA')

    await checkFacility('ORDER DITERIMA', [])
    assert.include(
      await facility.getByTestId('order-actions').locator('xpath=..').innerText(),
      DEFAULT_APPROVAL_DESCRIPTION
    )

    /* ------------------------------------------------------------ 3. admin_pk receives the devices */
    await admin.getByTestId('order-actions').getByRole('link', { name: 'Terima Alat' }).click()
    await admin.getByRole('heading', { name: 'Penerimaan Alat' }).waitFor()
    for (let i = 1; i <= 3; i++) {
      await admin.getByLabel(`Merk ${i}`, { exact: true }).fill(i < 3 ? 'Omron' : 'Onemed')
      await admin.getByLabel(`Model ${i}`, { exact: true }).fill(i < 3 ? 'HEM-7120' : 'TD-100')
      await admin.getByLabel(`Nomor Seri ${i}`, { exact: true }).fill(`SN-${tag}-${i}`)
    }
    // The seven checklist booleans default to true.
    const checklist = admin.locator('fieldset input[type=checkbox]')
    assert.equal(await checklist.count(), 7)
    for (let i = 0; i < 7; i++) assert.isTrue(await checklist.nth(i).isChecked())
    await save(admin, /\/detail$/)
    await waitForStatus(admin, 'ALAT DITERIMA')
    await checkFacility('ALAT DITERIMA', [])

    /* ------------------------------------------------------------ 4. admin_pk assigns Fajar Ramadhan */
    await admin.getByTestId('order-actions').getByRole('link', { name: 'Pilih Petugas' }).click()
    await admin.getByRole('heading', { name: 'Pilih Petugas' }).waitFor()
    const perDevice = admin.locator(
      'select[aria-label^="Petugas "]:not([aria-label="Petugas untuk semua alat"])'
    )
    assert.equal(await perDevice.count(), 3)
    for (let i = 0; i < 3; i++) await perDevice.nth(i).selectOption({ label: OFFICER_NAME })
    await save(admin, /\/detail$/)
    await waitForStatus(admin, 'PROSES PENGERJAAN')
    await admin.getByRole('tab', { name: 'Detail Alat' }).click()
    const deviceTable = admin.getByRole('tabpanel').filter({ hasText: 'Merk / Model / SN' }).first()
    assert.equal(
      await countOf(deviceTable.getByRole('cell', { name: OFFICER_NAME, exact: true }), 3),
      3
    )
    await checkFacility('PROSES PENGERJAAN', [])

    /* ------------------------------------------------------------ 5. Fajar fills each worksheet */
    const officer = await person(browser, 'officer_pk@kalibra.test')
    await go(officer, `/internal/${orderId}/detail`)
    await officer.getByTestId('order-actions').getByRole('link', { name: 'Lembar Kerja' }).click()
    await officer.getByRole('heading', { name: 'Lembar Kerja PK' }).waitFor()
    for (const [index, device] of devices.entries()) {
      await go(officer, `/internal/${orderId}/worksheet/pk`)
      await officer.getByRole('heading', { name: 'Lembar Kerja PK' }).waitFor()
      await officer.locator(`a[href="/internal/${orderId}/worksheet/pk/${device.id}/edit"]`).click()
      await officer.getByLabel('Nomor Sertifikat').waitFor()
      // What the lab received is already there.
      assert.equal(await officer.getByLabel('Nomor Seri').inputValue(), `SN-${tag}-${index + 1}`)
      assert.equal(
        await officer.getByLabel('Tempat Pengerjaan').inputValue(),
        'Laboratorium Kalibrasi Kalibra'
      )
      // The result is chosen, never pre-selected.
      assert.equal(await officer.getByLabel('Hasil').inputValue(), '')
      if (index === 1) {
        // Certificate numbers are unique: the first unit's number is refused under the field.
        await officer.getByLabel('Nomor Sertifikat').fill(`PK/${tag}/1`)
        await officer.getByLabel('Hasil').selectOption({ label: 'LAIK' })
        await officer.getByRole('button', { name: 'Simpan', exact: true }).click()
        await officer
          .getByRole('alert')
          .filter({ hasText: 'Nomor sertifikat ini sudah dipakai alat lain.' })
          .waitFor()
        assert.match(officer.url(), /\/edit$/)
      }
      await officer.getByLabel('Nomor Sertifikat').fill(`PK/${tag}/${index + 1}`)
      await officer.getByLabel('Tanggal Pengerjaan').fill('2026-03-08')
      await officer.getByLabel('Nama Ruangan').fill('Ruang Kalibrasi 2')
      await officer.getByLabel('Hasil').selectOption({ label: 'LAIK' })
      await save(officer, /\/worksheet\/pk$/)
    }
    const worksheetRows = officer.locator('tbody tr')
    assert.equal(await countOf(worksheetRows.filter({ hasText: 'Tersimpan' }), 3), 3)
    // Worksheet saved, no certificate yet: still BELUM SELESAI.
    assert.equal(await countOf(rowsWithStatus(officer, 'BELUM SELESAI'), 3), 3)

    /* ------------------------------------------------------------ 6. yantek attaches the certificates */
    const yantek = await person(browser, 'yantek@kalibra.test')
    await go(yantek, `/internal/${orderId}/attachment`)
    await yantek.getByRole('heading', { name: 'Berkas Permintaan' }).waitFor()
    for (const device of devices) {
      await yantek.getByLabel(`Mode certificate ${device.id}`).selectOption('link')
      await yantek
        .getByLabel(`Tautan certificate ${device.id}`)
        .fill(`https://drive.example.com/kalibra/${tag}/sertifikat-${device.id}.pdf`)
      await yantek
        .locator('form', { has: yantek.getByLabel(`Tautan certificate ${device.id}`) })
        .getByRole('button', { name: 'Simpan' })
        .click()
      await yantek
        .locator(`a[href="https://drive.example.com/kalibra/${tag}/sertifikat-${device.id}.pdf"]`)
        .waitFor()
    }
    // Worksheet + certificate: every device is SELESAI.
    await yantek.reload()
    await yantek.getByRole('heading', { name: 'Berkas Permintaan' }).waitFor()
    assert.equal(await countOf(rowsWithStatus(yantek, 'SELESAI'), 3), 3)
    assert.equal(await countOf(rowsWithStatus(yantek, 'BELUM SELESAI'), 0), 0)
    await checkFacility('PROSES PENGERJAAN', [])

    /* ------------------------------------------------------------ 7. yantek hands over */
    await go(yantek, `/internal/${orderId}/detail`)
    await yantek.getByTestId('order-actions').getByRole('link', { name: 'Serah Terima' }).click()
    await yantek.getByRole('heading', { name: 'Serah Terima Alat' }).waitFor()
    assert.equal(await yantek.getByLabel('Nama Penerima').inputValue(), 'Rahmat Hidayat')
    assert.equal(await yantek.getByRole('alert').count(), 0, 'no device left open')
    const flags = yantek.locator('fieldset input[type=checkbox]')
    assert.deepEqual(await Promise.all([0, 1, 2, 3].map((i) => flags.nth(i).isChecked())), [
      true,
      true,
      true,
      false,
    ])
    await save(yantek, /\/detail$/)
    await waitForStatus(yantek, 'MENUNGGU FEEDBACK')
    assert.include(await offered(yantek), 'Cetak Bukti Serah Terima')

    /* ------------------------------------------------------------ 8. the facility answers and is done */
    // The invoice opens for the facility once the devices are back (issue 12).
    await checkFacility('MENUNGGU FEEDBACK', ['Isi Umpan Balik', 'Tagihan'])
    await facility
      .getByTestId('order-actions')
      .getByRole('link', { name: 'Isi Umpan Balik' })
      .click()
    await facility.getByRole('heading', { name: 'Umpan Balik Layanan' }).waitFor()
    await facility.getByLabel('Unit/Ruangan Pengisi').fill('Instalasi Pemeliharaan Sarana')
    const questions = facility.getByRole('radiogroup')
    assert.equal(await questions.count(), 14)
    for (let i = 0; i < 14; i++) {
      await questions
        .nth(i)
        .getByRole('radio', { name: `${(i % 5) + 1} bintang` })
        .click()
    }
    await facility.getByLabel('Kritik dan Saran').fill('Pelayanan cepat, informasi jelas.')
    await save(facility, /\/summary$/)
    await waitForStatus(facility, 'SELESAI')
    const finalButtons = await offered(facility)
    assert.deepEqual(finalButtons, ['Tagihan', 'Berkas'])
    const feedback = await db.from('feedbacks').where('order_id', orderId).first()
    const ratings = JSON.parse(feedback.ratings)
    assert.equal(Object.keys(ratings).length, 14)
    assert.equal(ratings['1_a_K_1'], 1)
    assert.equal(ratings['15_e_K'], 4)

    // Its files: one certificate per device, no upload form, the ASPAK/SRIKANDI downloads.
    await facility.getByTestId('order-actions').getByRole('link', { name: 'Berkas' }).click()
    await facility.getByRole('heading', { name: 'Berkas Permintaan' }).waitFor()
    assert.equal(await countOf(facility.getByRole('link', { name: 'Unduh sertifikat' }), 3), 3)
    assert.equal(await facility.locator('form').count(), 0)
    assert.equal(await facility.getByRole('button', { name: 'Simpan' }).count(), 0)
    await facility.getByRole('link', { name: 'Unduh Format ASPAK' }).waitFor()
    const aspak = await facility.request.get(`${base()}/internal/${orderId}/attachment/aspak`)
    assert.equal(aspak.status(), 200)
    const workbook = await aspak.body()
    assert.equal(workbook.subarray(0, 2).toString(), 'PK')

    // The timeline tells the whole story.
    await go(facility, `/internal/${orderId}/summary`)
    const timeline = await facility.getByTestId('timeline').innerText()
    for (const entry of [
      'Permintaan diajukan',
      'Permintaan diterima',
      'Alat diterima laboratorium',
      'Petugas ditetapkan',
      'Lembar kerja disimpan',
      'Sertifikat diunggah',
      'Alat diserahkan kembali',
      'Umpan balik diisi',
    ])
      assert.include(timeline, entry)

    // The finished devices are in the facility's inventory.
    const inventory = await db.from('inventories').whereIn(
      'order_device_id',
      devices.map((d) => d.id)
    )
    assert.lengthOf(inventory, 3)

    // Staff print both proofs; the facility cannot.
    for (const kind of ['receive', 'handover']) {
      const proof = await admin.request.get(`${base()}/internal/${orderId}/${kind}/print`)
      assert.equal(proof.status(), 200)
      const pdf = await proof.body()
      assert.equal(pdf.subarray(0, 5).toString(), '%PDF-')
      const refused = await facility.request.get(`${base()}/internal/${orderId}/${kind}/print`)
      assert.equal(refused.status(), 403)
    }

    for (const page of [facility, admin, officer, yantek]) await page.context().close()
  }).timeout(300_000)

  test("a wrong letter file is named under its field, and another facility's order is not found", async ({
    browser,
    assert,
  }) => {
    const tag = `E2F${process.pid.toString(36)}${Date.now().toString(36)}`
    const device = await createDeviceType(
      {
        name: `Nebulizer ${tag}`,
        laboratory: 'PK',
        price: 100_000,
        minuteEstimation: 30,
        alkesCode: `N-${tag}`,
        recalibrationMonths: 12,
      },
      ['internal']
    )
    const facility = await person(browser, 'fasyankes@kalibra.test')
    await go(facility, '/internal/create')
    await facility.getByLabel(/Surat Permohonan/).setInputFiles({
      name: 'surat.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('bukan surat resmi'),
    })
    await facility.getByLabel('Nama Narahubung').fill('Rahmat Hidayat')
    await facility.getByLabel('Telepon Narahubung').fill('081234567890')
    await facility.getByLabel('Cari alat').fill(tag)
    await facility.getByLabel(`Jumlah ${device.name}`).fill('1')
    const orderCount = async () => {
      const row = await db.from('orders').count('* as total').first()
      return Number(row.total)
    }
    const before = await orderCount()
    await facility.getByRole('button', { name: 'Simpan', exact: true }).click()
    await facility
      .getByRole('alert')
      .filter({ hasText: /Surat permohonan harus berjenis pdf/ })
      .waitFor()
    assert.equal(new URL(facility.url()).pathname, '/internal/create')
    assert.equal(await orderCount(), before)

    // Now with a PNG scan the order goes through.
    await facility.getByLabel(/Surat Permohonan/).setInputFiles({
      name: 'surat.png',
      mimeType: 'image/png',
      buffer: Buffer.from(
        'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
        'base64'
      ),
    })
    await save(facility, /^\/internal\/\d+\/summary$/)
    const orderId = Number(facility.url().match(/\/internal\/(\d+)\/summary/)![1])

    // The other facility opens that address: not found, nothing of the order shown.
    const stranger = await person(browser, 'fasyankes2@kalibra.test')
    await go(stranger, `/internal/${orderId}/summary`)
    await stranger.getByText('Halaman Tidak Ditemukan').waitFor()
    const order = await orderRow(orderId)
    assert.notInclude(await stranger.locator('body').innerText(), order.number)
    // Its own list does not have it either.
    await go(stranger, '/internal')
    await stranger.getByRole('heading', { name: 'Permintaan Alat Datang' }).waitFor()
    await stranger.waitForLoadState('networkidle')
    assert.notInclude(await stranger.locator('main').innerText(), order.number)

    // An officer trying to approve it out of turn is refused.
    const officer = await person(browser, 'officer_pk@kalibra.test')
    await go(officer, `/internal/${orderId}/confirm/approve`)
    await officer.getByText('Akses Ditolak').waitFor()
    await go(officer, `/internal/${orderId}/detail`)
    await waitForStatus(officer, 'MENUNGGU')
    assert.deepEqual(await offered(officer), [])

    for (const page of [facility, stranger, officer]) await page.context().close()
  }).timeout(120_000)
})
