import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import ExcelJS from 'exceljs'
import type { Page } from 'playwright'
import User from '#models/user'
import { newContext, signIn } from '#tests/helpers/browser'

/**
 * Twelve officers whose names sort together ('Ujicoba Tabel 01' … '12') and
 * match a search no demo officer matches. Created inside the test's global
 * transaction, which the in-process server shares.
 */
const PREFIX = 'Ujicoba Tabel'
async function createOfficers() {
  return User.createMany(
    Array.from({ length: 12 }, (_, index) => {
      const n = String(index + 1).padStart(2, '0')
      return {
        name: `${PREFIX} ${n}`,
        email: `ujicoba.tabel.${n}@kalibra.test`,
        password: 'tidak-dipakai-masuk',
        nip: `1990010120200110${n}`,
        rank: 'Penata Muda (III/a)',
        position: index < 6 ? 'Teknisi Elektromedis Ujicoba' : 'Fisikawan Medis Ujicoba',
      }
    })
  )
}

function table(page: Page) {
  return page.getByTestId('data-table')
}

/** The officer names in the table body, in order (second cell, after the expand button). */
function names(page: Page) {
  return table(page).locator('tbody tr:not([data-testid]) td:nth-child(2)').allInnerTexts()
}

/** The visible one of the two filter inputs a column has (header row on desktop, stacked on phones). */
function filter(page: Page, header: string) {
  return page.getByLabel(`Filter ${header}`).filter({ visible: true })
}

function summary(page: Page, from: number, to: number, total: number) {
  return page.getByText(`Menampilkan ${from}-${to} dari ${total} data`, { exact: true })
}

async function openOfficers(page: Page, query = '') {
  await page.goto(`/officer${query}`)
  await page.getByRole('heading', { name: 'Data Master Petugas' }).waitFor()
}

