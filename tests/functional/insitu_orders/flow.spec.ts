import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import { labNow } from '#services/format'
import type { Role } from '#enums/roles'
import {
  FACILITY_EMAIL,
  OTHER_FACILITY_EMAIL,
  fieldErrors,
  isRedirect,
  pdfBuffer,
  userByEmail,
  userWithRole,
} from '#tests/functional/internal_orders/_support'

import {
  PK_ACCOMMODATION,
  onSiteAlkes,
  requestFields,
  latestInsitu,
  confirmedRequest,
  statusOf,
} from '#tests/functional/insitu_orders/_support'

test.group('Insitu | request, confirm, estimation, accommodation', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('a facility requests per lab; only its own order is visible; the lab confirms', async ({
    client,
    assert,
  }) => {
    const facility = await userByEmail(FACILITY_EMAIL)
    const pk = await onSiteAlkes('PK', 75, 200_000)
    const ukpr = await onSiteAlkes('UKPR', 90, 500_000)
    const created = await client
      .post('/insitu')
      .loginAs(facility)
      .withCsrfToken()
      .withInertia()
      .redirects(0)
      .file('letter', pdfBuffer(), { filename: 'surat.pdf' })
      .fields(
        requestFields({
          pk: [{ alkes_id: pk.id, quantity: 3 }],
          ukpr: [{ alkes_id: ukpr.id, quantity: 1 }],
        })
      )
    assert.isTrue(
      isRedirect(created),
      `status ${created.status()} ${JSON.stringify(created.body()).slice(0, 600)}`
    )
    const order = await latestInsitu()
    assert.equal(order.status, 'TERKIRIM')
    assert.match(order.number, /^DL\/\d{4}\/\d{2}\/\d{4}$/)
    assert.equal(Number(order.fasyankes_id), facility.fasyankesId)
    const lines = await db.from('order_devices').where('order_id', order.id).select('lab', 'price')
    assert.deepEqual(lines.map((l) => l.lab).sort(), ['pk', 'pk', 'pk', 'ukpr'])
    assert.equal(Number(order.total_price), 3 * 200_000 + 500_000)

    // Another facility gets 404 for the order; its list does not hold it.
    const other = await userByEmail(OTHER_FACILITY_EMAIL)
    const foreign = await client.get(`/insitu/${order.id}/detail`).loginAs(other)
    foreign.assertStatus(404)
    const list = await client.get('/insitu/datatable').loginAs(other)
    assert.notInclude(JSON.stringify(list.body()), order.number)

    // The facility may not confirm; yantek does.
    const refused = await client
      .post(`/insitu/${order.id}/confirm`)
      .loginAs(facility)
      .withCsrfToken()
    refused.assertStatus(403)
    const yantek = await userWithRole('yantek')
    const confirmed = await client
      .post(`/insitu/${order.id}/confirm`)
      .loginAs(yantek)
      .withCsrfToken()
      .withInertia()
      .redirects(0)
    assert.isTrue(isRedirect(confirmed))
    assert.equal(await statusOf(order.id), 'DITERIMA')
  })

  test('a request needs a letter, a year of now or next, and one device above 0', async ({
    client,
    assert,
  }) => {
    const facility = await userByEmail(FACILITY_EMAIL)
    const before = await db.from('orders').where('type', 'insitu').count('* as total').first()
    const noLetter = await client
      .post('/insitu')
      .loginAs(facility)
      .withCsrfToken()
      .withInertia()
      .redirects(0)
      .fields({ ...requestFields({}), execution_year: String(labNow().year + 2) })
    assert.isNotEmpty(fieldErrors(noLetter, 'letter'))
    const noDevices = await client
      .post('/insitu')
      .loginAs(facility)
      .withCsrfToken()
      .withInertia()
      .redirects(0)
      .file('letter', pdfBuffer(), { filename: 'surat.pdf' })
      .fields({ ...requestFields({}), execution_year: String(labNow().year + 2) })
    assert.isNotEmpty(fieldErrors(noDevices, 'execution_year'))
    const after = await db.from('orders').where('type', 'insitu').count('* as total').first()
    assert.equal(Number(after?.total), Number(before?.total))
  })

  test('each head estimates only their own lab; yantek saves the accommodation; then MENUNGGU PENAWARAN', async ({
    client,
    assert,
  }) => {
    const pk = await onSiteAlkes('PK', 75, 200_000)
    const order = await confirmedRequest(client, { pk: [{ alkes_id: pk.id, quantity: 18 }] })
    const yantek = await userWithRole('yantek')

    // The UKPR head may not estimate PK.
    const ukprHead = await userWithRole('head_of_ukpr_laboratory')
    const wrongHead = await client
      .put(`/insitu/${order.id}/estimation`)
      .loginAs(ukprHead)
      .withCsrfToken()
      .withInertia()
      .redirects(0)
      .form({ pk_pp_hour: '3', pk_pp_minute: '45', pk_officer: '3' })
    assert.isTrue(isRedirect(wrongHead))
    assert.isNull(await db.from('insitu_lab_plans').where('order_id', order.id).first())

    const pkHead = await userWithRole('head_of_pk_laboratory')
    await client
      .put(`/insitu/${order.id}/estimation`)
      .loginAs(pkHead)
      .withCsrfToken()
      .withInertia()
      .redirects(0)
      .form({ pk_pp_hour: '3', pk_pp_minute: '45', pk_officer: '3' })
    const plan = await db.from('insitu_lab_plans').where('order_id', order.id).first()
    // 18 x 75 min = 3 days over 3 officers = 1; travel 3 h 45 = 0.5: 1.5 rounds down to 1.
    assert.equal(Number(plan.raw_estimation), 1.5)
    assert.equal(Number(plan.final_estimation), 1)
    assert.equal(await statusOf(order.id), 'DITERIMA')

    // The head may not save the accommodation (yantek's).
    const headAccommodation = await client
      .put(`/insitu/${order.id}/accommodation`)
      .loginAs(pkHead)
      .withCsrfToken()
      .form({ pk_officer_price: '150000' })
    headAccommodation.assertStatus(403)

    const accommodation = PK_ACCOMMODATION
    const missing = await client
      .put(`/insitu/${order.id}/accommodation`)
      .loginAs(yantek)
      .withCsrfToken()
      .withInertia()
      .redirects(0)
      .form({ ...accommodation, pk_hotel_day: '' })
    assert.isNotEmpty(fieldErrors(missing, 'pk_hotel_day'))
    assert.equal(await statusOf(order.id), 'DITERIMA')

    await client
      .put(`/insitu/${order.id}/accommodation`)
      .loginAs(yantek)
      .withCsrfToken()
      .withInertia()
      .redirects(0)
      .form(accommodation)
    assert.equal(await statusOf(order.id), 'MENUNGGU PENAWARAN')
    const saved = await db.from('insitu_lab_plans').where('order_id', order.id).first()
    assert.equal(Number(saved.hotel_count), 2)

    // The pages open for both, read-only once the plans are complete.
    const page = await client.get(`/insitu/${order.id}/accommodation`).loginAs(yantek).withInertia()
    page.assertStatus(200)
    assert.isNull(page.inertiaProps.submitHref)
    // Read-only, and told why (issue 35, item 13).
    assert.include(
      String(page.inertiaProps.readOnlyReason),
      'sudah disimpan dan tidak dapat diubah'
    )
  })

  test('a head opens the estimation on their own lab tab; who may save is told nothing (issue 35, item 13)', async ({
    client,
    assert,
  }) => {
    const pk = await onSiteAlkes('PK', 60, 100_000)
    const ukpr = await onSiteAlkes('UKPR', 60, 100_000)
    const order = await confirmedRequest(client, {
      pk: [{ alkes_id: pk.id, quantity: 1 }],
      ukpr: [{ alkes_id: ukpr.id, quantity: 1 }],
    })
    const pageOf = async (role: Role, path = 'estimation') => {
      const page = await client
        .get(`/insitu/${order.id}/${path}`)
        .loginAs(await userWithRole(role))
        .withInertia()
      page.assertStatus(200)
      return page.inertiaProps
    }
    const ukprHead = await pageOf('head_of_ukpr_laboratory')
    assert.deepEqual(
      ukprHead.labs.map((lab: any) => lab.lab),
      ['pk', 'ukpr']
    )
    assert.equal(ukprHead.activeLab, 'ukpr')
    assert.isNull(ukprHead.readOnlyReason)
    const pkHead = await pageOf('head_of_pk_laboratory')
    assert.equal(pkHead.activeLab, 'pk')
    // Yantek heads no lab: the first tab.
    const yantek = await pageOf('yantek')
    assert.isNull(yantek.activeLab)
    const accommodation = await pageOf('yantek', 'accommodation')
    assert.isNull(accommodation.readOnlyReason)
  })

  test('a facility cancels only while TERKIRIM; staff later, with a reason', async ({
    client,
    assert,
  }) => {
    const facility = await userByEmail(FACILITY_EMAIL)
    const pk = await onSiteAlkes('PK', 60, 100_000)
    const order = await confirmedRequest(client, { pk: [{ alkes_id: pk.id, quantity: 1 }] })
    const yantek = await userWithRole('yantek')
    await client
      .post(`/insitu/${order.id}/cancel`)
      .loginAs(facility)
      .withCsrfToken()
      .withInertia()
      .redirects(0)
      .form({ reason: 'Tidak jadi dilaksanakan' })
    assert.equal(await statusOf(order.id), 'DITERIMA')
    const noReason = await client
      .post(`/insitu/${order.id}/cancel`)
      .loginAs(yantek)
      .withCsrfToken()
      .withInertia()
      .redirects(0)
      .form({ reason: '' })
    assert.isNotEmpty(fieldErrors(noReason, 'reason'))
    await client
      .post(`/insitu/${order.id}/cancel`)
      .loginAs(yantek)
      .withCsrfToken()
      .withInertia()
      .redirects(0)
      .form({ reason: 'Anggaran fasyankes belum tersedia' })
    assert.equal(await statusOf(order.id), 'DIBATALKAN')
    const row = await db.from('insitu_orders').where('order_id', order.id).first()
    assert.equal(row.cancel_reason, 'Anggaran fasyankes belum tersedia')
  })
})
