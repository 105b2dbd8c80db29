import { mkdirSync } from 'node:fs'
import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import type { Page } from 'playwright'
import { newContext, signIn } from '#tests/helpers/browser'
import { makeAlkes, marker } from '#tests/functional/master_data/_support'
import { FACILITY_EMAIL } from '#tests/functional/internal_orders/_support'

const SHOTS = '/tmp/shots-simulation'

/** Saves the whole page and its top (the window as first seen) under /tmp/shots-simulation. */
async function shot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true })
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true })
  await page.evaluate('window.scrollTo(0, 0)')
  await page.screenshot({ path: `${SHOTS}/${name}-top.png` })
}

/** Device types with known tariffs, one tag so a search finds exactly them. */
async function knownDevices() {
  const tag = marker('Sim')
  return {
    tag,
    monitor: await makeAlkes({ name: `Monitor Uji ${tag}`, laboratory: 'PK', price: 600_000 }),
    oximeter: await makeAlkes({ name: `Oksimeter Uji ${tag}`, laboratory: 'PK', price: 150_000 }),
    xray: await makeAlkes({ name: `Rontgen Uji ${tag}`, laboratory: 'UKPR', price: 3_500_000 }),
    genset: await makeAlkes({ name: `Genset Uji ${tag}`, laboratory: 'SARPRAS', price: 1_500_000 }),
  }
}

const rows = (page: Page) => page.getByTestId('price-row')
const row = (page: Page, name: string) => rows(page).filter({ hasText: name })
const quantity = (page: Page, name: string) => page.getByLabel(`Jumlah ${name}`, { exact: true })
const grandTotal = (page: Page) => page.getByTestId('grand-total')

async function openTab(page: Page, name: RegExp) {
  await page.getByRole('tab', { name }).click()
  await page.getByRole('tab', { name, selected: true }).waitFor()
}

/** Types into a quantity box and leaves it, as a person does. */
async function typeQuantity(page: Page, name: string, value: string) {
  await quantity(page, name).fill(value)
  await quantity(page, name).press('Tab')
}

/** Whether the page is wider than the window (it would scroll sideways). */
const overflows = (page: Page) =>
  page.evaluate<boolean>(
    'document.documentElement.scrollWidth > document.documentElement.clientWidth'
  )

