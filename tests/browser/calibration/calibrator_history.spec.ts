import { mkdirSync } from 'node:fs'
import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import type { Page } from 'playwright'
import { labToday } from '#services/format'
import { newContext, signIn } from '#tests/helpers/browser'
import { makeCalibrator, makeFacility } from '#tests/functional/master_data/_support'
import { makeOrder } from '#tests/functional/internal_orders/_support'
import { addHistory, useStandard } from '#tests/functional/calibration/history_fixtures'

const SHOTS = '/tmp/shots_calibrator_history'

/** What reaches past the viewport's width inside the page (a sideways scroll). */
const OVERFLOW_SCRIPT = `(() => {
  const width = window.innerWidth
  const found = []
  const page = Math.max(document.documentElement.scrollWidth, document.body.scrollWidth)
  if (page > width) found.push('page ' + page + ' px')
  for (const el of document.querySelectorAll('main *')) {
    const rect = el.getBoundingClientRect()
    if (!rect.width || !rect.height) continue
    const style = getComputedStyle(el)
    if (style.visibility === 'hidden' || style.position === 'fixed') continue
    if (rect.right > width + 1) found.push(el.tagName.toLowerCase() + '.' + el.className + ' ends at ' + Math.round(rect.right) + ' px')
    if (/(auto|scroll)/.test(style.overflowX) && el.scrollWidth > el.clientWidth + 1)
      found.push(el.tagName.toLowerCase() + ' scrolls sideways (' + el.scrollWidth + ' px)')
  }
  return found.slice(0, 5)
})()`

async function shot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true })
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true })
}

/** A flow analyzer with a history, found out of tolerance, used on lines of two facilities. */
async function fixture() {
  const calibrator = await makeCalibrator({ name: 'Infusion Device Analyzer' })
  await addHistory(calibrator, {
    performedOn: '2025-01-10',
    dueOn: '2026-01-10',
    certificateNumber: 'LK-032-IDN/2025/0101',
    issuer: 'Laboratorium Kalibrasi BPAFK Jakarta',
    uncertainties: [['Laju alir', 'mL/h', 0.6]],
  })
  const good = await addHistory(calibrator, {
    performedOn: '2026-01-10',
    dueOn: '2027-01-10',
    certificateNumber: 'LK-032-IDN/2026/0412',
    issuer: 'Laboratorium Kalibrasi BPAFK Jakarta',
    uncertainties: [
      ['Laju alir', 'mL/h', 0.6],
      ['Volume', 'mL', 0.05],
    ],
  })
  await addHistory(calibrator, {
    kind: 'out_of_tolerance',
    performedOn: '2026-06-05',
    notes: 'Laju alir menyimpang 4 % saat uji antara.',
  })
  const { facility } = await makeFacility({ fasyankesName: 'RSUD Kabupaten Maros' })
  const orders = [
    await makeOrder({ devices: 2 }),
    await makeOrder({ devices: 1, fasyankesId: facility.id }),
  ]
  let n = 0
  for (const { devices } of orders) {
    for (const line of devices) {
      n++
      await db
        .from('order_devices')
        .where('id', line.id)
        .update({
          merk: 'B. Braun',
          model: 'Infusomat Space',
          serial_number: `IP-2026-${n}`,
          work_date: `2026-0${n + 1}-15`,
          is_laik: true,
          certificate_number: `DT/PK/2026/${String(n).padStart(4, '0')}`,
        })
      await useStandard(line.id, calibrator.id, good.id)
    }
  }
  return calibrator
}

