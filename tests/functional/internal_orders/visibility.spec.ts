import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import { forgetKeptReads } from '#lists/kept_reads'
import {
  FACILITY_EMAIL,
  OTHER_FACILITY_EMAIL,
  feedbackPayload,
  makeOrder,
  orderJson,
  snapshot,
  userByEmail,
  userWithRole,
} from '#tests/functional/internal_orders/_support'
import type { InternalStatus } from '#workflows/internal_order_workflow'

/**
 * A facility sees only its own orders: another facility's order answers 404
 * on every page and every action, as if it did not exist, and the list never
 * shows it, whatever the filters ask for.
 */
test.group("Internal order | a facility cannot reach another facility's order", (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  const READS: [string, InternalStatus, (id: number, device: number) => string][] = [
    ['summary', 'MENUNGGU', (id) => `/internal/${id}/summary`],
    ['detail', 'MENUNGGU', (id) => `/internal/${id}/detail`],
    ['edit form', 'MENUNGGU', (id) => `/internal/${id}/edit`],
    ['edit form of a rejected order', 'DITOLAK', (id) => `/internal/${id}/edit`],
    ['feedback form', 'MENUNGGU FEEDBACK', (id) => `/internal/${id}/feedback`],
    ['attachment page', 'SELESAI', (id) => `/internal/${id}/attachment`],
    ['ASPAK file', 'SELESAI', (id) => `/internal/${id}/attachment/aspak`],
    ['SRIKANDI file', 'SELESAI', (id) => `/internal/${id}/attachment/srikandi`],
    [
      'certificate download',
      'SELESAI',
      (id, device) => `/internal/${id}/file/${device}/certificate`,
    ],
    ['worksheet list', 'PROSES PENGERJAAN', (id) => `/internal/${id}/worksheet/pk`],
  ]

  for (const [label, status, path] of READS) {
    test(`${label} (${status}) answers 404 to the other facility, 200/redirect to the owner`, async ({
      client,
      assert,
    }) => {
      const owner = await userByEmail(FACILITY_EMAIL)
      const stranger = await userByEmail(OTHER_FACILITY_EMAIL)
      assert.notEqual(owner.fasyankesId, stranger.fasyankesId)
      const { order, devices } = await makeOrder({ status, fasyankesId: owner.fasyankesId! })
      const response = await client
        .get(path(order.id, devices[0].id))
        .loginAs(stranger)
        .withInertia()
      assert.equal(response.status(), 404)
      // The 404 page says nothing about the order.
      assert.notInclude(response.text(), order.number)
      // (The fixture has no stored certificate, so only the pages are checked for the owner.)
      if (!label.includes('download')) {
        const own = await client
          .get(path(order.id, devices[0].id))
          .loginAs(owner)
          .withInertia()
          .redirects(0)
        assert.notEqual(own.status(), 404, 'the owner is not refused with 404')
      }
    })
  }

  test('an unknown order id answers 404 too, so ids cannot be probed', async ({
    client,
    assert,
  }) => {
    const stranger = await userByEmail(OTHER_FACILITY_EMAIL)
    const response = await client.get('/internal/99999999/summary').loginAs(stranger).withInertia()
    assert.equal(response.status(), 404)
  })

  test("writes on another facility's order answer 404 and change nothing", async ({
    client,
    assert,
  }) => {
    const owner = await userByEmail(FACILITY_EMAIL)
    const stranger = await userByEmail(OTHER_FACILITY_EMAIL)
    const waiting = await makeOrder({ status: 'MENUNGGU', fasyankesId: owner.fasyankesId! })
    const rejected = await makeOrder({ status: 'DITOLAK', fasyankesId: owner.fasyankesId! })
    const feedback = await makeOrder({
      status: 'MENUNGGU FEEDBACK',
      fasyankesId: owner.fasyankesId!,
    })
    const before = await Promise.all([waiting, rejected, feedback].map((f) => snapshot(f.order.id)))
    const attempts = [
      client
        .put(`/internal/${waiting.order.id}`)
        .json(orderJson([{ alkes_id: waiting.devices[0].alkesId, quantity: 1 }])),
      client.delete(`/internal/${waiting.order.id}`),
      client
        .put(`/internal/${rejected.order.id}`)
        .json(orderJson([{ alkes_id: rejected.devices[0].alkesId, quantity: 1 }])),
      client.delete(`/internal/${rejected.order.id}`),
      client.post(`/internal/${feedback.order.id}/feedback`).json(feedbackPayload(1)),
    ]
    for (const request of attempts) {
      const response = await request.loginAs(stranger).withCsrfToken().withInertia().redirects(0)
      assert.equal(response.status(), 404)
    }
    const after = await Promise.all([waiting, rejected, feedback].map((f) => snapshot(f.order.id)))
    assert.deepEqual(after, before)
  })

  test('the facility sees its own files only once SELESAI; staff from ALAT DITERIMA', async ({
    client,
    assert,
  }) => {
    const owner = await userByEmail(FACILITY_EMAIL)
    const yantek = await userWithRole('yantek')
    const mismatches: string[] = []
    const statuses: InternalStatus[] = [
      'MENUNGGU',
      'ORDER DITERIMA',
      'ALAT DITERIMA',
      'PROSES PENGERJAAN',
      'MENUNGGU FEEDBACK',
      'SELESAI',
    ]
    for (const status of statuses) {
      const { order } = await makeOrder({ status, fasyankesId: owner.fasyankesId! })
      const facility = await client
        .get(`/internal/${order.id}/attachment`)
        .loginAs(owner)
        .withInertia()
      const wantFacility = status === 'SELESAI' ? 200 : 403
      if (facility.status() !== wantFacility)
        mismatches.push(`facility ${status}: ${facility.status()}, expected ${wantFacility}`)
      const aspak = await client.get(`/internal/${order.id}/attachment/aspak`).loginAs(owner)
      if (aspak.status() !== wantFacility)
        mismatches.push(`facility ASPAK ${status}: ${aspak.status()}, expected ${wantFacility}`)
      const staff = await client
        .get(`/internal/${order.id}/attachment`)
        .loginAs(yantek)
        .withInertia()
      const wantStaff = ['MENUNGGU', 'ORDER DITERIMA'].includes(status) ? 403 : 200
      if (staff.status() !== wantStaff)
        mismatches.push(`yantek ${status}: ${staff.status()}, expected ${wantStaff}`)
    }
    assert.deepEqual(mismatches, [])
  })

  test('the facility never gets the staff detail page or the worksheets', async ({
    client,
    assert,
  }) => {
    const owner = await userByEmail(FACILITY_EMAIL)
    const { order } = await makeOrder({
      status: 'PROSES PENGERJAAN',
      fasyankesId: owner.fasyankesId!,
    })
    const detail = await client
      .get(`/internal/${order.id}/detail`)
      .loginAs(owner)
      .withInertia()
      .redirects(0)
    assert.equal(detail.status(), 302)
    assert.equal(detail.header('location'), `/internal/${order.id}/summary`)
    const worksheets = await client
      .get(`/internal/${order.id}/worksheet/pk`)
      .loginAs(owner)
      .withInertia()
    assert.equal(worksheets.status(), 403)
    const summary = await client.get(`/internal/${order.id}/summary`).loginAs(owner).withInertia()
    summary.assertStatus(200)
    assert.deepEqual(summary.inertiaProps.order.actions, [])
    assert.isFalse(summary.inertiaProps.order.can_print_proofs)
    assert.isFalse(summary.inertiaProps.order.can_see_files)
  })
})

