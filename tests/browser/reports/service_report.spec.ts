import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import type { Locator } from 'playwright'
import { baseUrl, person } from '#tests/helpers/browser'
import { reportWorld } from '#tests/functional/reports/_support'

/** A report table's rows as their text, one space between cells. */
async function rowsOf(card: Locator) {
  const rows = await card.locator('tbody tr').allInnerTexts()
  return rows.map((row) => row.replace(/\s+/g, ' ').trim())
}

/** The rows once they read `expected` (a new filter first shows 'Loading'), or as they stand after 10 s. */
async function rowsBecome(card: Locator, expected: string[]) {
  for (let tries = 0; tries < 100; tries++) {
    const rows = await rowsOf(card)
    if (JSON.stringify(rows) === JSON.stringify(expected)) return rows
    await card.page().waitForTimeout(100)
  }
  return rowsOf(card)
}

test.group('Reports in Chromium', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.timeout(180_000)

  test('the service report: the ranking with its chart, the filter form, a phone', async ({
    browser,
    assert,
  }) => {
    const world = await reportWorld()
    const { A1, A2 } = world.facilities
    const admin = await person(browser, 'admin_pk@kalibra.test', {
      viewport: { width: 1366, height: 900 },
    })
    const query = new URLSearchParams({
      start_date: '2019-01-01',
      end_date: '2019-12-31',
      order_type: 'ALL',
      province: world.provinceA,
      calculation_type: 'alkes',
    })
    await admin.goto(`${baseUrl()}/report/service?${query}`)

    const top = admin.locator('section', { hasText: 'Fasyankes dengan Layanan Terbanyak' })
    await top.locator('tbody tr').first().waitFor()
    const both = [`1 ${A1.name} 3`, `2 ${A2.name} 3`]
    assert.deepEqual(await rowsBecome(top, both), both)
    // The chart beside the table: one bar per facility.
    const chart = top.getByRole('img', { name: 'Grafik jumlah layanan' })
    await chart.locator('.recharts-bar-rectangle').first().waitFor()
    assert.equal(await chart.locator('.recharts-bar-rectangle').count(), 2)

    // The province table shows the coverage in the spec's colours.
    const provinces = admin.locator('section', { hasText: 'Layanan per Provinsi' })
    await provinces.locator('tbody tr').first().waitFor()
    assert.equal(await provinces.locator('[data-tone="blue"]').first().innerText(), '66,7%')

    // Only on-site orders: A2 alone.
    await admin.getByLabel('Jenis Order').selectOption('insitu')
    await admin.getByRole('button', { name: 'Filter' }).click()
    assert.deepEqual(await rowsBecome(top, [`1 ${A2.name} 3`]), [`1 ${A2.name} 3`])
    assert.include(admin.url(), 'order_type=insitu')

    // A period without services.
    await admin.getByLabel('Tanggal Mulai').fill('2015-01-01')
    await admin.getByLabel('Tanggal Akhir').fill('2015-12-31')
    await admin.getByRole('button', { name: 'Filter' }).click()
    await top.getByText('Data Tidak Ditemukan').waitFor()

    // An end before the start is refused in the form, and nothing is asked.
    await admin.getByLabel('Tanggal Akhir').fill('2014-01-01')
    await admin.getByRole('button', { name: 'Filter' }).click()
    await admin.getByText('Tanggal Akhir tidak boleh sebelum Tanggal Mulai.').waitFor()

    await admin.setViewportSize({ width: 375, height: 800 })
    await admin.goto(`${baseUrl()}/report/service?${query}`)
    await top.locator('tbody tr').first().waitFor()
    const overflow = await admin.evaluate<boolean>(
      'document.documentElement.scrollWidth > document.documentElement.clientWidth'
    )
    assert.isFalse(overflow)
  })

  test('a failing report call shows the spec message in red inside its card', async ({
    browser,
  }) => {
    const admin = await person(browser, 'admin_pk@kalibra.test')
    await admin.route('**/api/report/service/lowest*', (route) =>
      route.fulfill({ status: 500, body: 'boom' })
    )
    await admin.goto(`${baseUrl()}/report/service`)
    const lowest = admin.locator('section', { hasText: 'Fasyankes dengan Layanan Tersedikit' })
    await lowest.getByRole('alert').getByText('Gagal Mengambil Data Layanan Tersedikit').waitFor()
  })

  test('the Layanan, Tahunan and Alkes pages offer PDF and Excel of their filters (issue 35, item 7)', async ({
    browser,
    assert,
  }) => {
    await reportWorld()
    const admin = await person(browser, 'admin_pk@kalibra.test', {
      viewport: { width: 1366, height: 900 },
    })
    for (const page of ['service', 'yearly', 'alkes']) {
      await admin.goto(`${baseUrl()}/report/${page}?order_type=insitu`)
      await admin.getByRole('button', { name: 'Ekspor' }).click()
      const pdf = admin.getByRole('menuitem', { name: 'Cetak PDF' })
      const excel = admin.getByRole('menuitem', { name: 'Unduh Excel' })
      assert.match(
        (await pdf.getAttribute('href'))!,
        new RegExp(`^/report/${page}/print/pdf\\?.*order_type=insitu`)
      )
      assert.match(
        (await excel.getAttribute('href'))!,
        new RegExp(`^/report/${page}/print/excel\\?`)
      )
      if (page === 'service') {
        await admin.screenshot({ path: 'tmp/screenshots/report-export-1366.png' })
        const file = await admin.request.get(`${baseUrl()}${await pdf.getAttribute('href')}`)
        assert.equal(file.status(), 200)
        assert.equal(file.headers()['content-type'], 'application/pdf')
      }
    }
    await admin.setViewportSize({ width: 375, height: 800 })
    await admin.goto(`${baseUrl()}/report/alkes`)
    await admin.getByRole('button', { name: 'Ekspor' }).click()
    await admin.getByRole('menuitem', { name: 'Unduh Excel' }).waitFor()
    await admin.screenshot({ path: 'tmp/screenshots/report-export-375.png' })
    const overflow = await admin.evaluate<boolean>(
      'document.documentElement.scrollWidth > document.documentElement.clientWidth'
    )
    assert.isFalse(overflow)
  })
})