test.group('Calibrator history and impact in the browser', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('admin_pk records a calibration and a finding; the impact page lists the lines', async ({
    browserContext,
    assert,
  }) => {
    const calibrator = await fixture()
    const page = await browserContext.newPage()
    await signIn(page, 'admin_pk@kalibra.test')
    await page.goto(`/calibrator/data/${calibrator.id}/history`)
    await page
      .getByRole('heading', { name: 'Riwayat Kalibrasi Infusion Device Analyzer' })
      .waitFor()

    const form = page.locator('form').filter({ hasText: 'Simpan Kalibrasi' })
    await form.getByLabel('Tanggal Kalibrasi').fill(labToday())
    await form.getByLabel('Berlaku Sampai').fill('2030-01-01')
    await form.getByLabel('Nomor Sertifikat').fill('LK-032-IDN/2026/0777')
    await form.getByRole('button', { name: 'Tambah Parameter' }).click()
    await form.getByLabel('Parameter', { exact: true }).fill('Laju alir')
    await form.getByLabel('Satuan', { exact: true }).fill('mL/h')
    await form.getByLabel('Ketidakpastian (U)', { exact: true }).fill('0')
    await form.getByRole('button', { name: 'Simpan Kalibrasi' }).click()
    await page.getByText('Ketidakpastian (U) harus lebih dari 0.').waitFor()
    await form.getByLabel('Ketidakpastian (U)', { exact: true }).fill('0.6')
    await form.getByRole('button', { name: 'Simpan Kalibrasi' }).click()
    await page.getByRole('cell', { name: 'LK-032-IDN/2026/0777' }).waitFor()
    await page.getByTestId('usable-today').filter({ hasText: 'Dapat dipakai' }).waitFor()

    const finding = page.locator('form').filter({ hasText: 'Alasan' })
    await finding.getByLabel('Alasan').fill('Jatuh saat dibawa ke lokasi insitu.')
    await finding.getByRole('button', { name: 'Tandai Di Luar Toleransi' }).click()
    await page.getByRole('dialog').getByRole('button', { name: 'Ya, tandai' }).click()
    await page.getByRole('link', { name: 'Lihat Dampak Kalibrator' }).waitFor()
    await shot(page, 'history-desktop-after')
    await page.getByRole('link', { name: 'Lihat Dampak Kalibrator' }).click()
    await page
      .getByRole('heading', { name: 'Dampak Kalibrator Infusion Device Analyzer' })
      .waitFor()
    await page.getByTestId('impact-banner').filter({ hasText: 'Jatuh saat dibawa' }).waitFor()
    // The finding of today follows a passed calibration of today: nothing measured since.
    await page.getByText('Data Masih Kosong').first().waitFor()
    const rows = await db
      .from('calibrator_calibrations')
      .where('calibrator_id', calibrator.id)
      .count('* as total')
    assert.equal(Number(rows[0].total), 5)
  })

  for (const viewport of [
    { width: 375, height: 800 },
    { width: 1366, height: 900 },
  ]) {
    test(`the history and impact pages fit ${viewport.width} px`, async ({ browser, assert }) => {
      const calibrator = await fixture()
      const context = await newContext(browser, { viewport })
      const page = await context.newPage()
      try {
        await signIn(page, 'head_of_pk_laboratory@kalibra.test')
        await page.goto(`/calibrator/data/${calibrator.id}/history`)
        await page.getByRole('heading', { name: /Riwayat Kalibrasi/ }).waitFor()
        await page.getByText('LK-032-IDN/2026/0412').first().waitFor()
        await shot(page, `history-${viewport.width}`)
        const historyOverflow = (await page.evaluate(OVERFLOW_SCRIPT)) as string[]
        assert.deepEqual(historyOverflow, [], `history: ${historyOverflow.join('; ')}`)

        await page.goto(`/calibrator/data/${calibrator.id}/impact`)
        await page
          .getByTestId('impact-totals')
          .filter({ hasText: '3 alat dari 2 fasyankes' })
          .waitFor()
        await page.getByText('Menampilkan 1-3 dari 3 data').waitFor()
        await shot(page, `impact-${viewport.width}`)
        const impactOverflow = (await page.evaluate(OVERFLOW_SCRIPT)) as string[]
        assert.deepEqual(impactOverflow, [], `impact: ${impactOverflow.join('; ')}`)

        await page.goto('/calibrator/data')
        await page.getByText(/^Menampilkan \d+-\d+ dari \d+ data$/).waitFor()
        await page.getByRole('link', { name: 'Riwayat Kalibrasi' }).first().waitFor()
      } finally {
        await context.close()
      }
    })
  }
})
