import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import { signIn } from '#tests/helpers/browser'
import { makeOrder, pngBuffer, userByEmail } from '#tests/functional/internal_orders/_support'

/**
 * A refused upload is explained where the user is looking (issue 10, point 3):
 * the worksheet upload on the worksheet list names the problem under the
 * device's button, and nothing is stored.
 */
test.group('Internal order | refused uploads in Chromium', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('a PNG or a fake PDF chosen as a worksheet is refused under its button and nothing is stored', async ({
    browserContext,
    assert,
  }) => {
    const officer = await userByEmail('officer_pk@kalibra.test')
    const { order, devices } = await makeOrder({
      status: 'PROSES PENGERJAAN',
      devices: 1,
      officerId: officer.id,
    })
    const page = await browserContext.newPage()
    await signIn(page, officer.email)
    await page.goto(`/internal/${order.id}/worksheet/pk`)
    const stored = async () => {
      const row = await db
        .from('order_files')
        .where('order_device_id', devices[0].id)
        .count('* as total')
        .first()
      return Number(row?.total ?? 0)
    }

    for (const file of [
      { name: 'lembar-kerja.png', mimeType: 'image/png', buffer: pngBuffer() },
      { name: 'lembar-kerja.pdf', mimeType: 'application/pdf', buffer: Buffer.from('bukan PDF') },
    ]) {
      await page.getByLabel(/^Unggah PDF /).setInputFiles(file)
      const alert = page.getByRole('alert').filter({ hasText: /pdf/i })
      await alert.waitFor()
      assert.match(await alert.innerText(), /pdf/i, file.name)
      assert.equal(await stored(), 0, `${file.name} was not stored`)
    }
  }).timeout(60_000)
})
