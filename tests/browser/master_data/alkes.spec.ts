import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import type { Page } from 'playwright'
import Alkes from '#models/alkes'
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
import { createDeviceType } from '#tests/factories/device_types'

const categoryField = (page: Page) => page.getByLabel('Kategori (UKPR)')

/** The hint under the price field, which spells the typed amount in rupiah. */
const priceHint = (page: Page) =>
  page.getByLabel('Tarif (Rp)').locator('xpath=following-sibling::p[1]')

/** Issue 3, devices: create and edit through the form, price in rupiah, the UKPR category. */
test.group('Master data: alkes', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('yantek adds a UKPR device with its category and a rupiah price, then edits it', async ({
    browserContext,
    assert,
  }) => {
    const page = await browserContext.newPage()
    await signIn(page, 'yantek@kalibra.test')
    await go(page, '/alkes/data')
    await page.getByRole('heading', { name: 'Data Alkes' }).waitFor()
    await page.getByText(/^Menampilkan \d+-\d+ dari \d+ data$/).waitFor()
    await shot(page, 'alkes-list')

    await page.getByRole('link', { name: 'Tambah Alkes' }).click()
    await page.waitForURL('**/alkes/data/create')
    await page.getByRole('heading', { name: 'Tambah Alkes' }).waitFor()

    // The category field exists only for UKPR devices.
    const laboratory = page.getByLabel('Laboratorium')
    assert.equal(await laboratory.inputValue(), 'PK')
    assert.equal(await categoryField(page).count(), 0)
    await laboratory.selectOption('UKPR')
    await categoryField(page).waitFor()
    await laboratory.selectOption('SARPRAS')
    assert.equal(await categoryField(page).count(), 0)
    await laboratory.selectOption('UKPR')
    await categoryField(page).fill('Radiologi Diagnostik')

    await page.getByLabel('Nama Alkes').fill('Mobile X-Ray Uji Kalibra')
    await page.getByLabel('Kode Alkes').fill('UJI-XR-001')
    assert.equal(await page.getByLabel('Interval Rekalibrasi (bulan)').inputValue(), '12')
    assert.equal(await priceHint(page).innerText(), 'Rupiah, boleh dengan titik: 1.500.000')
    // Typed as people write amounts; stored as the number.
    await page.getByLabel('Tarif (Rp)').fill('1.250.000')
    assert.equal(await priceHint(page).innerText(), 'Rp 1.250.000')
    await page.getByLabel('Estimasi Waktu (menit)').fill('180')
    await page.getByLabel('Kode Metode Kerja').fill('MK-UJI-01')
    await page.getByLabel('Jumlah Halaman Sertifikat').fill('4')
    await page.getByLabel('Pengujian terakreditasi KAN').check()
    await shot(page, 'alkes-create-form')
    await page.getByRole('button', { name: 'Simpan' }).click()

    await expectToast(page, 'Alkes Mobile X-Ray Uji Kalibra berhasil ditambahkan.')
    await page.waitForURL((url) => url.pathname === '/alkes/data')
    const created = await Alkes.findByOrFail('alkes_code', 'UJI-XR-001')
    assert.equal(Number(created.price), 1250000)
    assert.equal(created.laboratory, 'UKPR')
    assert.equal(created.category, 'Radiologi Diagnostik')
    assert.equal(Number(created.recalibrationMonths), 12)

    let rows = await searchList(page, 'Mobile X-Ray Uji Kalibra')
    let cells = await texts(rows.first().locator('td'))
    // Name, price, minutes, then Pengujian KAN, Kalibrasi KAN, Alat Datang, Insitu, Tuntung Saharian.
    assert.deepEqual(cells.slice(1, 9), [
      'Mobile X-Ray Uji Kalibra',
      'Rp 1.250.000',
      '180',
      'Ya',
      'Tidak',
      'Ya',
      'Ya',
      'Tidak',
    ])
    await rows.first().getByRole('button', { name: 'Lihat detail' }).click()
    let detail = await page.getByTestId('row-detail').innerText()
    assert.include(detail, 'UJI-XR-001')
    assert.include(detail, 'UKPR - Radiologi Diagnostik')
    assert.include(detail, '12 bulan')
    await shot(page, 'alkes-list-after-create')

    await rows.first().getByRole('link', { name: 'Ubah' }).click()
    await page.waitForURL(`**/alkes/data/${created.id}/edit`)
    await page.getByRole('heading', { name: 'Ubah Alkes' }).waitFor()
    assert.equal(await laboratory.inputValue(), 'UKPR')
    assert.equal(await categoryField(page).inputValue(), 'Radiologi Diagnostik')
    assert.equal(await page.getByLabel('Tarif (Rp)').inputValue(), '1.250.000')
    assert.equal(await priceHint(page).innerText(), 'Rp 1.250.000')
    assert.isTrue(await page.getByLabel('Pengujian terakreditasi KAN').isChecked())
    await shot(page, 'alkes-edit-form')

    await page.getByLabel('Tarif (Rp)').fill('1500000')
    assert.equal(await priceHint(page).innerText(), 'Rp 1.500.000')
    await page.getByLabel('Estimasi Waktu (menit)').fill('240')
    await page.getByLabel('Interval Rekalibrasi (bulan)').fill('24')
    await page.getByLabel('Kategori (UKPR)').fill('Radiologi Intervensional')
    await page.getByLabel('Kalibrasi terakreditasi KAN').check()
    await page.getByLabel('Layanan insitu').uncheck()
    await page.getByRole('button', { name: 'Simpan' }).click()

    await expectToast(page, 'Alkes Mobile X-Ray Uji Kalibra berhasil diperbarui.')
    await page.waitForURL((url) => url.pathname === '/alkes/data')
    // Searched by code: a search not made before the edit (the list's stale cache is covered in list_refresh.spec.ts).
    rows = await searchList(page, 'UJI-XR-001')
    cells = await texts(rows.first().locator('td'))
    assert.deepEqual(cells.slice(1, 9), [
      'Mobile X-Ray Uji Kalibra',
      'Rp 1.500.000',
      '240',
      'Ya',
      'Ya',
      'Ya',
      'Tidak',
      'Tidak',
    ])
    await rows.first().getByRole('button', { name: 'Lihat detail' }).click()
    detail = await page.getByTestId('row-detail').innerText()
    assert.include(detail, 'UKPR - Radiologi Intervensional')
    assert.include(detail, '24 bulan')
    await shot(page, 'alkes-list-after-edit')
  })

  test('admin_pk moves a UKPR device to PK: the category field goes away and is not kept', async ({
    browserContext,
    assert,
  }) => {
    const device = await createDeviceType(
      {
        name: 'Dental X-Ray Uji Pindah',
        laboratory: 'UKPR',
        category: 'Radiologi Diagnostik',
        price: 900000,
        minuteEstimation: 120,
        alkesCode: 'UJI-DX-002',
        recalibrationMonths: 12,
        isTuntungSeharian: false,
        pengujianIsKan: false,
        kalibrasiIsKan: false,
        hasLaikDescription: true,
      },
      ['internal', 'insitu']
    )
    const page = await browserContext.newPage()
    await signIn(page, 'admin_pk@kalibra.test')
    await go(page, `/alkes/data/${device.id}/edit`)
    await categoryField(page).waitFor()
    await page.getByLabel('Laboratorium').selectOption('PK')
    assert.equal(await categoryField(page).count(), 0)
    await page.getByRole('button', { name: 'Simpan' }).click()
    await expectToast(page, 'Alkes Dental X-Ray Uji Pindah berhasil diperbarui.')

    const rows = await searchList(page, 'UJI-DX-002')
    await rows.first().getByRole('button', { name: 'Lihat detail' }).click()
    const detail = await page.getByTestId('row-detail').innerText()
    assert.match(detail, /Laboratorium\s+PK(?!\s*-)/)
    await device.refresh()
    assert.equal(device.laboratory, 'PK')
    assert.isNull(device.category)
  })

  test('bad values show Indonesian errors under the fields and keep what was typed', async ({
    browserContext,
    assert,
  }) => {
    const taken = await Alkes.query().orderBy('id').firstOrFail()
    const before = await countRows('alkes')
    const page = await browserContext.newPage()
    await signIn(page, 'admin_pk@kalibra.test')
    await go(page, '/alkes/data/create')
    await page.getByLabel('Nama Alkes').fill('Autoclave Uji Salah')
    await page.getByLabel('Kode Alkes').fill(taken.alkesCode)
    await page.getByLabel('Tarif (Rp)').fill('-5000')
    await page.getByLabel('Estimasi Waktu (menit)').fill('90.5')
    await page.getByLabel('Interval Rekalibrasi (bulan)').fill('0')
    await page.getByRole('button', { name: 'Simpan' }).click()

    await page.getByRole('alert').first().waitFor()
    await shot(page, 'alkes-create-form-errors')
    assert.equal(new URL(page.url()).pathname, '/alkes/data/create')
    assert.equal(await fieldError(page, 'Kode Alkes'), 'Kode alkes sudah digunakan.')
    assert.equal(await fieldError(page, 'Tarif (Rp)'), 'Tarif minimal 0.')
    assert.equal(
      await fieldError(page, 'Estimasi Waktu (menit)'),
      'Estimasi waktu (menit) harus berupa bilangan bulat.'
    )
    assert.equal(
      await fieldError(page, 'Interval Rekalibrasi (bulan)'),
      'Interval rekalibrasi (bulan) harus di antara 1 dan 120.'
    )
    assert.isNull(await fieldError(page, 'Nama Alkes'))

    assert.equal(await page.getByLabel('Nama Alkes').inputValue(), 'Autoclave Uji Salah')
    assert.equal(await page.getByLabel('Kode Alkes').inputValue(), taken.alkesCode)
    assert.equal(await page.getByLabel('Tarif (Rp)').inputValue(), '-5000')
    assert.equal(await page.getByLabel('Estimasi Waktu (menit)').inputValue(), '90.5')
    assert.equal(await page.getByLabel('Interval Rekalibrasi (bulan)').inputValue(), '0')
    assert.equal(await countRows('alkes'), before)
  })
})