/** Issue 14.4: the public tariff simulation in a real browser, without signing in. */
test.group('Simulation | basket in the browser', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('a guest picks devices on two tabs and sees the totals, the search and the clamping', async ({
    browser,
    assert,
  }) => {
    const { tag, monitor, oximeter, xray } = await knownDevices()
    const context = await newContext(browser, { viewport: { width: 1366, height: 900 } })
    const page = await context.newPage()
    await page.goto('/simulation')
    await page.getByRole('heading', { level: 1, name: 'Simulasi Alat' }).waitFor()
    assert.equal(await page.getByRole('link', { name: 'Kembali' }).getAttribute('href'), '/')
    assert.deepEqual(await page.getByRole('tab').allInnerTexts(), [
      'Pengujian dan Kalibrasi (PK)',
      'Uji Kesesuaian dan Proteksi Radiasi (UKPR)',
      'Sarana dan Prasarana (Sarpras)',
    ])
    assert.equal(await grandTotal(page).innerText(), 'Rp 0')
    assert.isTrue(await page.getByRole('button', { name: 'Cetak Estimasi' }).isDisabled())

    // The search narrows the PK list instantly, case-insensitively.
    const all = await rows(page).count()
    assert.isAbove(all, 2)
    await page.getByLabel('Cari alat').fill(tag.toUpperCase())
    await rows(page).nth(2).waitFor({ state: 'detached' })
    assert.sameMembers(await rows(page).locator('td:first-child').allInnerTexts(), [
      monitor.name,
      oximeter.name,
    ])
    await page.getByLabel('Cari alat').fill(`monitor uji ${tag}`)
    await rows(page).nth(1).waitFor({ state: 'detached' })
    assert.equal(await rows(page).count(), 1)
    await page.getByLabel('Cari alat').fill('tidak ada alat bernama begini')
    await page.getByText('Tidak ada alat PK yang cocok').waitFor()
    await page.getByRole('button', { name: 'Hapus pencarian' }).click()
    assert.equal(await rows(page).count(), all)

    // 2 x the PK monitor with the + button: its line is 2 x 600.000.
    await page.getByRole('button', { name: `Tambah ${monitor.name}` }).click()
    await page.getByRole('button', { name: `Tambah ${monitor.name}` }).click()
    assert.equal(await quantity(page, monitor.name).inputValue(), '2')
    assert.include(await row(page, monitor.name).innerText(), 'Rp 1.200.000')
    assert.equal(await page.getByTestId('tab-subtotal').innerText(), 'Rp 1.200.000')

    // The box takes digits only (issue 35): a sign or letters never show; a too large number
    // is the maximum, with a message.
    await quantity(page, oximeter.name).fill('1a2')
    assert.equal(await quantity(page, oximeter.name).inputValue(), '12', 'while typing')
    await typeQuantity(page, oximeter.name, '-5')
    assert.equal(await quantity(page, oximeter.name).inputValue(), '5')
    await typeQuantity(page, oximeter.name, 'abc')
    assert.equal(await quantity(page, oximeter.name).inputValue(), '0')
    await quantity(page, oximeter.name).fill('1500')
    await row(page, oximeter.name).getByText('Maksimal 999 unit per alat.').waitFor()
    await quantity(page, oximeter.name).press('Tab')
    assert.equal(await quantity(page, oximeter.name).inputValue(), '999')
    assert.isTrue(await page.getByRole('button', { name: `Tambah ${oximeter.name}` }).isDisabled())
    await typeQuantity(page, oximeter.name, '0')
    assert.isTrue(await page.getByRole('button', { name: `Kurangi ${oximeter.name}` }).isDisabled())
    assert.equal(await grandTotal(page).innerText(), 'Rp 1.200.000')

    // 3 x the UKPR X-ray typed in its tab: 2 x 600.000 + 3 x 3.500.000 = 11.700.000.
    await openTab(page, /UKPR/)
    await typeQuantity(page, xray.name, '3')
    assert.include(await row(page, xray.name).innerText(), 'Rp 10.500.000')
    assert.equal(await page.getByTestId('tab-subtotal').innerText(), 'Rp 10.500.000')
    assert.equal(await grandTotal(page).innerText(), 'Rp 11.700.000')
    assert.equal(await page.getByTestId('subtotal-pk').innerText(), 'Rp 1.200.000')
    assert.equal(await page.getByTestId('subtotal-ukpr').innerText(), 'Rp 10.500.000')
    // The tabs count the chosen units.
    assert.equal(
      await page.getByRole('tab', { name: /PK/ }).getByLabel('2 unit dipilih').innerText(),
      '2'
    )

    // Back on PK the basket kept its 2.
    await openTab(page, /PK/)
    assert.equal(await quantity(page, monitor.name).inputValue(), '2')
    assert.equal(await grandTotal(page).innerText(), 'Rp 11.700.000')
    await page.getByRole('button', { name: `Kurangi ${monitor.name}` }).click()
    assert.equal(await grandTotal(page).innerText(), 'Rp 11.100.000')
    await page.getByRole('button', { name: `Tambah ${monitor.name}` }).click()
    await shot(page, 'desktop-1366')

    // The printed page: only the estimate, grouped per lab, with its date and note.
    await page.emulateMedia({ media: 'print' })
    const estimate = page.getByTestId('printable-estimate')
    assert.isTrue(await estimate.isVisible())
    const printed = await estimate.innerText()
    for (const text of [
      'Estimasi Biaya Layanan',
      'Pengujian dan Kalibrasi (PK)',
      monitor.name,
      'Rp 600.000',
      'Rp 1.200.000',
      'Uji Kesesuaian dan Proteksi Radiasi (UKPR)',
      xray.name,
      'Rp 3.500.000',
      'Rp 10.500.000',
      'Rp 11.700.000',
      'bukan tagihan',
      'akomodasi dan perjalanan',
    ])
      assert.include(printed, text)
    assert.notInclude(printed, oximeter.name)
    assert.notInclude(printed, 'Sarana dan Prasarana')
    assert.match(printed, /Tanggal: \d{1,2} [A-Z][a-z]+ \d{4}/)
    for (const hidden of [
      page.getByLabel('Cari alat'),
      page.getByRole('tab', { name: /PK/ }),
      page.getByRole('button', { name: 'Cetak Estimasi' }),
      page.getByRole('link', { name: 'Kembali' }),
      quantity(page, monitor.name),
    ])
      assert.isFalse(await hidden.isVisible())
    // White paper, whatever the page's background on screen.
    assert.equal(
      await page.evaluate<string>('getComputedStyle(document.body).backgroundColor'),
      'rgb(255, 255, 255)'
    )
    await shot(page, 'print')
    await page.emulateMedia({ media: 'screen' })
    assert.isFalse(await estimate.isVisible())

    // Kosongkan asks first; Batal keeps the basket, confirming empties every tab.
    await page.getByRole('button', { name: 'Kosongkan' }).click()
    await page.getByRole('dialog').getByRole('button', { name: 'Batal' }).click()
    assert.equal(await grandTotal(page).innerText(), 'Rp 11.700.000')
    await page.getByRole('button', { name: 'Kosongkan' }).click()
    await page.getByRole('dialog').getByRole('button', { name: 'Ya, kosongkan' }).click()
    assert.equal(await grandTotal(page).innerText(), 'Rp 0')
    assert.equal(await quantity(page, monitor.name).inputValue(), '0')
    await openTab(page, /UKPR/)
    assert.equal(await quantity(page, xray.name).inputValue(), '0')
    await context.close()
  })

  test('at 375 px the list is cards and nothing scrolls sideways', async ({ browser, assert }) => {
    const { tag, monitor, genset } = await knownDevices()
    const context = await newContext(browser, { viewport: { width: 375, height: 800 } })
    const page = await context.newPage()
    await page.goto('/simulation')
    await page.getByRole('heading', { level: 1, name: 'Simulasi Alat' }).waitFor()
    assert.isFalse(await page.locator('thead').first().isVisible(), 'no table header: cards')
    assert.deepEqual(await page.getByRole('tab').allInnerTexts(), ['PK', 'UKPR', 'Sarpras'])
    assert.isFalse(await overflows(page))

    await page.getByRole('button', { name: `Tambah ${monitor.name}` }).click()
    await openTab(page, /Sarpras/)
    await page.getByLabel('Cari alat').fill(tag)
    await typeQuantity(page, genset.name, '2')
    // 600.000 + 2 x 1.500.000 = 3.600.000, also in the bar at the bottom.
    assert.equal(await grandTotal(page).innerText(), 'Rp 3.600.000')
    await page.getByText('Total estimasi (3 unit)').waitFor()
    assert.isFalse(await overflows(page))
    await shot(page, 'phone-375')
    await page.getByLabel('Cari alat').fill('')
    assert.isFalse(await overflows(page))
    await context.close()
  })

  test('a signed-in facility user opens it too', async ({ browser }) => {
    const context = await newContext(browser)
    const page = await context.newPage()
    await signIn(page, FACILITY_EMAIL)
    await page.goto('/simulation')
    await page.getByRole('heading', { level: 1, name: 'Simulasi Alat' }).waitFor()
    await page.getByRole('tab', { name: /UKPR/ }).waitFor()
    await context.close()
  })
})