test.group('Officer table (desktop, as admin_pk)', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('rows, search, column filter, page size, paging, row detail and export links').run(
    async ({ browserContext, assert }) => {
      const officers = await createOfficers()
      const page = await browserContext.newPage()
      await signIn(page, 'admin_pk@kalibra.test')
      await openOfficers(page)

      // Columns of the spec, rows visible with the default page size of 20.
      // (The first header cell is the expand column, labelled 'Detail' for screen readers.)
      const headers = await table(page)
        .locator('thead tr')
        .first()
        .locator('th[scope=col]')
        .allInnerTexts()
      assert.deepEqual(
        headers.map((h) => h.trim().toUpperCase()),
        ['NAMA', 'NIP', 'PANGKAT/GOLONGAN', 'JABATAN', 'AKSI']
      )
      assert.equal(await page.getByLabel('Baris per halaman').inputValue(), '20')
      assert.deepEqual(
        await page.getByLabel('Baris per halaman').locator('option').allInnerTexts(),
        ['5', '10', '20', '50', '100']
      )
      await page.getByText(/^Menampilkan 1-20 dari \d+ data$/).waitFor()
      assert.lengthOf(await names(page), 20)
      await page.screenshot({ path: '/tmp/officer-table-desktop.png', fullPage: true })

      // Search narrows to the twelve.
      await page.getByLabel('Cari', { exact: true }).fill('Ujicoba')
      await summary(page, 1, 12, 12).waitFor()
      assert.deepEqual(
        await names(page),
        officers.map((o) => o.name)
      )

      // A column filter narrows further: names containing 'Tabel 1' are 10, 11 and 12.
      await filter(page, 'Nama').fill('Tabel 1')
      await summary(page, 1, 3, 3).waitFor()
      assert.deepEqual(await names(page), [`${PREFIX} 10`, `${PREFIX} 11`, `${PREFIX} 12`])
      await filter(page, 'Nama').fill('')
      await summary(page, 1, 12, 12).waitFor()

      // Another column: Jabatan.
      await filter(page, 'Jabatan').fill('Fisikawan')
      await summary(page, 1, 6, 6).waitFor()
      assert.deepEqual(
        await names(page),
        officers.slice(6).map((o) => o.name)
      )
      await filter(page, 'Jabatan').fill('')
      await summary(page, 1, 12, 12).waitFor()

      // Page size 5, then page 2, then next and previous.
      await page.getByLabel('Baris per halaman').selectOption('5')
      await summary(page, 1, 5, 12).waitFor()
      const firstPage = await names(page)
      assert.deepEqual(
        firstPage,
        officers.slice(0, 5).map((o) => o.name)
      )
      const pager = page.getByRole('navigation', { name: 'Halaman' })
      assert.equal(
        await pager
          .getByRole('button', { name: 'Halaman 1', exact: true })
          .getAttribute('aria-current'),
        'page'
      )
      assert.isTrue(await pager.getByRole('button', { name: 'Sebelumnya' }).isDisabled())

      await pager.getByRole('button', { name: 'Halaman 2', exact: true }).click()
      await summary(page, 6, 10, 12).waitFor()
      const secondPage = await names(page)
      assert.notDeepEqual(secondPage, firstPage)
      assert.deepEqual(
        secondPage,
        officers.slice(5, 10).map((o) => o.name)
      )
      assert.equal(
        await pager
          .getByRole('button', { name: 'Halaman 2', exact: true })
          .getAttribute('aria-current'),
        'page'
      )

      await pager.getByRole('button', { name: 'Berikutnya' }).click()
      await summary(page, 11, 12, 12).waitFor()
      assert.isTrue(await pager.getByRole('button', { name: 'Berikutnya' }).isDisabled())
      await pager.getByRole('button', { name: 'Sebelumnya' }).click()
      await summary(page, 6, 10, 12).waitFor()

      // Expand a row: its detail row shows the officer's email; collapse it again.
      await table(page).getByRole('button', { name: 'Lihat detail' }).first().click()
      const detail = page.getByTestId('row-detail')
      await detail.waitFor()
      assert.include(await detail.innerText(), officers[5].email)
      assert.include(await detail.innerText(), officers[5].nip!)
      await table(page).getByRole('button', { name: 'Tutup detail' }).click()
      await detail.waitFor({ state: 'detached' })

      // The state lives in the address bar: a reload comes back to the same page.
      await page.reload()
      await summary(page, 6, 10, 12).waitFor()
      assert.equal(await page.getByLabel('Cari', { exact: true }).inputValue(), 'Ujicoba')
      assert.equal(await page.getByLabel('Baris per halaman').inputValue(), '5')

      // Export menu: both links open a new tab with the current search and filters (no page).
      await filter(page, 'Nama').fill('Tabel 1')
      await summary(page, 1, 3, 3).waitFor()
      await page.getByRole('button', { name: 'Ekspor' }).click()
      const pdf = page.getByRole('menuitem', { name: 'Cetak PDF' })
      const excel = page.getByRole('menuitem', { name: 'Unduh Excel' })
      for (const [link, path] of [
        [pdf, '/officer/print/pdf'],
        [excel, '/officer/print/excel'],
      ] as const) {
        assert.equal(await link.getAttribute('target'), '_blank')
        const href = new URL(String(await link.getAttribute('href')), 'http://x')
        assert.equal(href.pathname, path)
        assert.equal(href.searchParams.get('search'), 'Ujicoba')
        assert.equal(href.searchParams.get('name'), 'Tabel 1')
        assert.isNull(href.searchParams.get('page'))
      }

      // The files themselves: a real PDF, and a workbook with every filtered row.
      const pdfResponse = await page.request.get(String(await pdf.getAttribute('href')))
      assert.equal(pdfResponse.status(), 200)
      assert.include(pdfResponse.headers()['content-type'], 'application/pdf')
      const pdfBody = await pdfResponse.body()
      assert.equal(pdfBody.subarray(0, 5).toString('latin1'), '%PDF-')

      const excelResponse = await page.request.get(String(await excel.getAttribute('href')))
      assert.equal(excelResponse.status(), 200)
      assert.include(excelResponse.headers()['content-type'], 'spreadsheetml')
      const workbook = new ExcelJS.Workbook()
      await workbook.xlsx.load((await excelResponse.body()) as any)
      const cells: string[] = []
      workbook.worksheets[0].eachRow((row) =>
        row.eachCell((cell) => {
          cells.push(String(cell.text))
        })
      )
      for (const officer of officers.slice(9)) assert.include(cells, officer.name)
      for (const officer of officers.slice(0, 9)) assert.notInclude(cells, officer.name)
    }
  )

  test('every filtered row is exported, not just the page on screen', async ({
    browserContext,
    assert,
  }) => {
    const officers = await createOfficers()
    const page = await browserContext.newPage()
    await signIn(page, 'admin_pk@kalibra.test')
    await openOfficers(page, '?search=Ujicoba&limit=5')
    await summary(page, 1, 5, 12).waitFor()
    await page.getByRole('button', { name: 'Ekspor' }).click()
    const href = String(
      await page.getByRole('menuitem', { name: 'Unduh Excel' }).getAttribute('href')
    )
    const response = await page.request.get(href)
    const workbook = new ExcelJS.Workbook()
    await workbook.xlsx.load((await response.body()) as any)
    const text = JSON.stringify(workbook.worksheets[0].getSheetValues())
    for (const officer of officers) assert.include(text, officer.name)
  })

  test("a search without matches shows 'Data Masih Kosong' and no pager", async ({
    browserContext,
    assert,
  }) => {
    const page = await browserContext.newPage()
    await signIn(page, 'admin_pk@kalibra.test')
    await openOfficers(page)
    await page.getByText(/^Menampilkan 1-20 dari \d+ data$/).waitFor()
    await page.getByLabel('Cari', { exact: true }).fill('tidak ada petugas bernama ini zzz')
    await table(page).getByText('Data Masih Kosong').waitFor()
    assert.equal(await page.getByRole('navigation', { name: 'Halaman' }).count(), 0)
    await page.getByRole('button', { name: 'Hapus filter' }).click()
    await page.getByText(/^Menampilkan 1-20 dari \d+ data$/).waitFor()
  })

  test('10 skeleton rows while loading; an error message with a retry when loading fails').run(
    async ({ browserContext, assert }) => {
      const page = await browserContext.newPage()
      await signIn(page, 'admin_pk@kalibra.test')

      let release: () => void = () => {}
      const held = new Promise<void>((resolve) => (release = resolve))
      await page.route('**/officer/datatable?**', async (route) => {
        await held
        await route.continue()
      })
      await openOfficers(page)
      await page.getByTestId('skeleton-row').first().waitFor()
      assert.equal(await page.getByTestId('skeleton-row').count(), 10)
      release()
      await page.getByText(/^Menampilkan 1-20 dari \d+ data$/).waitFor()
      assert.equal(await page.getByTestId('skeleton-row').count(), 0)
      await page.unroute('**/officer/datatable?**')

      await page.route('**/officer/datatable?**', (route) =>
        route.fulfill({ status: 500, body: 'boom' })
      )
      await page.getByLabel('Cari', { exact: true }).fill('gagal')
      // (react-query retries once before it gives up.)
      const error = table(page).getByText('Error loading data. Please try again.')
      await error.waitFor({ timeout: 15_000 })
      await page.unroute('**/officer/datatable?**')
      await table(page).getByRole('button', { name: 'Muat ulang' }).click()
      await error.waitFor({ state: 'detached' })
      await table(page).getByText('Data Masih Kosong').waitFor()
    }
  )
})

