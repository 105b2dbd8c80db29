import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import type { Page } from 'playwright'
import InsituTeamMember from '#models/insitu_team_member'
import OrderDevice from '#models/order_device'
import { person } from '#tests/helpers/browser'
import { userWithRole } from '#tests/functional/internal_orders/_support'
import { makeInsitu, onSiteAlkes } from '#tests/functional/insitu_orders/_support'

/**
 * Issue 35, item 1 (the blocker): an on-site order with PK, UKPR and Sarpras devices, its teams
 * picked, is finished through the screens only: each lab's team opens its own worksheet tab from
 * the order's page and fills its line, yantek attaches each certificate, then closes the order.
 */
async function fillWorksheet(page: Page, orderId: number, labLabel: string, serial: string) {
  await page.goto(`/insitu/${orderId}/detail`)
  await page.getByRole('link', { name: 'Lembar Kerja' }).first().click()
  await page.getByRole('heading', { name: `Lembar Kerja ${labLabel}` }).waitFor()
  await page.getByRole('link', { name: 'Isi Lembar Kerja' }).first().click()
  await page.getByLabel('Merk').fill('Merek Uji')
  await page.getByLabel('Model').fill('Model Uji')
  await page.getByLabel('Nomor Seri').fill(serial)
  await page.getByLabel('Jenis').selectOption('Kalibrasi')
  await page.getByLabel('Bulan Sertifikat').selectOption('11')
  await page.getByLabel('Tanggal Pengerjaan').fill('2026-11-24')
  await page.getByLabel('Tempat Pengerjaan').fill('RSUD Daya')
  await page.getByLabel('Hasil').selectOption('1')
  await page.getByRole('button', { name: 'Simpan' }).click()
  await page.getByText('Lembar kerja tersimpan.').waitFor()
}

test.group('Insitu in Chromium | three labs to SELESAI', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.timeout(240_000)

  test('PK, UKPR and Sarpras teams fill their worksheets, yantek attaches the certificates and finishes the order', async ({
    browser,
    assert,
  }) => {
    const pkAlkes = await onSiteAlkes('PK', 60, 200_000, 'Tensimeter Insitu')
    const ukprAlkes = await onSiteAlkes('UKPR', 60, 300_000, 'Pesawat Sinar-X Insitu')
    const sarprasAlkes = await onSiteAlkes('SARPRAS', 60, 250_000, 'Genset Insitu')
    const { order } = await makeInsitu({ status: 'DALAM PROSES', alkes: pkAlkes, devices: 1 })
    const teams: [string, typeof ukprAlkes, 'ukpr' | 'sarpras'][] = [
      ['officer_ukpr', ukprAlkes, 'ukpr'],
      ['officer_sarpras', sarprasAlkes, 'sarpras'],
    ]
    for (const [role, alkes, lab] of teams) {
      await OrderDevice.create({
        orderId: order.id,
        lab,
        alkesId: alkes.id,
        price: alkes.price,
        minuteEstimation: alkes.minuteEstimation,
        description: null,
        status: 'BELUM SELESAI',
      })
      const officer = await userWithRole(role as 'officer_ukpr')
      await InsituTeamMember.create({ orderId: order.id, lab, userId: officer.id, isLeader: true })
    }

    // Each lab's team works its own lines, from the order page's "Lembar Kerja".
    const pk = await person(browser, 'officer_pk@kalibra.test')
    await fillWorksheet(pk, order.id, 'PK', 'PK-3LAB-1')
    const ukpr = await person(browser, 'officer_ukpr@kalibra.test', {
      viewport: { width: 375, height: 800 },
    })
    await fillWorksheet(ukpr, order.id, 'UKPR', 'UKPR-3LAB-1')
    const sarpras = await person(browser, 'officer_sarpras@kalibra.test')
    await fillWorksheet(sarpras, order.id, 'Sarpras', 'SRP-3LAB-1')

    // yantek sees the three tabs, then attaches each line's certificate as a link.
    const yantek = await person(browser, 'yantek@kalibra.test')
    await yantek.goto(`/insitu/${order.id}/worksheet`)
    const tabs = yantek.getByRole('navigation', { name: 'Laboratorium' })
    await tabs.getByRole('link', { name: 'Lab. Sarpras' }).waitFor()
    assert.deepEqual(await tabs.getByRole('link').allInnerTexts(), [
      'Lab. PK',
      'Lab. UKPR',
      'Lab. Sarpras',
    ])
    const lines = await db.from('order_devices').where('order_id', order.id).orderBy('id')
    await yantek.goto(`/insitu/${order.id}/attachment`)
    for (const line of lines) {
      await yantek.getByLabel(`Mode certificate ${line.id}`).selectOption('link')
      await yantek
        .getByLabel(`Tautan certificate ${line.id}`)
        .fill(`https://arsip.kalibra.test/sertifikat/${line.id}.pdf`)
      await yantek
        .getByLabel(`Tautan certificate ${line.id}`)
        .locator('xpath=ancestor::form')
        .getByRole('button', { name: 'Simpan' })
        .click()
      // Saved once the page shows the stored link (networkidle may fire before the request).
      await yantek
        .locator(`a[href="https://arsip.kalibra.test/sertifikat/${line.id}.pdf"]`)
        .waitFor()
    }
    const settled = await db.from('order_devices').where('order_id', order.id).select('status')
    assert.deepEqual(
      settled.map((row) => row.status),
      ['SELESAI', 'SELESAI', 'SELESAI']
    )

    await yantek.goto(`/insitu/${order.id}/detail`)
    await yantek.getByRole('link', { name: 'Selesaikan' }).click()
    await yantek.getByRole('button', { name: 'Simpan' }).click()
    await yantek.waitForURL(`**/insitu/${order.id}/detail`)
    await yantek.getByText('SELESAI', { exact: true }).first().waitFor()
    const finished = await db.from('orders').where('id', order.id).first()
    assert.equal(finished.status, 'SELESAI')
  })
})
