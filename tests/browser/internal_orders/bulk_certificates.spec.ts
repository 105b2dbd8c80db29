import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import { signIn } from '#tests/helpers/browser'
import { makeOrder, pdfBuffer, userByEmail } from '#tests/functional/internal_orders/_support'

/** Issue 10.18: many certificates dropped at once, matched by file name, checked, then saved. */
test.group('Internal order | bulk certificate upload in Chromium', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('the preview pairs each PDF with its line, the user corrects one, all are saved', async ({
    browserContext,
    assert,
  }) => {
    const yantek = await userByEmail('yantek@kalibra.test')
    const { order, devices } = await makeOrder({ status: 'PROSES PENGERJAAN', devices: 3 })
    await db
      .from('order_devices')
      .where('id', devices[0].id)
      .update({ certificate_number: `KAL/BLK/${order.id}` })
    const page = await browserContext.newPage()
    await signIn(page, yantek.email)
    await page.goto(`/internal/${order.id}/attachment`)
    await page.getByRole('heading', { name: 'Unggah Sertifikat Sekaligus' }).waitFor()

    const pdf = (name: string) => ({ name, mimeType: 'application/pdf', buffer: pdfBuffer() })
    await page
      .getByLabel('Berkas sertifikat sekaligus')
      .setInputFiles([
        pdf(`KAL-BLK-${order.id}.pdf`),
        pdf(`${devices[1].serialNumber}.pdf`),
        pdf('scan-tanpa-nomor.pdf'),
        { name: 'foto.png', mimeType: 'image/png', buffer: Buffer.from('png') },
      ])
    const preview = page.getByTestId('bulk-preview')
    await preview.waitFor()
    const choice = (name: string) => page.getByLabel(`Alat untuk ${name}`)
    assert.equal(await choice(`KAL-BLK-${order.id}.pdf`).inputValue(), String(devices[0].id))
    assert.equal(await choice(`${devices[1].serialNumber}.pdf`).inputValue(), String(devices[1].id))
    assert.equal(await choice('scan-tanpa-nomor.pdf').inputValue(), '')
    assert.isTrue(await choice('foto.png').isDisabled())
    await preview.getByText('Cocok: Nomor sertifikat').waitFor()
    await preview.getByText('Bukan berkas PDF; tidak diunggah.').waitFor()
    await page.getByRole('button', { name: 'Simpan 2 Sertifikat' }).waitFor()

    // Choosing a line already taken is flagged and blocks saving; the third line is free.
    await choice('scan-tanpa-nomor.pdf').selectOption(String(devices[1].id))
    await preview.getByText('Alat ini dipilih untuk lebih dari satu berkas.').first().waitFor()
    assert.isTrue(await page.getByRole('button', { name: 'Simpan 3 Sertifikat' }).isDisabled())
    await choice('scan-tanpa-nomor.pdf').selectOption(String(devices[2].id))
    await page.getByRole('button', { name: 'Simpan 3 Sertifikat' }).click()

    await page.getByRole('status').filter({ hasText: '3 sertifikat tersimpan.' }).waitFor()
    await preview.waitFor({ state: 'detached' })
    assert.equal(await page.getByRole('link', { name: 'Unduh sertifikat' }).count(), 3)
    const names = await db
      .from('order_files')
      .where('order_id', order.id)
      .where('kind', 'certificate')
      .orderBy('order_device_id')
      .select('original_name')
    assert.deepEqual(
      names.map((row) => row.original_name),
      [`KAL-BLK-${order.id}.pdf`, `${devices[1].serialNumber}.pdf`, 'scan-tanpa-nomor.pdf']
    )
  }).timeout(60_000)
})
