import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import type { Page } from 'playwright'
import Fasyankes from '#models/fasyankes'
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

/** The options of the city select, without its placeholder. */
async function cityOptions(page: Page) {
  const options = await page.locator('select[name=city] option').allInnerTexts()
  return options.filter((label) => label !== 'Pilih kabupaten/kota')
}

async function regencyNames(provinceCode: string) {
  const rows = await db.from('regencies').where('province_code', provinceCode).orderBy('name')
  return rows.map((row) => row.name as string)
}

/** Issue 3, facilities: create and edit with the province-then-city selection, and who sees the edit actions. */
test.group('Master data: fasyankes', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('yantek creates a facility choosing province then city, its login works, then edits it', async ({
    browserContext,
    assert,
  }) => {
    const page = await browserContext.newPage()
    await signIn(page, 'yantek@kalibra.test')
    await go(page, '/fasyankes/data')
    await page.getByRole('heading', { name: 'Data Fasyankes' }).waitFor()
    await page.getByText(/^Menampilkan \d+-\d+ dari \d+ data$/).waitFor()
    await shot(page, 'fasyankes-list')

    await page.getByRole('link', { name: 'Tambah Fasyankes' }).click()
    await page.waitForURL('**/fasyankes/data/create')
    await page.getByRole('heading', { name: 'Tambah Fasyankes' }).waitFor()

    // No city field until a province is chosen.
    assert.equal(await page.locator('select[name=city]').count(), 0)
    assert.equal(await page.getByLabel('Kabupaten/Kota').count(), 0)
    await shot(page, 'fasyankes-create-form-no-province')

    const province = page.locator('select[name=province]')
    await province.selectOption({ label: 'Bali' })
    await page.locator('select[name=city]').waitFor()
    const bali = await regencyNames('51')
    assert.deepEqual(await cityOptions(page), bali)

    // Another province replaces the list with its own regencies and clears the city.
    await page.locator('select[name=city]').selectOption({ label: 'Kota Denpasar' })
    await province.selectOption({ label: 'Gorontalo' })
    const gorontalo = await regencyNames('75')
    assert.sameMembers(gorontalo, [
      'Kabupaten Boalemo',
      'Kabupaten Bone Bolango',
      'Kabupaten Gorontalo',
      'Kabupaten Gorontalo Utara',
      'Kabupaten Pohuwato',
      'Kota Gorontalo',
    ])
    assert.deepEqual(await cityOptions(page), gorontalo)
    assert.equal(await page.locator('select[name=city]').inputValue(), '')
    await page.locator('select[name=city]').selectOption({ label: 'Kota Gorontalo' })

    await page.getByLabel('Nama Fasyankes').fill('RSUD Uji Kalibra Gorontalo')
    await page.getByLabel('Kategori').selectOption({ label: 'Rumah Sakit' })
    await page.getByLabel('Kelas').selectOption({ label: 'Kelas C' })
    await page.getByLabel('Jenis').selectOption('Negeri')
    await page.getByLabel('Nomor Telepon').fill('0435-821234')
    await page.getByLabel('Alamat').fill('Jl. Uji Coba No. 10, Kota Gorontalo')
    await page.getByLabel('Latitude').fill('0.5435')
    await page.getByLabel('Longitude').fill('123.0595')
    await page.getByLabel('Nama Penanggung Jawab').fill('dr. Rina Uji')
    await page.getByLabel('Telepon Penanggung Jawab').fill('081234567890')
    await page.getByLabel('Email', { exact: true }).fill('rsud.uji.gorontalo@kalibra.test')
    await page.getByLabel('Kata Sandi', { exact: true }).fill('rahasia-rsud-1')
    await page.getByLabel('Konfirmasi Kata Sandi').fill('rahasia-rsud-1')
    await shot(page, 'fasyankes-create-form')
    await page.getByRole('button', { name: 'Simpan' }).click()

    await expectToast(page, 'Fasyankes RSUD Uji Kalibra Gorontalo dan akunnya berhasil dibuat.')
    await page.waitForURL((url) => url.pathname === '/fasyankes/data')
    const created = await Fasyankes.findByOrFail('fasyankes_name', 'RSUD Uji Kalibra Gorontalo')
    assert.equal(created.provinceCode, '75')
    assert.equal(created.cityCode, '75.71')
    assert.equal(Number(created.latitude), 0.5435)
    assert.equal(Number(created.longitude), 123.0595)

    let rows = await searchList(page, 'RSUD Uji Kalibra Gorontalo')
    const cells = await rows.first().locator('td').allInnerTexts()
    assert.includeMembers(
      cells.map((c) => c.trim()),
      ['RSUD Uji Kalibra Gorontalo', 'Rumah Sakit', 'Kelas C', 'Negeri', 'Gorontalo']
    )
    await rows.first().getByRole('button', { name: 'Lihat detail' }).click()
    const detail = await page.getByTestId('row-detail').innerText()
    assert.include(detail, 'Kota Gorontalo')
    assert.include(detail, 'rsud.uji.gorontalo@kalibra.test')
    assert.include(detail, '0.5435, 123.0595')
    assert.include(detail, 'dr. Rina Uji (081234567890)')
    await shot(page, 'fasyankes-list-after-create')

    // The facility's new login works.
    const login = await browserContext.newPage()
    await login.context().clearCookies()
    await signIn(login, 'rsud.uji.gorontalo@kalibra.test', 'rahasia-rsud-1')
    assert.equal(new URL(login.url()).pathname, '/dashboard')
    await login.close()
    await browserContext.clearCookies()
    await signIn(page, 'yantek@kalibra.test')

    await go(page, '/fasyankes/data')
    rows = await searchList(page, 'RSUD Uji Kalibra Gorontalo')
    await rows.first().getByRole('link', { name: 'Ubah' }).click()
    await page.waitForURL(`**/fasyankes/data/${created.id}/edit`)
    await page.getByRole('heading', { name: 'Ubah Fasyankes' }).waitFor()
    assert.equal(await province.inputValue(), '75')
    assert.equal(await page.locator('select[name=city]').inputValue(), '75.71')
    assert.deepEqual(await cityOptions(page), gorontalo)
    assert.equal(
      await page.getByLabel('Email', { exact: true }).inputValue(),
      'rsud.uji.gorontalo@kalibra.test'
    )
    assert.equal(await page.getByLabel('Latitude').inputValue(), '0.5435')
    await shot(page, 'fasyankes-edit-form')

    await page.getByLabel('Nama Fasyankes').fill('RS Uji Kalibra Makassar')
    await page.getByLabel('Jenis').selectOption('Swasta')
    await province.selectOption({ label: 'Sulawesi Selatan' })
    assert.deepEqual(await cityOptions(page), await regencyNames('73'))
    await page.locator('select[name=city]').selectOption({ label: 'Kota Makassar' })
    await page.getByLabel('Alamat').fill('Jl. Perintis Kemerdekaan Km. 11, Makassar')
    await page.getByLabel('Latitude').fill('-5.1477')
    await page.getByLabel('Longitude').fill('119.4327')
    await page.getByRole('button', { name: 'Simpan' }).click()

    await expectToast(
      page,
      /Data (RS Uji Kalibra Makassar|RSUD Uji Kalibra Gorontalo) berhasil diperbarui\./
    )
    await page.waitForURL((url) => url.pathname === '/fasyankes/data')
    rows = await searchList(page, 'RS Uji Kalibra Makassar')
    const edited = await texts(rows.first().locator('td'))
    assert.includeMembers(edited, ['RS Uji Kalibra Makassar', 'Swasta', 'Sulawesi Selatan'])
    await rows.first().getByRole('button', { name: 'Lihat detail' }).click()
    const editedDetail = await page.getByTestId('row-detail').innerText()
    assert.include(editedDetail, 'Kota Makassar')
    assert.include(editedDetail, '-5.1477, 119.4327')
    await shot(page, 'fasyankes-list-after-edit')

    // The empty password on edit kept the facility's password.
    const account = await User.verifyCredentials(
      'rsud.uji.gorontalo@kalibra.test',
      'rahasia-rsud-1'
    )
    assert.equal(account.fasyankesId, created.id)
  })

  test('bad values show Indonesian errors under the fields and keep what was typed', async ({
    browserContext,
    assert,
  }) => {
    const before = await countRows('fasyankes')
    const page = await browserContext.newPage()
    await signIn(page, 'yantek@kalibra.test')
    await go(page, '/fasyankes/data/create')
    await page.getByLabel('Nama Fasyankes').fill('Klinik Koordinat Salah')
    await page.getByLabel('Kategori').selectOption({ label: 'Klinik Pratama' })
    await page.getByLabel('Kelas').selectOption({ label: 'Pratama' })
    await page.getByLabel('Jenis').selectOption('Swasta')
    await page.getByLabel('Nomor Telepon').fill('telepon?')
    await page.locator('select[name=province]').selectOption({ label: 'Aceh' })
    // No city chosen.
    await page.getByLabel('Alamat').fill('Jl. Teuku Umar No. 5, Banda Aceh')
    await page.getByLabel('Latitude').fill('20')
    await page.getByLabel('Longitude').fill('150.25')
    await page.getByLabel('Nama Penanggung Jawab').fill('Teuku Uji')
    await page.getByLabel('Telepon Penanggung Jawab').fill('081355550000')
    await page.getByLabel('Email', { exact: true }).fill('fasyankes@kalibra.test')
    await page.getByLabel('Kata Sandi', { exact: true }).fill('rahasia-klinik-1')
    await page.getByLabel('Konfirmasi Kata Sandi').fill('rahasia-klinik-1')
    await page.getByRole('button', { name: 'Simpan' }).click()

    await page.getByRole('alert').first().waitFor()
    await shot(page, 'fasyankes-create-form-errors')
    assert.equal(new URL(page.url()).pathname, '/fasyankes/data/create')
    assert.equal(await fieldError(page, 'Kabupaten/Kota'), 'Kabupaten/Kota wajib diisi.')
    assert.match(
      String(await fieldError(page, 'Latitude')),
      /^Latitude harus di antara -11[.,]5 dan 6[.,]5\.$/
    )
    assert.match(
      String(await fieldError(page, 'Longitude')),
      /^Longitude harus di antara 94[.,]5 dan 141[.,]5\.$/
    )
    assert.equal(await fieldError(page, 'Email'), 'Email sudah digunakan.')
    assert.match(
      String(await fieldError(page, 'Nomor Telepon')),
      /^Format nomor telepon tidak valid\.$/i
    )
    assert.isNull(await fieldError(page, 'Kata Sandi'))
    assert.isNull(await fieldError(page, 'Nama Fasyankes'))
    assert.isNull(await fieldError(page, 'Alamat'))

    // What was typed is still there, the province included.
    assert.equal(await page.getByLabel('Nama Fasyankes').inputValue(), 'Klinik Koordinat Salah')
    assert.equal(await page.locator('select[name=province]').inputValue(), '11')
    assert.deepEqual(await cityOptions(page), await regencyNames('11'))
    assert.equal(await page.getByLabel('Latitude').inputValue(), '20')
    assert.equal(await page.getByLabel('Longitude').inputValue(), '150.25')
    assert.equal(
      await page.getByLabel('Email', { exact: true }).inputValue(),
      'fasyankes@kalibra.test'
    )
    assert.equal(await page.getByLabel('Jenis').inputValue(), 'Swasta')

    assert.equal(await countRows('fasyankes'), before)
  })

  test('a password confirmation that does not match is explained in words, not with a field key', async ({
    browserContext,
    assert,
  }) => {
    const account = await User.findByOrFail('email', 'fasyankes@kalibra.test')
    const page = await browserContext.newPage()
    await signIn(page, 'yantek@kalibra.test')
    await go(page, `/fasyankes/data/${account.fasyankesId}/edit`)
    await page.getByRole('heading', { name: 'Ubah Fasyankes' }).waitFor()
    await page.getByLabel('Kata Sandi', { exact: true }).fill('rahasia-baru-1')
    await page.getByLabel('Konfirmasi Kata Sandi').fill('rahasia-baru-2')
    await page.getByRole('button', { name: 'Simpan' }).click()

    await page.getByRole('alert').first().waitFor()
    await shot(page, 'fasyankes-edit-form-password-mismatch')
    assert.equal(new URL(page.url()).pathname, `/fasyankes/data/${account.fasyankesId}/edit`)
    await User.verifyCredentials('fasyankes@kalibra.test', 'kalibra2026')
    const message = String(await fieldError(page, 'Kata Sandi'))
    assert.match(message, /^Kata sandi /)
    assert.notInclude(message, 'c_password', `the message names the raw field key: "${message}"`)
    assert.match(message, /konfirmasi kata sandi/i)
  })

  for (const role of ['human_resource', 'admin_pk']) {
    test(`${role} sees the facility list without 'Tambah', 'Batch Edit' or 'Ubah'`, async ({
      browserContext,
      assert,
    }) => {
      const page = await browserContext.newPage()
      await signIn(page, `${role}@kalibra.test`)
      await go(page, '/fasyankes/data')
      await page.getByRole('heading', { name: 'Data Fasyankes' }).waitFor()
      await page.getByTestId('data-table').locator('tbody tr td').nth(1).waitFor()
      await page.getByText(/^Menampilkan \d+-\d+ dari \d+ data$/).waitFor()
      await shot(page, `fasyankes-list-${role}`)

      assert.isAbove(await page.getByTestId('data-table').locator('tbody tr').count(), 1)
      assert.equal(await page.getByRole('link', { name: /Tambah/ }).count(), 0)
      assert.equal(await page.getByRole('link', { name: 'Batch Edit' }).count(), 0)
      assert.equal(await page.getByRole('link', { name: 'Ubah' }).count(), 0)
      assert.equal(await page.getByRole('columnheader', { name: 'Aksi' }).count(), 0)

      // The server refuses the forms too.
      const create = await go(page, '/fasyankes/data/create')
      assert.equal(create?.status(), 403)
      const facility = await Fasyankes.query().firstOrFail()
      const edit = await go(page, `/fasyankes/data/${facility.id}/edit`)
      assert.equal(edit?.status(), 403)
    })
  }
  test('the map under the coordinates shows the typed point and fills both fields when clicked', async ({
    browserContext,
    assert,
  }) => {
    const page = await browserContext.newPage()
    // No tiles in the test machine's closed network: the map still takes clicks.
    await page.route('https://tile.openstreetmap.org/**', (route) => route.abort())
    await signIn(page, 'yantek@kalibra.test')
    await go(page, '/fasyankes/data/create')
    const map = page.getByRole('region', { name: 'Peta lokasi' })
    await map.locator('.leaflet-container').waitFor()
    await page.getByText('Klik peta untuk mengisi Latitude dan Longitude.').waitFor()
    assert.equal(await map.locator('path.leaflet-interactive').count(), 0, 'no point yet')

    // A click fills both fields with a point inside Indonesia and marks it.
    const box = (await map.boundingBox())!
    await map
      .locator('.leaflet-container')
      .click({ position: { x: box.width / 2 + 20, y: box.height / 2 + 10 } })
    await map.locator('path.leaflet-interactive').waitFor()
    const latitude = Number(await page.getByLabel('Latitude').inputValue())
    const longitude = Number(await page.getByLabel('Longitude').inputValue())
    assert.isTrue(latitude > -11.5 && latitude < 6.5, `latitude ${latitude}`)
    assert.isTrue(longitude > 94.5 && longitude < 141.5, `longitude ${longitude}`)

    // Typed coordinates move the point; the link opens that place on OpenStreetMap.
    await page.getByLabel('Latitude').fill('-5,1477')
    await page.getByLabel('Longitude').fill('119.4327')
    const link = page.getByRole('link', { name: 'Lihat di OpenStreetMap' })
    await link.waitFor()
    await page.waitForFunction(
      () =>
        (globalThis as any).document
          .querySelector('a[href*="openstreetmap.org/?mlat"]')
          ?.getAttribute('href')
          ?.includes('mlat=-5.1477&mlon=119.4327') ?? false
    )
    assert.equal(await link.getAttribute('target'), '_blank')
    await shot(page, 'fasyankes-form-map')

    // Coordinates outside Indonesia are not placed on the map.
    await page.getByLabel('Latitude').fill('40')
    await page.getByText('Klik peta untuk mengisi Latitude dan Longitude.').waitFor()
    assert.equal(await map.locator('path.leaflet-interactive').count(), 0)
  })
})
