import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import type { Page } from 'playwright'
import User from '#models/user'

/**
 * The sidebar of each role, written from spec part 1 (section 2 'Layout' and the
 * menu table of section 6), not from the app's own menu code.
 */
const SIDEBARS: Record<string, string[]> = {
  admin_pk: [
    'Dashboard',
    'Alat Datang',
    'Insitu',
    'Petugas',
    'Fasyankes',
    'Alkes',
    'Kalibrator',
    'Laporan',
  ],
  yantek: ['Dashboard', 'Alat Datang', 'Insitu', 'Fasyankes', 'Alkes', 'Kalibrator', 'Laporan'],
  head_of_ukpr_laboratory: ['Insitu', 'Petugas', 'Fasyankes', 'Alkes', 'Kalibrator', 'Laporan'],
  treasurer: ['Alat Datang', 'Insitu'],
  human_resource: ['Insitu', 'Fasyankes', 'Laporan'],
  officer_pk: ['Alat Datang', 'Insitu'],
  fasyankes: ['Dashboard', 'Layanan Kalibrasi', 'Alat Datang', 'Insitu', 'Laporan', 'Inventory'],
  officer_pdp: [],
}

const isDark = async (page: Page) =>
  /\bdark\b/.test((await page.locator('html').getAttribute('class')) ?? '')
const base = () => `http://${process.env.HOST}:${process.env.PORT}`
const go = (page: Page, path: string) => page.goto(`${base()}${path}`)

async function signIn(page: Page, email: string) {
  await go(page, '/login')
  await page.fill('input[name=email]', email)
  await page.fill('input[name=password]', 'kalibra2026')
  await page.click('button[type=submit]')
  await page.waitForURL((url) => !url.pathname.startsWith('/login'))
}

async function sidebarLabels(page: Page) {
  const nav = page.getByRole('navigation', { name: 'Menu utama' })
  await nav.waitFor()
  const texts = await nav.locator('ul > li > a, ul > li > button, p').allInnerTexts()
  return texts.map((text) => text.trim()).filter((text) => text && !text.includes('2023-2025'))
}

test.group('Sign-in and sidebar per role', () => {
  for (const [role, labels] of Object.entries(SIDEBARS)) {
    test(`${role} sees exactly the spec's sidebar`, async ({ browserContext, assert }) => {
      const page = await browserContext.newPage()
      await signIn(page, `${role}@kalibra.test`)
      // From a page outside every group, so that no group starts open (human_resource
      // lands inside Fasyankes).
      await go(page, '/profile')
      const shown = await sidebarLabels(page)
      assert.deepEqual(
        shown.map((label) => label.replace(/\s+/g, ' ').toUpperCase()),
        labels.map((label) => label.toUpperCase())
      )
    })
  }

  test('human_resource opens Fasyankes and finds Data and Persebaran but not Inventory', async ({
    browserContext,
    assert,
  }) => {
    const page = await browserContext.newPage()
    await signIn(page, 'human_resource@kalibra.test')
    await go(page, '/profile')
    await page.getByRole('button', { name: 'Fasyankes' }).click()
    const nav = page.getByRole('navigation', { name: 'Menu utama' })
    assert.deepEqual(await nav.locator('ul ul a').allInnerTexts(), ['Data', 'Persebaran'])
  })

  test('a wrong password keeps the email and says so under the field', async ({
    browserContext,
    assert,
  }) => {
    const page = await browserContext.newPage()
    await go(page, '/login')
    await page.fill('input[name=email]', 'yantek@kalibra.test')
    await page.fill('input[name=password]', 'bukan-sandinya')
    await page.click('button[type=submit]')
    await page.getByText('Email atau kata sandi salah.').waitFor()
    assert.equal(await page.inputValue('input[name=email]'), 'yantek@kalibra.test')
    assert.equal(new URL(page.url()).pathname, '/login')
  })

  test('the user menu shows name, position and email; a facility has no Telegram link; logout ends the session', async ({
    browserContext,
    assert,
  }) => {
    const page = await browserContext.newPage()
    await signIn(page, 'fasyankes@kalibra.test')
    await page.getByRole('button', { name: /RSUD Daya/ }).click()
    const menu = page.getByRole('menu')
    assert.include(await menu.innerText(), 'fasyankes@kalibra.test')
    assert.equal(await menu.getByText('Hubungkan Telegram').count(), 0)
    await menu.getByText('Keluar').click()
    await page.waitForURL('**/login')
    await go(page, '/dashboard')
    assert.equal(new URL(page.url()).pathname, '/login')
  })
})