test.group('Officer table on a phone (375 px)', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('shows the card list and hides the table; search and filters still work', async ({
    browser,
    assert,
  }) => {
    const officers = await createOfficers()
    const context = await newContext(browser, { viewport: { width: 375, height: 800 } })
    try {
      const page = await context.newPage()
      await signIn(page, 'admin_pk@kalibra.test')
      await openOfficers(page)
      await page.getByTestId('card').first().waitFor()

      assert.isTrue(await page.getByTestId('card-list').isVisible())
      assert.isFalse(await table(page).isVisible())
      assert.equal(await page.getByTestId('card').count(), 20)
      await page.screenshot({ path: '/tmp/officer-table-375.png', fullPage: true })

      await page.getByLabel('Cari', { exact: true }).fill('Ujicoba')
      await summary(page, 1, 12, 12).waitFor()
      // The column filters fold into a panel under one button (issue 35).
      const panel = page.getByRole('button', { name: 'Filter kolom' })
      assert.equal(await panel.getAttribute('aria-expanded'), 'false')
      assert.equal(await filter(page, 'Nama').count(), 0, 'folded')
      await panel.click()
      await filter(page, 'Nama').fill('Tabel 1')
      await summary(page, 1, 3, 3).waitFor()
      assert.include(await panel.innerText(), '1 aktif')
      const cards = await page.getByTestId('card').allInnerTexts()
      assert.lengthOf(cards, 3)
      for (const [index, officer] of officers.slice(9).entries()) {
        assert.include(cards[index], officer.name)
        assert.include(cards[index], officer.nip!)
        assert.include(cards[index], officer.position!)
      }
      await page.screenshot({ path: '/tmp/officer-table-375-filtered.png' })

      // No sideways scrolling of the page at this width.
      const scrollWidth = await page.evaluate<number>('document.documentElement.scrollWidth')
      assert.isAtMost(scrollWidth, 375)
    } finally {
      await context.close()
    }
  })
})
