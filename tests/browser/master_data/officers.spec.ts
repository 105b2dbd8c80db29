import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { mkdtemp, writeFile } from 'node:fs/promises'
import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import ExcelJS from 'exceljs'
import User from '#models/user'
import UserRole from '#models/user_role'
import {
  countRows,
  expectToast,
  fieldError,
  go,
  listTotal,
  searchList,
  shot,
  signIn,
  texts,
} from './helpers.js'

/** Issue 3, officers: create, edit, validation, role editor and batch edit through the browser. */
test.group('Master data: officers', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('admin_pk adds an officer through the form, then edits it', async ({
    browserContext,
    assert,
  }) => {
    const page = await browserContext.newPage()
    await signIn(page, 'admin_pk@kalibra.test')
    await go(page, '/officer')
    await page.getByRole('heading', { name: 'Data Master Petugas' }).waitFor()
    await page.getByText(/^Menampilkan \d+-\d+ dari \d+ data$/).waitFor()
    await shot(page, 'officer-list')

    await page.getByRole('link', { name: 'Tambah Petugas' }).click()
    await page.waitForURL('**/officer/create')
    await page.getByRole('heading', { name: 'Tambah Petugas' }).waitFor()
    await page.getByLabel('Nama', { exact: true }).fill('Budi Kalibrasi Uji, S.T.')
    await page.getByLabel('NIP', { exact: true }).fill('199203042019031007')
    await page.getByLabel('Email', { exact: true }).fill('budi.kalibrasi.uji@kalibra.test')
    await page.getByLabel('Pangkat/Golongan', { exact: true }).fill('Penata Muda (III/a)')
    await page.getByLabel('Jabatan', { exact: true }).fill('Teknisi Elektromedis Ahli Pertama')
    // Nobody types a password for someone else: the form has no password input.
    assert.equal(await page.locator('input[type=password]').count(), 0)
    await shot(page, 'officer-create-form')
    await page.getByRole('button', { name: 'Simpan' }).click()

    // A new officer lands on its edit page, which offers the set-password link and the roles.
    await expectToast(page, 'Petugas Budi Kalibrasi Uji, S.T. berhasil ditambahkan.')
    await page.waitForURL(/\/officer\/\d+\/edit$/)
    await page.getByRole('button', { name: 'Buat tautan atur kata sandi' }).waitFor()
    await page.getByRole('link', { name: 'Atur Peran' }).waitFor()
    const created = await User.findByOrFail('email', 'budi.kalibrasi.uji@kalibra.test')
    assert.equal(created.nip, '199203042019031007')
    assert.isNull(created.fasyankesId)

    await go(page, '/officer')
    const rows = await searchList(page, 'Budi Kalibrasi Uji')
    const row = rows.first()
    assert.include(await row.innerText(), '199203042019031007')
    assert.include(await row.innerText(), 'Penata Muda (III/a)')
    assert.include(await row.innerText(), 'Teknisi Elektromedis Ahli Pertama')

    await row.getByRole('link', { name: 'Ubah' }).click()
    await page.waitForURL(`**/officer/${created.id}/edit`)
    await page.getByRole('heading', { name: 'Ubah Data Petugas' }).waitFor()
    assert.equal(await page.getByLabel('NIP', { exact: true }).inputValue(), '199203042019031007')
    assert.equal(
      await page.getByLabel('Email', { exact: true }).inputValue(),
      'budi.kalibrasi.uji@kalibra.test'
    )
    await shot(page, 'officer-edit-form')

    await page.getByLabel('Pangkat/Golongan', { exact: true }).fill('Penata Muda Tingkat I (III/b)')
    await page.getByLabel('Jabatan', { exact: true }).fill('Teknisi Elektromedis Ahli Muda')
    await page.getByRole('button', { name: 'Simpan' }).click()
    await expectToast(page, 'Data petugas Budi Kalibrasi Uji, S.T. berhasil diperbarui.')
    await page.waitForURL((url) => url.pathname === '/officer')

    // Searched by NIP: a search not made before the edit (the list's stale cache is covered in list_refresh.spec.ts).
    const updated = await searchList(page, '199203042019031007')
    assert.include(await updated.first().innerText(), 'Penata Muda Tingkat I (III/b)')
    assert.include(await updated.first().innerText(), 'Teknisi Elektromedis Ahli Muda')
    await shot(page, 'officer-list-after-edit')
  })

  test('bad values show Indonesian errors under the fields and keep what was typed', async ({
    browserContext,
    assert,
  }) => {
    const staffCount = () => countRows('users', (query) => query.whereNull('fasyankes_id'))
    const before = await staffCount()
    const page = await browserContext.newPage()
    await signIn(page, 'admin_pk@kalibra.test')
    await go(page, '/officer/create')
    await page.getByLabel('Nama', { exact: true }).fill('Al')
    await page.getByLabel('NIP', { exact: true }).fill('19920A04')
    await page.getByLabel('Email', { exact: true }).fill('yantek@kalibra.test')
    await page.getByLabel('Pangkat/Golongan', { exact: true }).fill('Pengatur (II/c)')
    await page.getByLabel('Jabatan', { exact: true }).fill('Teknisi')
    await page.getByRole('button', { name: 'Simpan' }).click()

    await page.getByRole('alert').first().waitFor()
    await shot(page, 'officer-create-form-errors')
    assert.equal(new URL(page.url()).pathname, '/officer/create')
    assert.equal(await fieldError(page, 'Nama'), 'Nama minimal 3 karakter.')
    assert.equal(await fieldError(page, 'NIP'), 'Format NIP tidak valid.')
    assert.equal(await fieldError(page, 'Email'), 'Email sudah digunakan.')
    assert.isNull(await fieldError(page, 'Jabatan'))

    assert.equal(await page.getByLabel('Nama', { exact: true }).inputValue(), 'Al')
    assert.equal(await page.getByLabel('NIP', { exact: true }).inputValue(), '19920A04')
    assert.equal(
      await page.getByLabel('Email', { exact: true }).inputValue(),
      'yantek@kalibra.test'
    )
    assert.equal(
      await page.getByLabel('Pangkat/Golongan', { exact: true }).inputValue(),
      'Pengatur (II/c)'
    )
    assert.equal(await page.getByLabel('Jabatan', { exact: true }).inputValue(), 'Teknisi')

    assert.equal(await staffCount(), before)
  })

  test('the edit page issues a set-password link; the officer sets a password through it and signs in', async ({
    browserContext,
    browser,
    assert,
  }) => {
    const officer = await User.create({
      name: 'Rina Tautan Uji',
      email: 'rina.tautan.uji@kalibra.test',
      password: 'kalibra2026',
      nip: '199808082022032001',
      rank: 'Penata Muda (III/a)',
      position: 'Teknisi Elektromedis',
    })
    await UserRole.create({ userId: officer.id, role: 'officer_pk' })

    const page = await browserContext.newPage()
    await signIn(page, 'admin_pk@kalibra.test')
    await go(page, `/officer/${officer.id}/edit`)
    await page.getByRole('heading', { name: 'Akses Akun' }).waitFor()
    await page.getByRole('button', { name: 'Buat tautan atur kata sandi' }).click()
    const linkBox = page.getByLabel('Tautan untuk Rina Tautan Uji')
    await linkBox.waitFor()
    const link = await linkBox.inputValue()
    assert.match(link, /\/password\/set\/[\w-]{43}$/)
    await page.getByText(/Berlaku 72 jam, sampai .+ WITA, dan hanya dapat dipakai sekali/).waitFor()
    await page.getByRole('button', { name: 'Salin' }).waitFor()
    await shot(page, 'officer-password-link')

    // The officer opens the link in their own browser, signed out.
    const own = await browser.newContext()
    const officerPage = await own.newPage()
    await officerPage.goto(link)
    await officerPage.getByRole('heading', { name: 'Atur Kata Sandi' }).waitFor()
    await officerPage.getByText('Rina Tautan Uji').waitFor()
    await officerPage.getByLabel('Kata Sandi Baru', { exact: true }).fill('rina2026')
    await officerPage.getByLabel('Konfirmasi Kata Sandi Baru').fill('rina2026')
    await officerPage.getByRole('button', { name: 'Simpan Kata Sandi' }).click()
    await officerPage
      .getByText('Kata sandi terlalu lemah atau mudah ditebak.', { exact: false })
      .waitFor()
    await shot(officerPage, 'password-link-weak')
    await officerPage.getByLabel('Kata Sandi Baru', { exact: true }).fill('Sawah-Hijau-Pagi-31')
    await officerPage.getByLabel('Konfirmasi Kata Sandi Baru').fill('Sawah-Hijau-Pagi-31')
    await officerPage.getByRole('button', { name: 'Simpan Kata Sandi' }).click()
    await officerPage.waitForURL((url) => url.pathname === '/login')
    await expectToast(
      officerPage,
      'Kata sandi berhasil diatur. Silakan masuk dengan kata sandi baru Anda.'
    )
    await signIn(officerPage, 'rina.tautan.uji@kalibra.test', 'Sawah-Hijau-Pagi-31')

    // The link is spent: opening it again says so in Indonesian.
    const again = await own.newPage()
    await again.goto(link)
    await again
      .getByText('Tautan ini sudah dipakai untuk mengatur kata sandi.', { exact: false })
      .waitFor()
    await shot(again, 'password-link-used')
    await own.close()
  })

  test('"Akhiri semua sesi" asks for confirmation and signs the officer out everywhere', async ({
    browserContext,
    browser,
    assert,
  }) => {
    const officer = await User.create({
      name: 'Sinta Sesi Uji',
      email: 'sinta.sesi.uji@kalibra.test',
      password: 'kalibra2026',
      nip: '199809092022032002',
      rank: 'Penata Muda (III/a)',
      position: 'Teknisi Elektromedis',
    })
    await UserRole.create({ userId: officer.id, role: 'officer_pk' })
    const own = await browser.newContext()
    const officerPage = await own.newPage()
    await signIn(officerPage, 'sinta.sesi.uji@kalibra.test')

    const page = await browserContext.newPage()
    await signIn(page, 'admin_pk@kalibra.test')
    await go(page, `/officer/${officer.id}/edit`)
    // A styled confirmation, not the browser's confirm(); cancelling it ends nothing.
    await page.getByRole('button', { name: 'Akhiri semua sesi' }).click()
    const dialog = page.getByRole('dialog', { name: 'Konfirmasi' })
    assert.include(await dialog.innerText(), 'Akhiri semua sesi Sinta Sesi Uji?')
    await dialog.getByRole('button', { name: 'Batal' }).click()
    await dialog.waitFor({ state: 'detached' })
    await page.getByRole('button', { name: 'Akhiri semua sesi' }).click()
    await page
      .getByRole('dialog', { name: 'Konfirmasi' })
      .getByRole('button', { name: 'Ya, akhiri semua sesi' })
      .click()
    await expectToast(page, 'Semua sesi Sinta Sesi Uji telah diakhiri.')

    await go(officerPage, '/profile')
    await officerPage.waitForURL((url) => url.pathname === '/login')
    await own.close()
  })

  test('head_of_pk_laboratory may tick only PK roles and grants Petugas PK', async ({
    browserContext,
    assert,
  }) => {
    const officer = await User.create({
      name: 'Citra Peran Uji',
      email: 'citra.peran.uji@kalibra.test',
      password: 'rahasia-citra-1',
      nip: '199505052020122005',
      rank: 'Penata Muda (III/a)',
      position: 'Teknisi Elektromedis',
    })
    await UserRole.create({ userId: officer.id, role: 'officer_ukpr' })

    const page = await browserContext.newPage()
    await signIn(page, 'head_of_pk_laboratory@kalibra.test')
    await go(page, '/officer')
    const rows = await searchList(page, 'Citra Peran Uji')
    await rows.first().getByRole('link', { name: 'Peran' }).click()
    await page.waitForURL(`**/officer/${officer.id}/role`)
    await page.getByRole('heading', { name: 'Atur Peran Petugas' }).waitFor()
    await shot(page, 'officer-roles-form')

    const boxes = page.locator('input[type=checkbox][name=roles]')
    const editable = await texts(page.locator('label:has(input[name=roles]:not([disabled]))'))
    assert.sameMembers(editable, ['Admin Lab. PK', 'Penyelia Lab. PK', 'Petugas PK'])
    // The officer's UKPR role is shown, locked and ticked; no other lab's role is offered.
    const ukpr = page.getByRole('checkbox', { name: 'Petugas UKPR' })
    assert.isTrue(await ukpr.isDisabled())
    assert.isTrue(await ukpr.isChecked())
    assert.equal(await boxes.count(), 4)

    const officerPk = page.getByRole('checkbox', { name: 'Petugas PK' })
    assert.isFalse(await officerPk.isChecked())
    await officerPk.check()
    await page.getByRole('button', { name: 'Simpan' }).click()
    await expectToast(page, 'Peran Citra Peran Uji berhasil diperbarui.')
    await page.waitForURL((url) => url.pathname === '/officer')

    await go(page, `/officer/${officer.id}/role`)
    await page.getByRole('heading', { name: 'Atur Peran Petugas' }).waitFor()
    assert.isTrue(await page.getByRole('checkbox', { name: 'Petugas PK' }).isChecked())
    assert.isTrue(await page.getByRole('checkbox', { name: 'Petugas UKPR' }).isChecked())
    assert.isFalse(await page.getByRole('checkbox', { name: 'Admin Lab. PK' }).isChecked())
    const roles = await UserRole.query().where('user_id', officer.id).orderBy('role')
    assert.deepEqual(
      roles.map((r) => r.role),
      ['officer_pk', 'officer_ukpr']
    )
  })

  test('a locked role forced open in the page is refused: error toast, nothing saved, no success shown', async ({
    browserContext,
    assert,
  }) => {
    const officer = await User.create({
      name: 'Gita Peran Terkunci',
      email: 'gita.peran.terkunci@kalibra.test',
      password: 'rahasia-gita-1',
      nip: '199707072021012004',
      rank: 'Penata Muda (III/a)',
      position: 'Teknisi Elektromedis',
    })
    await UserRole.create({ userId: officer.id, role: 'officer_ukpr' })

    const page = await browserContext.newPage()
    await signIn(page, 'head_of_pk_laboratory@kalibra.test')
    await go(page, `/officer/${officer.id}/role`)
    const ukpr = page.getByRole('checkbox', { name: 'Petugas UKPR' })
    assert.isTrue(await ukpr.isDisabled())
    // Someone edits the page to untick the locked role anyway.
    await ukpr.evaluate((input: any) => input.removeAttribute('disabled'))
    await ukpr.uncheck()
    await page.getByRole('button', { name: 'Simpan' }).click()

    await expectToast(page, 'Anda tidak berwenang mengubah peran Petugas UKPR.')
    const claimsSaved = await page.getByText('Tersimpan').isVisible()
    await shot(page, 'officer-roles-refused')
    const roles = await UserRole.query().where('user_id', officer.id)
    assert.deepEqual(
      roles.map((r) => r.role),
      ['officer_ukpr']
    )
    // The refused page must not also claim success, and must show the roles the officer still has.
    assert.isFalse(
      claimsSaved,
      "the refused change is shown as 'Tersimpan' next to the error toast"
    )
    assert.isTrue(
      await ukpr.isChecked(),
      'after the refusal the page shows Petugas UKPR unticked although the officer still holds it'
    )
  })

  test('a batch file with one bad row lists the row errors and changes nothing', async ({
    browserContext,
    assert,
  }) => {
    const page = await browserContext.newPage()
    await signIn(page, 'admin_pk@kalibra.test')
    await go(page, '/officer')
    const totalBefore = await listTotal(page)
    const existing = await User.query()
      .whereNull('fasyankes_id')
      .whereNotNull('nip')
      .orderBy('id')
      .firstOrFail()

    await page.getByRole('link', { name: 'Batch Edit' }).click()
    await page.waitForURL('**/officer/batch/edit')
    await page.getByText('Perhatian: bila Anda baru pertama kali menggunakan fitur ini').waitFor()
    assert.equal(
      await page.getByRole('link', { name: 'Unduh Format' }).getAttribute('href'),
      '/officer/batch/edit/format'
    )
    await shot(page, 'officer-batch-form')

    // Row 2 is a good new officer, row 3 renames an existing one, row 4 is bad (NIP and email).
    const workbook = new ExcelJS.Workbook()
    const sheet = workbook.addWorksheet('Data')
    sheet.addRow(['NIP', 'Nama', 'Pangkat/Golongan', 'Jabatan', 'Email', 'Kata Sandi'])
    sheet.addRow([
      '199807072022031009',
      'Dewi Batch Baik',
      'Penata Muda (III/a)',
      'Teknisi',
      'dewi.batch@kalibra.test',
      'rahasia-dewi-1',
    ])
    sheet.addRow([
      existing.nip,
      'Nama Diganti Batch',
      existing.rank ?? 'Penata (III/c)',
      existing.position ?? 'Teknisi',
      existing.email,
      null,
    ])
    sheet.addRow([
      '12AB',
      'Eko Batch Salah',
      'Penata Muda (III/a)',
      'Teknisi',
      'bukan-email',
      'rahasia-eko-1',
    ])
    for (const row of [2, 3, 4]) sheet.getRow(row).getCell(1).numFmt = '@'
    const dir = await mkdtemp(join(tmpdir(), 'kalibra-batch-'))
    const file = join(dir, 'petugas-satu-baris-salah.xlsx')
    await writeFile(file, Buffer.from(await workbook.xlsx.writeBuffer()))

    await page.locator('input[name=file]').setInputFiles(file)
    await page.getByRole('button', { name: 'Unggah' }).click()
    const errors = page.getByTestId('batch-errors')
    await errors.waitFor()
    await shot(page, 'officer-batch-errors')
    const text = await errors.innerText()
    assert.include(text, 'Berkas ditolak: 1 baris bermasalah. Tidak ada data yang diubah')
    const items = await errors.locator('li').allInnerTexts()
    assert.lengthOf(items, 1)
    assert.match(items[0], /^Baris 4:/)
    assert.include(items[0], 'Format NIP tidak valid.')
    assert.include(items[0], 'Email harus berupa alamat email yang valid.')
    assert.equal(new URL(page.url()).pathname, '/officer/batch/edit')

    // Nothing changed: no new officer, the existing one keeps its name, and the list total is the same.
    assert.isNull(await User.findBy('email', 'dewi.batch@kalibra.test'))
    const reloaded = await User.findOrFail(existing.id)
    assert.equal(reloaded.name, existing.name)
    await go(page, '/officer')
    assert.equal(await listTotal(page), totalBefore)
  })
})