test.group('Theme', () => {
  test('the dark theme survives a reload and can be switched back', async ({
    browserContext,
    assert,
  }) => {
    const page = await browserContext.newPage()
    await page.emulateMedia({ colorScheme: 'light' })
    await go(page, '/login')
    assert.isFalse(await isDark(page))
    await page.getByRole('button', { name: 'Mode gelap' }).click()
    await page.reload()
    assert.isTrue(await isDark(page))
    await page.getByRole('button', { name: 'Mode terang' }).click()
    await page.reload()
    assert.isFalse(await isDark(page))
  })
})

test.group('Officer table', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  async function seed() {
    await User.createMany(
      Array.from({ length: 12 }, (_, i) => ({
        name: `Aaa Tabel ${String(i + 1).padStart(2, '0')}`,
        email: `aaa.tabel.${i + 1}@kalibra.test`,
        password: 'x',
        nip: `19980101202101${String(2000 + i)}`,
        rank: 'Penata Muda (III/a)',
        position: i < 6 ? 'Teknisi Kalibrasi' : 'Fisikawan Medis',
      }))
    )
  }

  test('search, column filter, page size, paging, expanded row and export links', async ({
    browserContext,
    assert,
  }) => {
    await seed()
    const page = await browserContext.newPage()
    await signIn(page, 'admin_pk@kalibra.test')
    await go(page, '/officer')
    await page.getByRole('heading', { name: 'Data Master Petugas' }).waitFor()

    await page.getByLabel('Cari').fill('Aaa Tabel')
    await page.getByText('Menampilkan 1-12 dari 12 data').waitFor()

    await page.locator('input[aria-label="Filter Jabatan"]:visible').fill('Fisikawan')
    await page.getByText('Menampilkan 1-6 dari 6 data').waitFor()
    await page.locator('input[aria-label="Filter Jabatan"]:visible').fill('')
    await page.getByText('Menampilkan 1-12 dari 12 data').waitFor()

    await page.getByLabel('Baris per halaman').selectOption('5')
    await page.getByText('Menampilkan 1-5 dari 12 data').waitFor()
    await page.getByRole('button', { name: 'Halaman 2' }).click()
    await page.getByText('Menampilkan 6-10 dari 12 data').waitFor()
    assert.include(await page.getByTestId('data-table').innerText(), 'Aaa Tabel 06')

    await page.getByRole('button', { name: 'Lihat detail' }).first().click()
    assert.include(await page.getByTestId('row-detail').innerText(), 'aaa.tabel.6@kalibra.test')

    await page.getByRole('button', { name: 'Ekspor' }).click()
    const pdf = page.getByRole('menuitem', { name: 'Cetak PDF' })
    const excel = page.getByRole('menuitem', { name: 'Unduh Excel' })
    assert.equal(await pdf.getAttribute('target'), '_blank')
    assert.match(
      String(await pdf.getAttribute('href')),
      /^\/officer\/print\/pdf\?.*search=Aaa\+Tabel/
    )
    assert.match(
      String(await excel.getAttribute('href')),
      /^\/officer\/print\/excel\?.*search=Aaa\+Tabel/
    )
    const download = await page.request.get(`${base()}${await pdf.getAttribute('href')}`)
    const body = await download.body()
    assert.equal(body.subarray(0, 4).toString(), '%PDF')
  })

  test('below 768 px the officers come as cards and the table is hidden', async ({
    browserContext,
    assert,
  }) => {
    const page = await browserContext.newPage()
    await page.setViewportSize({ width: 375, height: 800 })
    await signIn(page, 'admin_pk@kalibra.test')
    await go(page, '/officer')
    await page.getByTestId('card').first().waitFor()
    assert.isTrue(await page.getByTestId('card-list').isVisible())
    assert.isFalse(await page.getByTestId('data-table').isVisible())
    assert.isAbove(await page.getByTestId('card').count(), 5)
  })

  test('a saved profile shows the success toast', async ({ browserContext }) => {
    const page = await browserContext.newPage()
    await signIn(page, 'treasurer@kalibra.test')
    await go(page, '/profile')
    await page.fill('input[name=position]', 'Bendahara Penerimaan Utama')
    await page.getByRole('button', { name: 'Simpan' }).click()
    await page.getByText('Profil berhasil diperbarui.').waitFor()
  })
})
