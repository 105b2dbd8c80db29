import { mkdirSync } from 'node:fs'
import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import type { Page } from 'playwright'
import { baseUrl, person, signIn } from '#tests/helpers/browser'
import { makeAlkes, makeFacility, marker } from '#tests/functional/master_data/_support'
import { daysFromToday, makeInventory, testedDevice } from '#tests/functional/monitoring/_support'

const SHOTS = '/tmp/shots-monitoring'

async function shot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true })
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true })
}

/** A facility with four devices: overdue, due soon, far off, and one last found TIDAK LAIK. */
async function facilityWithDevices() {
  const tag = marker('Brw')
  const alkes = await makeAlkes({ name: `Tensimeter ${tag}` })
  const { facility, account } = await makeFacility({ fasyankesName: `RS Inventaris ${tag}` })
  const device = (serial: string, days: number, orderDeviceId?: number) =>
    makeInventory({
      fasyankesId: facility.id,
      alkesId: alkes.id,
      merk: 'Omron',
      model: 'HEM-7120',
      serial: `${serial}${tag}`,
      next: daysFromToday(days),
      orderDeviceId,
    })
  await device('LATE', -5)
  await device('SOON', 10)
  await device('FAR', 100)
  await device('UNFIT', 200, await testedDevice(facility.id, alkes, false))
  return { tag, facility, account }
}

const row = (page: Page, text: string) =>
  page.getByTestId('data-table').locator('tbody tr', { hasText: text })

test.group('Facility inventory in Chromium', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.timeout(180_000)

  test('admin_pk filters the inventory, sees the facility column and the marks', async ({
    browser,
    assert,
  }) => {
    const { tag, facility } = await facilityWithDevices()
    const page = await person(browser, 'admin_pk@kalibra.test', {
      viewport: { width: 1366, height: 900 },
    })
    await page.goto(`${baseUrl()}/fasyankes/inventory`)
    await page.getByRole('heading', { name: 'Data Inventory Fasyankes' }).waitFor()
    await page.getByRole('columnheader', { name: 'Fasyankes' }).waitFor()
    await page.getByTestId('data-table').getByLabel('Filter Alat').fill(tag)
    // The unfiltered first page may already show the newest rows: wait for the filtered answer.
    await page.waitForURL(/[?&]alkes=/)
    await row(page, `FAR${tag}`).waitFor()
    await page.waitForFunction(
      `document.querySelectorAll('[data-testid="data-table"] tbody tr').length === 4`
    )

    assert.include(await row(page, `LATE${tag}`).innerText(), 'Terlambat 5 hari')
    assert.include(await row(page, `LATE${tag}`).innerText(), facility.fasyankesName)
    assert.include(await row(page, `SOON${tag}`).innerText(), '10 hari lagi')
    assert.include(await row(page, `UNFIT${tag}`).innerText(), 'TIDAK LAIK')
    assert.notInclude(await row(page, `FAR${tag}`).innerText(), 'hari lagi')
    await shot(page, 'inventory-1366')

    // The month of the next calibration narrows it to the far one.
    await page
      .getByTestId('data-table')
      .getByLabel('Filter Kalibrasi Berikutnya')
      .fill(daysFromToday(100).slice(0, 7))
    await page.waitForURL(/calibration_month=/)
    await row(page, `LATE${tag}`).waitFor({ state: 'detached' })
    await row(page, `FAR${tag}`).waitFor()

    // The device's name links to its history.
    const history = row(page, `FAR${tag}`).getByRole('link', { name: `Tensimeter ${tag}` })
    assert.match((await history.getAttribute('href')) ?? '', /^\/device-history\?.*serial=FAR/)
  })

  test('a facility on a phone: its own devices as cards, no facility column; the dashboard links to it', async ({
    browser,
    assert,
  }) => {
    const { tag, facility, account } = await facilityWithDevices()
    const context = await browser.newContext({
      baseURL: baseUrl(),
      viewport: { width: 375, height: 800 },
      timezoneId: 'Asia/Makassar',
    })
    const page = await context.newPage()
    await signIn(page, account.email, 'kalibra2026')
    await page.goto(`${baseUrl()}/dashboard`)
    await page.getByText('Monitoring Rekalibrasi terdekat').waitFor()
    await page.getByText(`LATE${tag}`).first().waitFor()
    await shot(page, 'dashboard-375')
    await page.getByRole('link', { name: 'Lihat semua' }).click()
    await page.waitForURL('**/fasyankes/inventory**')
    const cards = page.getByTestId('card-list').getByTestId('card')
    await cards.filter({ hasText: `LATE${tag}` }).waitFor()
    assert.equal(await cards.count(), 4)
    assert.include(await cards.first().innerText(), 'Terlambat 5 hari')
    assert.notInclude(await page.locator('main').innerText(), facility.fasyankesName)
    const overflow = await page.evaluate(
      () => (globalThis as any).document.documentElement.scrollWidth as number
    )
    assert.isAtMost(overflow, 375)
    await shot(page, 'inventory-375')
    await context.close()
  })
})
