import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import Calibrator from '#models/calibrator'
import User from '#models/user'
import {
  countRows,
  expectToast,
  fieldError,
  go,
  searchList,
  shot,
  signIn,
  texts,
} from './helpers.js'

const officerLabel = (user: User) => (user.nip ? `${user.name} (${user.nip})` : user.name)

/** Issue 3, calibrators: create and edit through the form, the person in charge chosen from the officers. */
test.group('Master data: calibrators', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('admin_pk adds a calibrator with its person in charge, then edits it', async ({
    browserContext,
    assert,
  }) => {
    const officerPk = await User.findByOrFail('email', 'officer_pk@kalibra.test')
    const officerUkpr = await User.findByOrFail('email', 'officer_ukpr@kalibra.test')
    const staff = await db
      .from('users')
      .whereNull('fasyankes_id')
      .select('name', 'nip')
      .orderBy('name')
    const facilityAccount = await User.findByOrFail('email', 'fasyankes@kalibra.test')

    const page = await browserContext.newPage()
    await signIn(page, 'admin_pk@kalibra.test')
    await go(page, '/calibrator/data')
    await page.getByRole('heading', { name: 'Data Kalibrator' }).waitFor()
    await page.getByText(/^Menampilkan \d+-\d+ dari \d+ data$/).waitFor()
    await shot(page, 'calibrator-list')

    await page.getByRole('link', { name: 'Tambah Kalibrator' }).click()
    await page.waitForURL('**/calibrator/data/create')
    await page.getByRole('heading', { name: 'Tambah Kalibrator' }).waitFor()

    // The person-in-charge select lists every officer (the original left it empty), and no facility login.
    const pic = page.getByLabel('Penanggung Jawab')
    const options = await texts(pic.locator('option'))
    const offered = options.filter((label) => label !== 'Belum ditentukan')
    assert.isAbove(offered.length, 10)
    assert.deepEqual(
      offered,
      staff.map((o) => (o.nip ? `${o.name} (${o.nip})` : o.name))
    )
    assert.include(offered, officerLabel(officerPk))
    assert.notInclude(offered, facilityAccount.name)
    assert.equal(await pic.inputValue(), '')

    await page.getByLabel('Nama Kalibrator').fill('Electrical Safety Analyzer Uji')
    await page.getByLabel('Merk').fill('Fluke')
    await page.getByLabel('Nomor Seri').fill('UJI-SN-0001')
    await page.getByLabel('Kategori Tipe/Model').selectOption('Model')
    // The type/model field is labelled with the chosen category.
    await page.getByLabel('Model', { exact: true }).fill('ESA615-UJI')
    await page.getByLabel('Jumlah Kanal').fill('3')
    await page.getByLabel('Unit').selectOption({ label: 'PK' })
    await pic.selectOption({ label: officerLabel(officerPk) })
    assert.equal(await page.getByLabel('Kondisi').inputValue(), 'Good')
    await page.getByLabel('Tanggal Kalibrasi Terakhir').fill('2026-01-15')
    await page.getByLabel('Tanggal Kalibrasi Berikutnya').fill('2027-01-15')
    await shot(page, 'calibrator-create-form')
    await page.getByRole('button', { name: 'Simpan' }).click()

    await expectToast(
      page,
      'Kalibrator Electrical Safety Analyzer Uji (UJI-SN-0001) berhasil ditambahkan.'
    )
    await page.waitForURL((url) => url.pathname === '/calibrator/data')
    const created = await Calibrator.findByOrFail('serial_number', 'UJI-SN-0001')
    assert.equal(created.bpfkUserId, officerPk.id)

    let rows = await searchList(page, 'UJI-SN-0001')
    let cells = await texts(rows.first().locator('td'))
    assert.deepEqual(cells.slice(1, 9), [
      'Electrical Safety Analyzer Uji',
      'Fluke',
      'ESA615-UJI',
      'UJI-SN-0001',
      '3',
      'PK',
      'Baik',
      'Tersedia',
    ])
    await rows.first().getByRole('button', { name: 'Lihat detail' }).click()
    let detail = await page.getByTestId('row-detail').innerText()
    assert.include(detail, officerPk.name)
    assert.include(detail, '15 Januari 2026')
    assert.include(detail, '15 Januari 2027')
    await shot(page, 'calibrator-list-after-create')

    await rows.first().getByRole('link', { name: 'Ubah' }).click()
    await page.waitForURL(`**/calibrator/data/${created.id}/edit`)
    await page.getByRole('heading', { name: 'Ubah Kalibrator' }).waitFor()
    assert.equal(await pic.inputValue(), String(officerPk.id))
    assert.equal(await page.getByLabel('Model', { exact: true }).inputValue(), 'ESA615-UJI')
    assert.equal(await page.getByLabel('Tanggal Kalibrasi Terakhir').inputValue(), '2026-01-15')
    assert.equal(await page.getByLabel('Tanggal Kalibrasi Berikutnya').inputValue(), '2027-01-15')
    await shot(page, 'calibrator-edit-form')

    await page.getByLabel('Unit').selectOption({ label: 'UKPR' })
    await pic.selectOption({ label: officerLabel(officerUkpr) })
    await page.getByLabel('Kondisi').selectOption({ label: 'Tidak Baik' })
    await page.getByLabel('Jumlah Kanal').fill('4')
    await page.getByLabel('Tanggal Kalibrasi Berikutnya').fill('2026-07-31')
    await page.getByRole('button', { name: 'Simpan' }).click()

    await expectToast(page, 'Kalibrator Electrical Safety Analyzer Uji berhasil diperbarui.')
    await page.waitForURL((url) => url.pathname === '/calibrator/data')
    // Searched by model: a search not made before the edit (the list's stale cache is covered in list_refresh.spec.ts).
    rows = await searchList(page, 'ESA615-UJI')
    cells = await texts(rows.first().locator('td'))
    assert.deepEqual(cells.slice(1, 9), [
      'Electrical Safety Analyzer Uji',
      'Fluke',
      'ESA615-UJI',
      'UJI-SN-0001',
      '4',
      'UKPR',
      'Tidak Baik',
      'Tersedia',
    ])
    await rows.first().getByRole('button', { name: 'Lihat detail' }).click()
    detail = await page.getByTestId('row-detail').innerText()
    assert.include(detail, officerUkpr.name)
    assert.include(detail, '31 Juli 2026')
    await shot(page, 'calibrator-list-after-edit')
  })

  test('bad values show Indonesian errors under the fields and keep what was typed', async ({
    browserContext,
    assert,
  }) => {
    const taken = await Calibrator.query().orderBy('id').firstOrFail()
    const before = await countRows('calibrators')
    const page = await browserContext.newPage()
    await signIn(page, 'admin_pk@kalibra.test')
    await go(page, '/calibrator/data/create')
    await page.getByLabel('Nama Kalibrator').fill('Kalibrator Uji Salah')
    await page.getByLabel('Merk').fill('Rigel')
    await page.getByLabel('Nomor Seri').fill(taken.serialNumber)
    await page.getByLabel('Jumlah Kanal').fill('0')
    // No unit chosen.
    await page.getByLabel('Tanggal Kalibrasi Terakhir').fill('2026-03-01')
    await page.getByRole('button', { name: 'Simpan' }).click()

    await page.getByRole('alert').first().waitFor()
    await shot(page, 'calibrator-create-form-errors')
    assert.equal(new URL(page.url()).pathname, '/calibrator/data/create')
    assert.equal(await fieldError(page, 'Nomor Seri'), 'Nomor seri sudah digunakan.')
    assert.equal(await fieldError(page, 'Jumlah Kanal'), 'Jumlah kanal harus di antara 1 dan 1000.')
    assert.equal(await fieldError(page, 'Unit'), 'Unit wajib diisi.')
    assert.isNull(await fieldError(page, 'Nama Kalibrator'))

    assert.equal(await page.getByLabel('Nama Kalibrator').inputValue(), 'Kalibrator Uji Salah')
    assert.equal(await page.getByLabel('Merk').inputValue(), 'Rigel')
    assert.equal(await page.getByLabel('Nomor Seri').inputValue(), taken.serialNumber)
    assert.equal(await page.getByLabel('Jumlah Kanal').inputValue(), '0')
    assert.equal(await page.getByLabel('Tanggal Kalibrasi Terakhir').inputValue(), '2026-03-01')
    assert.equal(await countRows('calibrators'), before)
  })

  test('a next calibration date before the last one is explained in words, not with a field key', async ({
    browserContext,
    assert,
  }) => {
    const page = await browserContext.newPage()
    await signIn(page, 'admin_pk@kalibra.test')
    await go(page, '/calibrator/data/create')
    await page.getByLabel('Nama Kalibrator').fill('Kalibrator Tanggal Terbalik')
    await page.getByLabel('Nomor Seri').fill('UJI-SN-TANGGAL')
    await page.getByLabel('Unit').selectOption({ label: 'PK' })
    await page.getByLabel('Tanggal Kalibrasi Terakhir').fill('2026-03-01')
    await page.getByLabel('Tanggal Kalibrasi Berikutnya').fill('2025-03-01')
    await page.getByRole('button', { name: 'Simpan' }).click()

    await page.getByRole('alert').first().waitFor()
    const message = String(await fieldError(page, 'Tanggal Kalibrasi Berikutnya'))
    assert.match(message, /^Tanggal kalibrasi berikutnya harus setelah/)
    assert.notInclude(
      message,
      'last_calibration_date',
      `the message names the raw field key: "${message}"`
    )
    assert.match(
      message,
      /^Tanggal kalibrasi berikutnya harus setelah tanggal kalibrasi terakhir\.$/i
    )
    assert.equal(await page.getByLabel('Tanggal Kalibrasi Berikutnya').inputValue(), '2025-03-01')
  })
})