test.group('Internal order | the list is scoped to the facility', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  async function seed() {
    const owner = await userByEmail(FACILITY_EMAIL)
    const stranger = await userByEmail(OTHER_FACILITY_EMAIL)
    const mine = [
      await makeOrder({ status: 'MENUNGGU', fasyankesId: owner.fasyankesId! }),
      await makeOrder({ status: 'SELESAI', fasyankesId: owner.fasyankesId! }),
    ]
    const theirs = [
      await makeOrder({ status: 'MENUNGGU', fasyankesId: stranger.fasyankesId! }),
      await makeOrder({ status: 'PROSES PENGERJAAN', fasyankesId: stranger.fasyankesId! }),
      await makeOrder({ status: 'SELESAI', fasyankesId: stranger.fasyankesId! }),
    ]
    forgetKeptReads()
    return { owner, stranger, mine, theirs }
  }

  async function listed(client: any, user: any, query = '') {
    const all: any[] = []
    for (let page = 1; page < 50; page++) {
      const response = await client
        .get(`/internal/datatable?limit=100&page=${page}${query ? `&${query}` : ''}`)
        .loginAs(user)
        .header('accept', 'application/json')
      response.assertStatus(200)
      all.push(...response.body().data)
      if (page >= response.body().last_page) break
    }
    return all
  }

  test('a facility lists only its own orders; staff list both', async ({ client, assert }) => {
    const { owner, stranger, mine, theirs } = await seed()
    const ownRows = await listed(client, owner)
    assert.isTrue(ownRows.every((row) => row.fasyankes.id === owner.fasyankesId))
    const ownIds = ownRows.map((row) => row.id)
    for (const fixture of mine) assert.include(ownIds, fixture.order.id)
    for (const fixture of theirs) assert.notInclude(ownIds, fixture.order.id)

    const otherRows = await listed(client, stranger)
    assert.isTrue(otherRows.every((row) => row.fasyankes.id === stranger.fasyankesId))

    const staffRows = await listed(client, await userWithRole('admin_pk'))
    const staffIds = staffRows.map((row) => row.id)
    for (const fixture of [...mine, ...theirs]) assert.include(staffIds, fixture.order.id)
  })

  test("no filter lets a facility see another facility's order", async ({ client, assert }) => {
    const { owner, stranger, theirs } = await seed()
    const facilityRow = await db.from('fasyankes').where('id', stranger.fasyankesId!).first()
    const facilityName = facilityRow.fasyankes_name
    const probes = [
      `search=${encodeURIComponent(theirs[0].order.number)}`,
      `number=${encodeURIComponent(theirs[0].order.number)}`,
      `fasyankes=${encodeURIComponent(facilityName)}`,
      'status=PROSES PENGERJAAN',
      `user_key=${stranger.id}`,
    ]
    for (const probe of probes) {
      const rows = await listed(client, owner, probe)
      assert.isTrue(
        rows.every((row) => row.fasyankes.id === owner.fasyankesId),
        `${probe} leaked ${rows.map((r) => r.number)}`
      )
    }
    // The exports follow the same scope.
    const excel = await client
      .get(`/internal/print/excel?search=${encodeURIComponent(theirs[0].order.number)}`)
      .loginAs(owner)
    excel.assertStatus(200)
    const pdf = await client
      .get(`/internal/print/pdf?search=${encodeURIComponent(theirs[0].order.number)}`)
      .loginAs(owner)
    pdf.assertStatus(200)
  })

  test('the status filter narrows the list', async ({ client, assert }) => {
    const { mine } = await seed()
    const admin = await userWithRole('admin_pk')
    const rows = await listed(client, admin, 'status=SELESAI')
    assert.isTrue(rows.every((row) => row.status === 'SELESAI'))
    assert.include(
      rows.map((row) => row.id),
      mine[1].order.id
    )
  })

  test('the list page size defaults to 10 (spec part 2 section 9: "List page size default 10")', async ({
    client,
    assert,
  }) => {
    const { owner } = await seed()
    for (let i = 0; i < 10; i++) await makeOrder({ fasyankesId: owner.fasyankesId! })
    forgetKeptReads()
    const response = await client
      .get('/internal/datatable')
      .loginAs(owner)
      .header('accept', 'application/json')
    response.assertStatus(200)
    assert.equal(response.body().per_page, 10)
    assert.lengthOf(response.body().data, 10)
  })
})
