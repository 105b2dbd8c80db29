import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import type { Page } from 'playwright'
import User from '#models/user'
import Order from '#models/order'
import { labNow } from '#services/format'
import { person } from '#tests/helpers/browser'
import { pdfBuffer } from '#tests/functional/internal_orders/_support'
import { onSiteAlkes } from '#tests/functional/insitu_orders/_support'
import { pdfTextLines } from '#tests/helpers/downloads'
import { createInsituOrder } from '#actions/insitu/submit_order'
import { confirmInsituOrder } from '#actions/insitu/order_steps'
import { saveAccommodations, saveEstimations } from '#actions/insitu/lab_plans'

const CONTRACT = { name: 'surat-persetujuan.pdf', mimeType: 'application/pdf', buffer: pdfBuffer() }

const settle = (page: Page) => page.waitForLoadState('networkidle')
const actor = (user: User) => ({ user, ip: '127.0.0.1' })

/** A confirmed on-site PK request of one device with its plans saved (MENUNGGU PENAWARAN). */
async function plannedOrder() {
  const alkes = await onSiteAlkes('PK', 90, 300_000, 'Defibrillator')
  const facility = await User.findByOrFail('email', 'fasyankes@kalibra.test')
  const yantek = await User.findByOrFail('email', 'yantek@kalibra.test')
  const created = await createInsituOrder(actor(facility), facility.fasyankesId!, {
    execution_year: labNow().year,
    letter_number: '445/90/RSUD/XI/2026',
    letter_date: new Date('2026-11-20'),
    alkes_pk: [{ alkes_id: alkes.id, quantity: 1 }],
  })
  const order = await Order.findOrFail(created.id)
  await confirmInsituOrder(actor(yantek), order)
  await saveEstimations(actor(yantek), order, [{ lab: 'pk', ppHour: 2, ppMinute: 0, officers: 2 }])
  await saveAccommodations(actor(yantek), order, [
    {
      lab: 'pk',
      accommodation: {
        officerPrice: 150_000,
        officerCount: 2,
        officerDay: 1,
        transportationPrice: 400_000,
        transportationDay: 1,
        transportationCount: 1,
        hotelPrice: 0,
        hotelDay: 0,
        hotelCount: 1,
        planePrice: 0,
        planeCount: 0,
        planeLuggage: 0,
        planeIsPp: false,
      },
    },
  ])
  return order
}

