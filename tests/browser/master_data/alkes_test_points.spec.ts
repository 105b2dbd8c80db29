import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import type { Page } from 'playwright'
import AlkesTestPoint from '#models/alkes_test_point'
import { newContext } from '#tests/helpers/browser'
import { go, searchList, shot, signIn } from './helpers.js'
import { createDeviceType } from '#tests/factories/device_types'

/** Issue 15, point 1: the test points editor, on a phone and on a laptop. */

async function monitorWithPoints(laboratory: 'PK' | 'UKPR' = 'PK') {
  const code = `TP${process.pid}${Date.now() % 100000}`
  const alkes = await createDeviceType(
    {
      name: `Patient Monitor ${code}`,
      laboratory,
      category: null,
      price: 500000,
      minuteEstimation: 90,
      alkesCode: code,
      recalibrationMonths: 12,
      isTuntungSeharian: false,
      pengujianIsKan: false,
      kalibrasiIsKan: false,
      hasLaikDescription: true,
    },
    ['internal', 'insitu']
  )
  await AlkesTestPoint.createMany(
    [60, 120].map((nominal, index) => ({
      alkesId: alkes.id,
      position: index + 1,
      parameter: 'Laju Jantung',
      unit: 'bpm',
      nominal,
      tolerance: 2,
      toleranceType: 'abs' as const,
      repeats: 3,
      resolution: 1,
    }))
  )
  return alkes
}

async function stored(alkesId: number) {
  const rows = await db.from('alkes_test_points').where('alkes_id', alkesId).orderBy('position')
  return rows.map((row) => [Number(row.nominal), Number(row.tolerance), Number(row.resolution)])
}

/** Anything wider than the viewport, or a box that scrolls sideways inside the page. */
const OVERFLOW_SCRIPT = `(() => {
  const width = window.innerWidth
  const found = []
  const whole = Math.max(document.documentElement.scrollWidth, document.body.scrollWidth)
  if (whole > width) found.push('page ' + whole + ' px')
  for (const el of document.querySelectorAll('main *')) {
    const rect = el.getBoundingClientRect()
    if (!rect.width || !rect.height) continue
    const style = getComputedStyle(el)
    if (style.visibility === 'hidden' || style.position === 'fixed') continue
    if (rect.right > width + 1) found.push(el.tagName + ' ends at ' + Math.round(rect.right) + ' px')
    if (/(auto|scroll)/.test(style.overflowX) && el.scrollWidth > el.clientWidth + 1)
      found.push(el.tagName + ' scrolls sideways')
  }
  return found.slice(0, 5)
})()`

async function overflow(page: Page) {
  return (await page.evaluate(OVERFLOW_SCRIPT)) as string[]
}

const row = (page: Page, index: number) => page.getByTestId('test-point').nth(index)

test.group('Alkes test points | the editor', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('on a phone the rows stack; the head adds, removes (after confirming) and moves points, then saves', async ({
    browser,
    assert,
  }) => {
    const alkes = await monitorWithPoints()
    const context = await newContext(browser, { viewport: { width: 375, height: 800 } })
    try {
      const page = await context.newPage()
      await signIn(page, 'head_of_pk_laboratory@kalibra.test')
      await go(page, `/alkes/data/${alkes.id}/test-points`)
      await page.getByRole('heading', { name: `Titik Uji ${alkes.name}` }).waitFor()
      assert.equal(await page.getByTestId('test-point').count(), 2)
      assert.deepEqual(await overflow(page), [])

      // A new point copies the last one, without its nominal.
      await page.getByRole('button', { name: 'Tambah Titik Uji' }).click()
      assert.equal(await page.getByTestId('test-point').count(), 3)
      assert.equal(await row(page, 2).getByLabel('Parameter').inputValue(), 'Laju Jantung')
      assert.equal(await row(page, 2).getByLabel('Nilai Nominal').inputValue(), '')
      await row(page, 2).getByLabel('Nilai Nominal').fill('180')
      await row(page, 2).getByLabel('Toleransi (±)').fill('2,5')
      await shot(page, 'alkes-test-points-375')

      // Removing asks first; cancelling keeps the point.
      await page.getByRole('button', { name: 'Hapus titik 1' }).click()
      await page.getByRole('dialog').getByRole('button', { name: 'Batal' }).click()
      assert.equal(await page.getByTestId('test-point').count(), 3)
      await page.getByRole('button', { name: 'Hapus titik 1' }).click()
      await page.getByRole('dialog').getByRole('button', { name: 'Ya, hapus' }).click()
      assert.equal(await page.getByTestId('test-point').count(), 2)
      await page.getByRole('button', { name: 'Naikkan titik 2' }).click()

      await page.getByRole('button', { name: 'Simpan' }).click()
      await page
        .getByText(/berhasil disimpan/)
        .first()
        .waitFor()
      assert.deepEqual(await stored(alkes.id), [
        [180, 2.5, 1],
        [120, 2, 1],
      ])

      // A bad value comes back under its field; nothing changes.
      // (Enter sends the form: on a phone the success toast still covers the button.)
      await row(page, 0).getByLabel('Toleransi (±)').fill('0')
      await row(page, 0).getByLabel('Toleransi (±)').press('Enter')
      await row(page, 0).getByText('Toleransi (±) harus lebih dari 0.').waitFor()
      assert.deepEqual(await stored(alkes.id), [
        [180, 2.5, 1],
        [120, 2, 1],
      ])
      assert.deepEqual(await overflow(page), [])
    } finally {
      await context.close()
    }
  }).timeout(120_000)

  test('on a laptop a point is one line; another lab sees the points read-only', async ({
    browser,
    assert,
  }) => {
    const alkes = await monitorWithPoints()
    const context = await newContext(browser, { viewport: { width: 1366, height: 800 } })
    try {
      const page = await context.newPage()
      await signIn(page, 'admin_pk@kalibra.test')
      // The device list links the row to its points.
      await go(page, '/alkes/data')
      const rows = await searchList(page, alkes.alkesCode)
      await rows.first().getByRole('link', { name: 'Titik Uji' }).click()
      await page.waitForURL(`**/alkes/data/${alkes.id}/test-points`)
      await page.getByTestId('test-point').first().waitFor()
      const first = row(page, 0)
      const parameter = await first.getByLabel('Parameter').boundingBox()
      const resolution = await first.getByLabel('Resolusi Alat').boundingBox()
      assert.isTrue(!!parameter && !!resolution)
      assert.approximately(parameter!.y, resolution!.y, 2, 'Parameter and Resolusi on one line')
      assert.deepEqual(await overflow(page), [])
      await shot(page, 'alkes-test-points-1366')

      const other = await context.newPage()
      await context.clearCookies()
      await signIn(other, 'head_of_ukpr_laboratory@kalibra.test')
      await go(other, `/alkes/data/${alkes.id}/test-points`)
      await other.getByText('Laju Jantung').first().waitFor()
      assert.equal(await other.getByRole('button', { name: 'Simpan' }).count(), 0)
      await other.getByText(/hanya dapat diubah oleh kepala atau admin Laboratorium PK/).waitFor()
      await shot(other, 'alkes-test-points-readonly-1366')
    } finally {
      await context.close()
    }
  }).timeout(120_000)
})
