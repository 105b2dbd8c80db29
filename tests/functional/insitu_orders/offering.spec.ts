import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import {
  FACILITY_EMAIL,
  OTHER_FACILITY_EMAIL,
  binary,
  fieldErrors,
  isRedirect,
  pdfBuffer,
  pdfText,
  userByEmail,
  userWithRole,
} from '#tests/functional/internal_orders/_support'
import {
  inProgressRequest,
  plannedRequest,
  statusOf,
} from '#tests/functional/insitu_orders/_support'

const SIGNER = {
  signature_name: 'dr. Ratna Dewi',
  signature_nip: '197805122005012003',
  signature_position: 'Direktur RSUD',
}

test.group('Insitu | offering, signature, contract, finalization', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('the offering sums lines and accommodation per lab, in figures and words, on its page and PDF', async ({
    client,
    assert,
  }) => {
    const order = await plannedRequest(client, 2, 200_000)
    const yantek = await userWithRole('yantek')
    const page = await client.get(`/insitu/${order.id}/offering`).loginAs(yantek).withInertia()
    page.assertStatus(200)
    const offering = page.inertiaProps.offering as any
    // 2 x 200.000 + officers 150.000 x 3 x 1 + car 400.000 x 1 x 1 + hotel 350.000 x 2 x 1.
    assert.equal(offering.labs[0].services, 400_000)
    assert.equal(offering.total, 1_950_000)
    assert.equal(offering.formatted_total, 'Rp 1.950.000')
    assert.match(offering.total_in_words, /satu juta sembilan ratus lima puluh ribu rupiah/i)
    const actions = (page.inertiaProps.actions as { key: string }[]).map((action) => action.key)
    assert.deepEqual(actions, ['send_offering'])

    const pdf = await binary(
      client.get(`/insitu/${order.id}/attachment/offering-letter`).loginAs(yantek)
    )
    pdf.assertStatus(200)
    const text = pdfText(pdf.body() as Buffer)
    assert.include(text, 'SURAT PENAWARAN')
    assert.include(text, 'Rp 1.950.000')
    assert.match(text, /satu juta sembilan ratus lima puluh ribu rupiah/i)
    // The decision rule of the order, agreed by signing the offer (issue 37, ILAC-G8).
    assert.match(text.replace(/\s+/g, ' '), /Aturan keputusan: penerimaan sederhana/)

    // The facility sees it only once it is sent to it.
    const facility = await userByEmail(FACILITY_EMAIL)
    const early = await client.get(`/insitu/${order.id}/offering`).loginAs(facility)
    early.assertStatus(403)
    const earlyPdf = await client
      .get(`/insitu/${order.id}/attachment/offering-letter`)
      .loginAs(facility)
    earlyPdf.assertStatus(403)
  })

  test('yantek sends the letter (JSON message); the facility signs it; others may not', async ({
    client,
    assert,
  }) => {
    const order = await plannedRequest(client)
    const facility = await userByEmail(FACILITY_EMAIL)
    const yantek = await userWithRole('yantek')

    const bySomeoneElse = await client
      .put(`/insitu/${order.id}/offering/send`)
      .loginAs(await userWithRole('admin_pk'))
      .withCsrfToken()
      .header('accept', 'application/json')
    bySomeoneElse.assertStatus(403)
    assert.equal(await statusOf(order.id), 'MENUNGGU PENAWARAN')

    const sent = await client
      .put(`/insitu/${order.id}/offering/send`)
      .loginAs(yantek)
      .withCsrfToken()
      .header('accept', 'application/json')
    sent.assertStatus(200)
    assert.match(sent.body().message, /berhasil dikirim/)
    assert.equal(await statusOf(order.id), 'MENUNGGU PERSETUJUAN')
    const again = await client
      .put(`/insitu/${order.id}/offering/send`)
      .loginAs(yantek)
      .withCsrfToken()
      .header('accept', 'application/json')
    assert.isAtLeast(again.status(), 400)

    // Another facility does not see the order at all; staff may not sign for the facility.
    const stranger = await client
      .put(`/insitu/${order.id}/offering/signature`)
      .loginAs(await userByEmail(OTHER_FACILITY_EMAIL))
      .withCsrfToken()
      .form(SIGNER)
    stranger.assertStatus(404)
    const staff = await client
      .put(`/insitu/${order.id}/offering/signature`)
      .loginAs(yantek)
      .withCsrfToken()
      .form(SIGNER)
    staff.assertStatus(403)

    const badNip = await client
      .put(`/insitu/${order.id}/offering/signature`)
      .loginAs(facility)
      .withCsrfToken()
      .withInertia()
      .redirects(0)
      .form({ ...SIGNER, signature_nip: 'abc', signature_position: '' })
    assert.isNotEmpty(fieldErrors(badNip, 'signature_nip'))
    assert.isNotEmpty(fieldErrors(badNip, 'signature_position'))
    assert.equal(await statusOf(order.id), 'MENUNGGU PERSETUJUAN')

    const letter = await client.get(`/insitu/${order.id}/offering`).loginAs(facility).withInertia()
    letter.assertStatus(200)
    const facilityActions = (letter.inertiaProps.actions as { key: string }[]).map((a) => a.key)
    assert.deepEqual(facilityActions, ['sign'])

    const signed = await client
      .put(`/insitu/${order.id}/offering/signature`)
      .loginAs(facility)
      .withCsrfToken()
      .withInertia()
      .redirects(0)
      .form(SIGNER)
    assert.isTrue(isRedirect(signed))
    assert.equal(await statusOf(order.id), 'PENAWARAN DISETUJUI')
    const row = await db.from('insitu_orders').where('order_id', order.id).first()
    assert.equal(row.signature_name, SIGNER.signature_name)
    assert.equal(row.signature_nip, SIGNER.signature_nip)
    assert.isNotNull(row.signed_at)

    // The signed letter carries the signer.
    const pdf = await binary(
      client.get(`/insitu/${order.id}/attachment/offering-letter`).loginAs(facility)
    )
    pdf.assertStatus(200)
    assert.include(pdfText(pdf.body() as Buffer), SIGNER.signature_name)
  })

  test('yantek uploads the approved letter with the contract; finalization waits for every device', async ({
    client,
    assert,
  }) => {
    const order = await plannedRequest(client, 1)
    const facility = await userByEmail(FACILITY_EMAIL)
    const yantek = await userWithRole('yantek')
    await client.put(`/insitu/${order.id}/offering/send`).loginAs(yantek).withCsrfToken()
    await client
      .put(`/insitu/${order.id}/offering/signature`)
      .loginAs(facility)
      .withCsrfToken()
      .form(SIGNER)
    assert.equal(await statusOf(order.id), 'PENAWARAN DISETUJUI')

    const byFacility = await client
      .post(`/insitu/${order.id}/offering/confirm`)
      .loginAs(facility)
      .withCsrfToken()
      .file('file', pdfBuffer(), { filename: 'kontrak.pdf' })
      .fields({ number: 'KTR/01/2026', date: '2026-11-20' })
    byFacility.assertStatus(403)

    const incomplete = await client
      .post(`/insitu/${order.id}/offering/confirm`)
      .loginAs(yantek)
      .withCsrfToken()
      .withInertia()
      .redirects(0)
      .fields({ number: '', date: '2999-01-01' })
    assert.isNotEmpty(fieldErrors(incomplete, 'number'))
    assert.match(fieldErrors(incomplete, 'date').join(' '), /Tanggal kontrak/)
    assert.match(fieldErrors(incomplete, 'file').join(' '), /Surat persetujuan/)
    assert.equal(await statusOf(order.id), 'PENAWARAN DISETUJUI')

    await client
      .post(`/insitu/${order.id}/offering/confirm`)
      .loginAs(yantek)
      .withCsrfToken()
      .withInertia()
      .redirects(0)
      .file('file', pdfBuffer(), { filename: 'kontrak.pdf' })
      .fields({ number: 'KTR/01/2026', date: '2026-11-20' })
    assert.equal(await statusOf(order.id), 'DALAM PROSES')
    const row = await db.from('insitu_orders').where('order_id', order.id).first()
    assert.equal(row.contract_number, 'KTR/01/2026')
    const file = await db
      .from('order_files')
      .where({ order_id: order.id, kind: 'contract' })
      .first()
    assert.isNotNull(file)

    // The device is not done yet: finalization is refused with the reason.
    const early = await client
      .post(`/insitu/${order.id}/finalization`)
      .loginAs(yantek)
      .withCsrfToken()
      .withInertia()
      .redirects(0)
      .form({ notes: 'Selesai' })
    assert.isTrue(isRedirect(early))
    assert.match(String(early.flashMessages().error), /belum selesai/)
    assert.equal(await statusOf(order.id), 'DALAM PROSES')

    const device = await db.from('order_devices').where('order_id', order.id).first()
    await client
      .post(`/insitu/${order.id}/${device.id}/cancel`)
      .loginAs(yantek)
      .withCsrfToken()
      .form({ reason: 'Alat tidak ada di lokasi' })
    const byFacilityFinal = await client
      .post(`/insitu/${order.id}/finalization`)
      .loginAs(facility)
      .withCsrfToken()
      .form({})
    byFacilityFinal.assertStatus(403)
    await client
      .post(`/insitu/${order.id}/finalization`)
      .loginAs(yantek)
      .withCsrfToken()
      .form({ notes: 'Pekerjaan di lokasi selesai.' })
    assert.equal(await statusOf(order.id), 'SELESAI')
    const done = await db.from('insitu_orders').where('order_id', order.id).first()
    assert.equal(done.finalization_notes, 'Pekerjaan di lokasi selesai.')
  })

  test('the signer and contract data are shown to yantek and the facility only', async ({
    client,
    assert,
  }) => {
    const order = await inProgressRequest(client)
    const readers = {
      yantek: await userWithRole('yantek'),
      fasyankes: await userByEmail(FACILITY_EMAIL),
      head_of_pk_laboratory: await userWithRole('head_of_pk_laboratory'),
      admin_pk: await userWithRole('admin_pk'),
    }
    for (const [role, user] of Object.entries(readers)) {
      const page = await client.get(`/insitu/${order.id}/detail`).loginAs(user).withInertia()
      page.assertStatus(200)
      const shown = page.inertiaProps.order as any
      const sees = role === 'yantek' || role === 'fasyankes'
      assert.equal(shown.signature?.name ?? null, sees ? 'dr. Ratna Dewi' : null, role)
      assert.equal(shown.contract_number !== null, sees, role)
    }
  })

  test('the signed offering stays readable during the work and after it, with no step to take (issue 35)', async ({
    client,
    assert,
  }) => {
    const order = await inProgressRequest(client)
    assert.equal(await statusOf(order.id), 'DALAM PROSES')
    for (const email of ['yantek@kalibra.test', FACILITY_EMAIL]) {
      const reader = await userByEmail(email)
      const page = await client.get(`/insitu/${order.id}/offering`).loginAs(reader).withInertia()
      page.assertStatus(200)
      const props = page.inertiaProps as any
      assert.isNotNull(props.offering, email)
      assert.deepEqual(props.actions, [], `${email}: nothing to send, sign or upload any more`)
      const pdf = await binary(client.get(props.pdfHref).loginAs(reader))
      pdf.assertStatus(200)
    }
    await db.from('orders').where('id', order.id).update({ status: 'SELESAI' })
    const facility = await userByEmail(FACILITY_EMAIL)
    const finished = await client
      .get(`/insitu/${order.id}/offering`)
      .loginAs(facility)
      .withInertia()
    finished.assertStatus(200)
    const other = await userByEmail(OTHER_FACILITY_EMAIL)
    const foreign = await client.get(`/insitu/${order.id}/offering`).loginAs(other).withInertia()
    foreign.assertStatus(404)
  })
})
