import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import type { Page } from 'playwright'
import { person } from '#tests/helpers/browser'
import { pdfBuffer } from '#tests/functional/internal_orders/_support'
import { onSiteAlkes } from '#tests/functional/insitu_orders/_support'

const LETTER = { name: 'surat-permohonan.pdf', mimeType: 'application/pdf', buffer: pdfBuffer() }

async function settle(page: Page) {
  await page.waitForLoadState('networkidle')
}

/** Issue 11: an on-site request from the facility to the lab's plan, in Chromium. */
test.group('Insitu in Chromium', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('a facility requests per lab; yantek confirms; the PK head estimates; yantek plans the stay', async ({
    browser,
    assert,
  }) => {
    const monitor = await onSiteAlkes('PK', 75, 250_000, 'Patient Monitor')

    /* the facility requests */
    const facility = await person(browser, 'fasyankes@kalibra.test')
    await facility.goto('/insitu')
    await facility.getByRole('link', { name: 'Ajukan Permintaan' }).click()
    await facility.getByRole('heading', { name: 'Ajukan Permintaan Insitu' }).waitFor()
    await facility.getByLabel(/Surat Permohonan/).setInputFiles(LETTER)
    await facility.getByLabel('Nomor Surat').fill('445/77/RSUD/XI/2026')
    await facility.getByLabel('Tanggal Surat').fill('2026-11-20')
    const panel = facility.getByRole('tabpanel')
    await panel.getByLabel('Cari alat').fill(monitor.name)
    await panel.getByLabel(`Jumlah ${monitor.name}`).fill('18')
    await facility.getByRole('button', { name: 'Simpan' }).click()
    await facility.waitForURL('**/insitu/*/detail')
    const heading = await facility.getByRole('heading', { level: 1 }).innerText()
    const number = heading.replace('Permintaan ', '')
    assert.match(number, /^DL\//)
    await facility.getByRole('tab', { name: 'PK (18)' }).waitFor()
    await facility.getByTestId('timeline').getByText('Permintaan insitu diajukan').waitFor()
    await settle(facility)
    const order = await db.from('orders').where('number', number).first()

    /* yantek confirms */
    const yantek = await person(browser, 'yantek@kalibra.test')
    await yantek.goto(`/insitu/${order.id}/detail`)
    await yantek.getByRole('link', { name: 'Terima Permintaan' }).click()
    await yantek.getByRole('button', { name: 'Simpan' }).click()
    await yantek.waitForURL(`**/insitu/${order.id}/detail`)
    await yantek.getByText('DITERIMA', { exact: true }).first().waitFor()
    await settle(yantek)

    /* the PK head estimates: 18 x 75 min = 3 days over 3 officers, travel 3 h 45 min */
    const head = await person(browser, 'head_of_pk_laboratory@kalibra.test')
    await head.goto(`/insitu/${order.id}/estimation`)
    const estimate = head.getByRole('tabpanel')
    await estimate.getByLabel('Jam Perjalanan (PP)').fill('3')
    await estimate.getByLabel('Menit Perjalanan (PP)').fill('45')
    await estimate.getByLabel('Jumlah Petugas').fill('3')
    assert.include(await head.getByTestId('estimate-pk').innerText(), '1,50 hari')
    assert.include(await head.getByTestId('estimate-pk').innerText(), 'dibulatkan 1 hari')
    await head.getByRole('button', { name: 'Simpan' }).click()
    await head.getByText(/^Estimasi \S+ disimpan\.$/).waitFor()
    await settle(head)

    /* yantek plans the stay: the defaults come from the estimate, the totals follow */
    await yantek.goto(`/insitu/${order.id}/accommodation`)
    const stay = yantek.getByRole('tabpanel')
    assert.equal(await stay.getByLabel('Jumlah Petugas').inputValue(), '3')
    assert.equal(await stay.getByLabel('Jumlah Kamar').inputValue(), '2')
    await stay.getByLabel('Uang Harian (Rp)').fill('150000')
    await stay.getByLabel('Tarif per Malam (Rp)').fill('350000')
    await stay.getByLabel('Jumlah Malam').fill('1')
    // 150.000 x 3 x 1 + 350.000 x 2 x 1 = 1.150.000
    await yantek.getByTestId('accommodation-total-pk').getByText('Rp 1.150.000').waitFor()
    await yantek.getByRole('button', { name: 'Simpan' }).click()
    await yantek.getByText(/^Akomodasi \S+ disimpan\.$/).waitFor()
    await settle(yantek)
    const moved = await db.from('orders').where('id', order.id).first()
    assert.equal(moved.status, 'MENUNGGU PENAWARAN')

    /* the saved stay reads as values with the reason, not as a locked form with only "Batal" */
    await yantek.goto(`/insitu/${order.id}/accommodation`)
    await yantek.getByText(/sudah disimpan dan tidak dapat diubah lagi/).waitFor()
    const saved = yantek.getByTestId('accommodation-saved-pk')
    assert.include(await saved.innerText(), 'Rp 150.000')
    assert.include(await saved.innerText(), 'Rp 350.000')
    assert.equal(await yantek.getByRole('tabpanel').locator('input').count(), 0)
    assert.equal(await yantek.getByRole('button', { name: 'Simpan' }).count(), 0)
    assert.equal(await yantek.getByRole('link', { name: 'Batal' }).count(), 0)
    await yantek.getByRole('link', { name: 'Kembali' }).last().waitFor()
    await yantek.getByTestId('accommodation-total-pk').getByText('Rp 1.150.000').waitFor()

    /* so does the saved estimation */
    await head.goto(`/insitu/${order.id}/estimation`)
    const estimated = head.getByRole('tabpanel')
    await estimated.getByText('Jam Perjalanan (PP)').waitFor()
    assert.equal(await estimated.locator('input').count(), 0)
    assert.include(await head.getByTestId('estimate-pk').innerText(), '1,50 hari')
  })
})
