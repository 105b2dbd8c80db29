import { mkdirSync } from 'node:fs'
import db from '@adonisjs/lucid/services/db'
import type { Locator, Page } from 'playwright'

/** Shared steps of the master-data browser tests (issue 3). */

export const SHOTS = '/tmp/shots3'
export const PASSWORD = 'kalibra2026'

export const base = () => `http://${process.env.HOST}:${process.env.PORT}`
export const go = (page: Page, path: string) => page.goto(`${base()}${path}`)

/** Signs in through the real login form. */
export async function signIn(page: Page, email: string, password = PASSWORD) {
  await go(page, '/login')
  await page.fill('input[name=email]', email)
  await page.fill('input[name=password]', password)
  await page.click('button[type=submit]')
  await page.waitForURL((url) => !url.pathname.startsWith('/login'))
}

/** Saves a full-page screenshot to /tmp/shots3/<name>.png. */
export async function shot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true })
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true })
}

/** Waits for a toast (react-hot-toast renders role=status) carrying the text. */
export async function expectToast(page: Page, text: string | RegExp) {
  await page.getByRole('status').filter({ hasText: text }).first().waitFor()
}

/** Types into the list's search box and waits until the table shows exactly `count` rows. */
export async function searchList(page: Page, term: string, count = 1) {
  await page.getByLabel('Cari').fill(term)
  await page.getByText(`Menampilkan 1-${count} dari ${count} data`).waitFor()
  return page
    .getByTestId('data-table')
    .locator('tbody tr')
    .filter({ hasNot: page.getByTestId('skeleton-row') })
}

/** The total of the list's footer ('Menampilkan 1-20 dari 57 data' gives 57). */
export async function listTotal(page: Page) {
  const footer = page.getByText(/^Menampilkan \d+-\d+ dari \d+ data$/)
  try {
    await footer.waitFor()
  } catch (error) {
    await shot(page, 'debug-list-total')
    const shown = await page.locator('main').innerText()
    throw new Error(
      `The list footer never appeared at ${page.url()}; the page shows: ${shown.slice(0, 600)}`,
      {
        cause: error,
      }
    )
  }
  const text = await footer.innerText()
  const match = text.match(/dari (\d+) data/)
  return Number(match![1])
}

/** The text of the field's error (role=alert) rendered under the labelled control. */
export async function fieldError(page: Page, label: string | RegExp) {
  const control = page.getByLabel(label, { exact: typeof label === 'string' })
  const id = await control.getAttribute('aria-describedby')
  if (!id) return null
  return page.locator(`[id="${id}"]`).innerText()
}

/** The trimmed inner texts of every element the locator matches. */
export async function texts(locator: Locator) {
  const all = await locator.allInnerTexts()
  return all.map((text) => text.trim())
}

/** Rows in a table, counted in the database. */
export async function countRows(table: string, scope?: (query: any) => void) {
  const query = db.from(table)
  scope?.(query)
  const row = await query.count('* as total').first()
  return Number(row.total)
}
