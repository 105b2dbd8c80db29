import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import type { Page } from 'playwright'
import Calibrator from '#models/calibrator'
import Fasyankes from '#models/fasyankes'
import Unit from '#models/unit'
import User from '#models/user'
import { expectToast, go, searchList, shot, signIn } from './helpers.js'
import { createDeviceType } from '#tests/factories/device_types'

interface Case {
  list: string
  role: string
  search: string
  editUrl: RegExp
  edit: (page: Page) => Promise<void>
  toast: string | RegExp
  newValue: string
}

/** Text of the single row the search shows, polled until it holds `value` or `ms` pass. */
async function rowShows(page: Page, search: string, value: string, ms = 5000) {
  const rows = await searchList(page, search)
  const until = Date.now() + ms
  let text = ''
  while (Date.now() < until) {
    text = await rows.first().innerText()
    if (text.includes(value)) return { ok: true, text }
    await page.waitForTimeout(250)
  }
  return { ok: false, text }
}

/**
 * After saving an edit the user lands back on the list. Searching for the
 * record again, the way they found it, must show the saved values, not the
 * list data cached before the edit.
 */
test.group('Master data: lists after saving', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('each list shows the saved values when searched again after an edit', async ({
    browserContext,
    assert,
  }) => {
    const officer = await User.create({
      name: 'Fajar Cache Uji',
      email: 'fajar.cache.uji@kalibra.test',
      password: 'rahasia-fajar-1',
      nip: '199601012021011003',
      rank: 'Penata Muda (III/a)',
      position: 'Teknisi Sebelum',
    })
    const facility = await Fasyankes.query().whereNotNull('city_code').orderBy('id').firstOrFail()
    const newType = facility.type === 'Negeri' ? 'Swasta' : 'Negeri'
    const device = await createDeviceType(
      {
        name: 'Syringe Pump Cache Uji',
        laboratory: 'PK',
        category: null,
        price: 350000,
        minuteEstimation: 60,
        alkesCode: 'UJI-CACHE-01',
        recalibrationMonths: 12,
        isTuntungSeharian: false,
        pengujianIsKan: false,
        kalibrasiIsKan: false,
        hasLaikDescription: true,
      },
      ['internal', 'insitu']
    )
    const unit = await Unit.findByOrFail('name', 'PK')
    const calibrator = await Calibrator.create({
      name: 'Infusion Analyzer Cache Uji',
      merk: 'MerkLama',
      typeModelCategory: 'Tipe',
      typeModel: 'IDA-CACHE',
      serialNumber: 'UJI-CACHE-SN',
      channelCount: 2,
      unitId: unit.id,
      calibratorCondition: 'Good',
      isAvailable: true,
    })

    const cases: Case[] = [
      {
        list: '/officer',
        role: 'admin_pk',
        search: 'Fajar Cache Uji',
        editUrl: new RegExp(`/officer/${officer.id}/edit$`),
        edit: (page) => page.getByLabel('Jabatan', { exact: true }).fill('Teknisi Sesudah'),
        toast: 'Data petugas Fajar Cache Uji berhasil diperbarui.',
        newValue: 'Teknisi Sesudah',
      },
      {
        list: '/fasyankes/data',
        role: 'yantek',
        search: facility.fasyankesName,
        editUrl: new RegExp(`/fasyankes/data/${facility.id}/edit$`),
        edit: async (page) => {
          await page.getByLabel('Jenis').selectOption(newType)
        },
        toast: /berhasil diperbarui/,
        newValue: newType,
      },
      {
        list: '/alkes/data',
        role: 'admin_pk',
        search: 'Syringe Pump Cache Uji',
        editUrl: new RegExp(`/alkes/data/${device.id}/edit$`),
        edit: (page) => page.getByLabel('Tarif (Rp)').fill('475000'),
        toast: 'Alkes Syringe Pump Cache Uji berhasil diperbarui.',
        newValue: 'Rp 475.000',
      },
      {
        list: '/calibrator/data',
        role: 'admin_pk',
        search: 'Infusion Analyzer Cache Uji',
        editUrl: new RegExp(`/calibrator/data/${calibrator.id}/edit$`),
        edit: (page) => page.getByLabel('Merk').fill('MerkBaru'),
        toast: 'Kalibrator Infusion Analyzer Cache Uji berhasil diperbarui.',
        newValue: 'MerkBaru',
      },
    ]

    const stale: string[] = []
    for (const item of cases) {
      const page = await browserContext.newPage()
      await browserContext.clearCookies()
      await signIn(page, `${item.role}@kalibra.test`)
      await go(page, item.list)
      const rows = await searchList(page, item.search)
      await rows.first().getByRole('link', { name: 'Ubah' }).click()
      await page.waitForURL(item.editUrl)
      await item.edit(page)
      await page.getByRole('button', { name: 'Simpan' }).click()
      await expectToast(page, item.toast)
      await page.waitForURL((url) => url.pathname === item.list)

      const result = await rowShows(page, item.search, item.newValue)
      if (!result.ok) {
        await shot(page, `stale-list${item.list.replace(/\//g, '-')}`)
        // The values were saved: a fresh page load shows them.
        await page.reload()
        const reloaded = await rowShows(page, item.search, item.newValue, 3000)
        stale.push(
          `${item.list}: after saving, the search showed "${result.text.replace(/\s+/g, ' ').trim()}" without "${item.newValue}"` +
            (reloaded.ok ? ' (a reload shows it)' : ' (not even after a reload)')
        )
      }
      await page.close()
    }
    assert.deepEqual(stale, [], stale.join('\n'))
  })
})
