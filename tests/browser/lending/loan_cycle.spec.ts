import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import type { Page } from 'playwright'
import { baseUrl, person } from '#tests/helpers/browser'
import { makeCalibrator } from '#tests/functional/lending/_support'

/** The stock row of one calibrator type as the page shows it: borrowed, available, stock. */
async function stockOf(page: Page, name: string) {
  await page.goto(`${baseUrl()}/calibrator/stock`)
  await page.getByLabel('Cari').fill(name)
  const row = page.getByTestId('data-table').locator('tbody tr', { hasText: name })
  await row.waitFor()
  const cells = await row.locator('td').allInnerTexts()
  return cells.slice(3, 6).map(Number)
}

test.group('Calibrator lending in Chromium', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  // Three people, eight page visits and five stock checks: more than the default two minutes
  // on a loaded machine.
  group.each.timeout(240_000)

  test('a borrower scans two calibrators of two labs, both heads confirm, one comes back by serial and the rest in batch', async ({
    browser,
    assert,
  }) => {
    const name = `Multimeter Pinjam ${Date.now()}`
    const pk = await makeCalibrator('PK', { name })
    const ukpr = await makeCalibrator('UKPR', { name })

    const borrower = await person(browser, 'yantek@kalibra.test', {
      viewport: { width: 1366, height: 900 },
    })
    assert.deepEqual(await stockOf(borrower, name), [0, 2, 2])

    // Scan mode: the serial is typed as a scanner types it, then the pause submits it.
    await borrower.goto(`${baseUrl()}/calibrator/loan/create`)
    const scan = borrower.getByLabel('Nomor Seri Kalibrator')
    for (const [index, serial] of [pk.serialNumber, ukpr.serialNumber].entries()) {
      await scan.pressSequentially(serial, { delay: 15 })
      await borrower.getByTestId('loan-line').nth(index).waitFor()
    }
    assert.equal(await borrower.getByTestId('loan-line').count(), 2)
    assert.equal(await scan.inputValue(), '')
    // The same serial again: the spec's toast, the input cleared, nothing added.
    await scan.pressSequentially(pk.serialNumber, { delay: 15 })
    await borrower.getByText(`Kalibrator ${name} Sudah Ditambahkan`).waitFor()
    assert.equal(await borrower.getByTestId('loan-line').count(), 2)
    assert.equal(await scan.inputValue(), '')

    // One approver per lab of the chosen calibrators (no Sarpras calibrator: no Sarpras field).
    assert.equal(await borrower.getByLabel('Kepala Laboratorium Sarpras').count(), 0)
    // Each lab has one head: already chosen (issue 35, item 12).
    for (const lab of ['PK', 'UKPR']) {
      const select = borrower.getByLabel(`Kepala Laboratorium ${lab}`)
      assert.equal(await select.locator('option').count(), 2, lab)
      assert.notEqual(await select.inputValue(), '', lab)
    }
    await borrower.screenshot({ path: 'tmp/screenshots/loan-form-1366.png', fullPage: true })
    const due = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10)
    await borrower.getByLabel('Rencana Tanggal Kembali').fill(due)
    await borrower.getByLabel('Keperluan Peminjaman').fill('Kalibrasi insitu RSUD Batua')
    await borrower.getByRole('button', { name: 'Simpan' }).click()
    await borrower.waitForURL(/\/calibrator\/loan\/\d+\/detail$/)
    const detailUrl = borrower.url()
    assert.deepEqual(await stockOf(borrower, name), [2, 0, 2])

    for (const head of ['head_of_pk_laboratory', 'head_of_ukpr_laboratory']) {
      const page = await person(browser, `${head}@kalibra.test`, {
        viewport: { width: 375, height: 800 },
      })
      await page.goto(detailUrl)
      await page.getByRole('link', { name: 'Konfirmasi' }).click()
      // No decision is chosen for the head (issue 35, item 12).
      assert.isFalse(await page.getByLabel('Setujui').isChecked())
      assert.isFalse(await page.getByLabel('Tolak').isChecked())
      await page.getByLabel('Setujui').check()
      await page.screenshot({
        path: `tmp/screenshots/loan-confirm-375-${head}.png`,
        fullPage: true,
      })
      await page.getByRole('button', { name: 'Simpan' }).click()
      await page.waitForURL(detailUrl)
      await page
        .getByText(/disetujui/)
        .first()
        .waitFor()
    }

    await borrower.goto(detailUrl)
    await borrower.getByText('Disetujui').first().waitFor()
    assert.deepEqual(await stockOf(borrower, name), [2, 0, 2])

    // Satuan: the PK calibrator comes back by its serial.
    await borrower.goto(detailUrl)
    await borrower.getByLabel('Nomor Seri yang dikembalikan').pressSequentially(pk.serialNumber, {
      delay: 15,
    })
    await borrower
      .getByText(`Kalibrator dengan nomor seri ${pk.serialNumber} dikembalikan.`)
      .waitFor()
    await borrower
      .getByText(/^Kembali /)
      .first()
      .waitFor()
    assert.deepEqual(await stockOf(borrower, name), [1, 1, 2])

    // Keseluruhan: the rest, after a confirmation.
    await borrower.goto(detailUrl)
    await borrower.getByRole('tab', { name: 'Keseluruhan' }).click()
    await borrower.getByRole('button', { name: 'Kembalikan Semua' }).click()
    await borrower.getByRole('button', { name: 'Ya, kembalikan semua' }).click()
    await borrower.getByText('Semua kalibrator peminjaman ini sudah dikembalikan.').waitFor()
    // Finished, no longer "Disetujui" (issue 35, item 12).
    await borrower.getByText('Selesai (Dikembalikan)').first().waitFor()
    await borrower.screenshot({ path: 'tmp/screenshots/loan-returned-1366.png', fullPage: true })
    const dates = await borrower.getByTestId('return-date').allInnerTexts()
    assert.isTrue(
      dates.every((text) => text.startsWith('Kembali ')),
      dates.join(' | ')
    )
    assert.deepEqual(await stockOf(borrower, name), [0, 2, 2])
  })
})