/** Issue 11: the offering, the signature, the contract, the team and the end of the work. */
test.group('Insitu offering in Chromium', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('offering sent and signed, contract uploaded, team chosen, worksheet opened, order finished', async ({
    browser,
    assert,
  }) => {
    const order = await plannedOrder()

    /* yantek reads the offering: 300.000 + 150.000 x 2 x 1 + 400.000 = 1.000.000 */
    const yantek = await person(browser, 'yantek@kalibra.test')
    await yantek.goto(`/insitu/${order.id}/detail`)
    await yantek.getByRole('link', { name: 'Surat Penawaran' }).click()
    await yantek.waitForURL(`**/insitu/${order.id}/offering`)
    const onScreen = await yantek.getByTestId('offering-total').innerText()
    assert.include(onScreen, 'Rp 1.000.000')
    await yantek.getByText(/Terbilang: satu juta rupiah/i).waitFor()
    const pdfHref = await yantek.getByRole('link', { name: 'Unduh PDF' }).getAttribute('href')
    const pdf = await yantek.request.get(pdfHref!)
    assert.equal(pdf.status(), 200)
    const lines = pdfTextLines(Buffer.from(await pdf.body()))
    assert.include(lines.join('\n'), 'Rp 1.000.000')

    /* sent, after the spec's confirmation */
    await yantek.getByRole('button', { name: 'Kirim Surat Penawaran' }).click()
    await yantek
      .getByText(/Apakah anda yakin ingin mengirimkan surat penawaran Order DL\/.* ke /)
      .waitFor()
    await yantek.getByRole('button', { name: 'Ya, lanjutkan' }).click()
    await yantek.getByText(/Surat penawaran .* berhasil dikirim/).waitFor()
    await settle(yantek)

    /* the facility reads and signs it */
    const facility = await person(browser, 'fasyankes@kalibra.test')
    await facility.goto(`/insitu/${order.id}/offering`)
    assert.include(await facility.getByTestId('offering-total').innerText(), 'Rp 1.000.000')
    await facility.getByRole('link', { name: 'Setujui Penawaran' }).click()
    await facility.getByLabel('Nama Penanda Tangan').fill('dr. Ratna Dewi')
    await facility.getByLabel('NIP').fill('12ab')
    await facility.getByLabel('Jabatan').fill('Direktur RSUD')
    await facility.getByRole('button', { name: 'Simpan' }).click()
    await facility.getByText(/NIP hanya berisi angka/).waitFor()
    await facility.getByLabel('NIP').fill('197805122005012003')
    await facility.getByRole('button', { name: 'Simpan' }).click()
    await facility.waitForURL(`**/insitu/${order.id}/detail`)
    await facility.getByText('PENAWARAN DISETUJUI', { exact: true }).first().waitFor()
    await settle(facility)

    /* yantek uploads the approved letter with the contract */
    await yantek.goto(`/insitu/${order.id}/detail`)
    await yantek.getByRole('link', { name: 'Unggah Kontrak' }).click()
    await yantek.getByLabel('Nomor Kontrak').fill('KTR/90/2026')
    await yantek.getByLabel('Tanggal Kontrak').fill('2026-11-21')
    await yantek.getByLabel(/Surat Persetujuan/).setInputFiles(CONTRACT)
    await yantek.getByRole('button', { name: 'Simpan' }).click()
    await yantek.waitForURL(`**/insitu/${order.id}/detail`)
    await yantek.getByText('DALAM PROSES', { exact: true }).first().waitFor()
    await settle(yantek)

    /* the PK head picks the team: the spec's alert first, then leader, member and dates */
    const head = await person(browser, 'head_of_pk_laboratory@kalibra.test')
    await head.goto(`/insitu/${order.id}/officer`)
    await head.getByRole('button', { name: 'Simpan Tim PK' }).click()
    await head.getByText('Harap pilih Ketua Tim terlebih dahulu').waitFor()
    await head.getByLabel('Ketua Tim').selectOption({ label: 'Budi Santoso, A.Md.T.' })
    await head.getByLabel('Indah Lestari, S.Tr.T.').check()
    await head.getByLabel('Tanggal Mulai').fill('2026-12-01')
    await head.getByLabel('Tanggal Selesai').fill('2026-12-03')
    assert.equal(await head.getByTestId('days-pk-0').innerText(), '3 hari')
    await head.getByRole('button', { name: 'Simpan Tim PK' }).click()
    await head.getByText(/Tim petugas .* disimpan/).waitFor()
    await settle(head)
    const team = await db.from('insitu_team_members').where('order_id', order.id)
    assert.lengthOf(team, 2)

    /* the member opens the worksheets */
    const member = await person(browser, 'indah.lestari@kalibra.test')
    await member.goto(`/insitu/${order.id}/worksheet/pk`)
    await member
      .getByText(/Defibrillator/)
      .first()
      .waitFor()

    /* the device cannot be tested on site; then yantek finishes the order */
    await yantek.goto(`/insitu/${order.id}/detail`)
    await yantek.getByRole('link', { name: 'Batal Uji' }).first().click()
    await yantek.getByLabel('Alasan').fill('Alat dipindahkan ke fasyankes lain.')
    await yantek.getByRole('button', { name: 'Simpan' }).click()
    await yantek.waitForURL(`**/insitu/${order.id}/detail`)
    await settle(yantek)
    await yantek.getByRole('link', { name: 'Selesaikan' }).click()
    await yantek.getByLabel('Catatan').fill('Pekerjaan di lokasi selesai.')
    await yantek.getByRole('button', { name: 'Simpan' }).click()
    await yantek.waitForURL(`**/insitu/${order.id}/detail`)
    await yantek.getByText('SELESAI', { exact: true }).first().waitFor()
    await yantek.getByTestId('timeline').getByText('Permintaan insitu diselesaikan').waitFor()
  })
})
