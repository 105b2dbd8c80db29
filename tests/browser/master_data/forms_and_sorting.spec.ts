import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import type { Page } from 'playwright'
import { until } from '#tests/helpers/browser'
import { go, signIn } from './helpers.js'

/** The tariffs of the rows shown, in rupiah, top to bottom. */
async function tariffs(page: Page) {
  const cells = await page
    .locator('tbody td')
    .filter({ hasText: /^Rp\s?[\d.]+$/ })
    .allInnerTexts()
  return cells.map((text) => Number(text.replace(/\D/g, '')))
}

const ascending = (values: number[]): boolean =>
  values.every((value, i) => i === 0 || values[i - 1] <= value)
const descending = (values: number[]) => ascending([...values].reverse())

/** Issue 10.12 and 10.13: a form warns before its input is lost; a list sorts by its headers. */
test.group('Forms and lists in Chromium', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('leaving a form with unsaved input asks first; staying keeps what was typed', async ({
    browserContext,
    assert,
  }) => {
    const page = await browserContext.newPage()
    await signIn(page, 'yantek@kalibra.test')
    await go(page, '/fasyankes/data/create')
    // Untouched: the sidebar leaves without a question.
    await page.getByRole('link', { name: 'Dashboard' }).click()
    await page.waitForURL('**/dashboard')

    await go(page, '/fasyankes/data/create')
    await page.getByLabel('Nama Fasyankes').fill('Puskesmas Belum Tersimpan')
    await page.getByRole('link', { name: 'Dashboard' }).click()
    const dialog = page.getByRole('dialog')
    await dialog
      .getByText('Perubahan pada formulir ini belum disimpan.', { exact: false })
      .waitFor()
    await dialog.getByRole('button', { name: 'Batal' }).click()
    await dialog.waitFor({ state: 'detached' })
    assert.match(page.url(), /\/fasyankes\/data\/create$/)
    assert.equal(await page.getByLabel('Nama Fasyankes').inputValue(), 'Puskesmas Belum Tersimpan')

    await page.getByRole('link', { name: 'Dashboard' }).click()
    await page.getByRole('dialog').getByRole('button', { name: 'Tinggalkan' }).click()
    await page.waitForURL('**/dashboard')
  }).timeout(60_000)

  test('a column header sorts the list on the server, both ways, kept in the address', async ({
    browserContext,
    assert,
  }) => {
    const page = await browserContext.newPage()
    await signIn(page, 'yantek@kalibra.test')
    await go(page, '/alkes/data')
    await page.getByText(/^Menampilkan \d+-\d+ dari \d+ data$/).waitFor()
    const header = page.getByRole('columnheader', { name: 'Tarif' })

    await header.getByRole('button').click()
    await page.waitForURL(/sort=formatted_price&dir=asc/)
    await page.locator('th[aria-sort=ascending]', { hasText: 'Tarif' }).waitFor()
    // The rows come from the server after the header changes: wait until they are in order.
    await until(async () => ascending(await tariffs(page)))
    const shown = await tariffs(page)
    assert.isAbove(shown.length, 1)

    await header.getByRole('button').click()
    await page.waitForURL(/sort=formatted_price&dir=desc/)
    await page.locator('th[aria-sort=descending]', { hasText: 'Tarif' }).waitFor()
    await until(async () => descending(await tariffs(page)))

    // A reload keeps the order the address names.
    await page.reload()
    await page.locator('th[aria-sort=descending]', { hasText: 'Tarif' }).waitFor()
    await until(async () => descending(await tariffs(page)))
    // Nothing still on its way to the server when the test's transaction ends.
    await page.waitForLoadState('networkidle')
  }).timeout(60_000)
})
