import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import { fromDatabase } from '#services/format'
import {
  FACILITY_EMAIL,
  makeOrder,
  userByEmail,
  userWithRole,
} from '#tests/functional/internal_orders/_support'

const daysAgo = (days: number) =>
  DateTime.utc().minus({ days, hours: 1 }).toSQL({ includeOffset: false })

/** Puts the order first in its group: it has waited longer than anything the demo data holds. */
async function waitedSince(orderId: number, days: number) {
  await db
    .from('orders')
    .where('id', orderId)
    .update({
      status_changed_at: DateTime.utc().minus({ years: 3, days }).toSQL({ includeOffset: false }),
    })
}

/** Issue 10.17: "My tasks" for officers and heads, and the dashboard cards' links. */
test.group('My tasks', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('admin_pk sees the orders waiting for its actions, oldest first, with their age', async ({
    client,
    assert,
  }) => {
    const waiting = await makeOrder({ status: 'MENUNGGU' })
    await waitedSince(waiting.order.id, 0)
    const working = await makeOrder({ status: 'PROSES PENGERJAAN', devices: 1 })
    await waitedSince(working.order.id, 0)
    const received = await makeOrder({ status: 'ALAT DITERIMA' })
    await waitedSince(received.order.id, 0)
    await db
      .from('orders')
      .where('id', received.order.id)
      .update({ status_changed_at: daysAgo(2) })

    const page = await client
      .get('/tasks')
      .loginAs(await userWithRole('admin_pk'))
      .withInertia()
    page.assertStatus(200)
    page.assertInertiaComponent('tasks/index')
    const groups = Object.fromEntries(
      (page.inertiaProps.waiting as any[]).map((entry) => [entry.key, entry])
    )
    assert.includeMembers(Object.keys(groups), [
      'internal.approve',
      'internal.receive',
      'internal.assign_officers',
      'internal.handover',
    ])

    const approve = groups['internal.approve']
    assert.equal(approve.label, 'Konfirmasi permintaan')
    assert.equal(approve.list_href, '/internal?status=MENUNGGU')
    const first = approve.rows[0]
    assert.equal(first.number, waiting.order.number)
    assert.match(first.age, /^\d+ hari$/)
    assert.isTrue(first.late)
    assert.equal(first.action_href, `/internal/${waiting.order.id}/confirm/approve`)
    assert.equal(first.order_href, `/internal/${waiting.order.id}/detail`)
    assert.isNull(first.blocked)

    // Two days in ALAT DITERIMA: waiting to have officers picked.
    const assign = groups['internal.assign_officers'].rows.find(
      (row: any) => row.id === received.order.id
    )
    assert.equal(assign.age, '2 hari')
    assert.equal(assign.action_href, `/internal/${received.order.id}/officer`)

    // A hand-over that cannot happen yet says why instead of offering the action.
    const handover = groups['internal.handover'].rows[0]
    assert.equal(handover.id, working.order.id)
    assert.match(handover.blocked, /Serah terima belum dapat dilakukan: 1 alat belum selesai/)
    assert.isAbove(groups['internal.handover'].total, 0)
  })

  test('an officer sees the device lines assigned to it and what each still needs', async ({
    client,
    assert,
  }) => {
    const officer = await userWithRole('officer_pk')
    const mine = await makeOrder({ status: 'PROSES PENGERJAAN', devices: 2, officerId: officer.id })
    const other = await userWithRole('admin_pk')
    const theirs = await makeOrder({ status: 'PROSES PENGERJAAN', devices: 1, officerId: other.id })
    await db
      .from('order_devices')
      .where('id', mine.devices[1].id)
      .update({ is_laik: true, worksheet_saved_at: daysAgo(0) })

    const page = await client.get('/tasks').loginAs(officer).withInertia()
    page.assertStatus(200)
    // No order action of the status table is an officer's: only its own device lines.
    assert.deepEqual(page.inertiaProps.waiting, [])
    const lines = (page.inertiaProps.assigned.rows as any[]).filter(
      (line) => line.number === mine.order.number || line.number === theirs.order.number
    )
    assert.deepEqual(
      lines.map((line) => [line.id, line.serial_number, line.state]),
      [
        [mine.devices[0].id, mine.devices[0].serialNumber, 'Lembar kerja belum diisi'],
        [
          mine.devices[1].id,
          mine.devices[1].serialNumber,
          'Lembar kerja terisi, berkas hasil belum diunggah',
        ],
      ]
    )
    // The task opens the line's own worksheet (issue 35).
    assert.equal(
      lines[0].worksheet_href,
      `/internal/${mine.order.id}/worksheet/pk/${mine.devices[0].id}/edit`
    )
    assert.equal(lines[0].status, 'PROSES PENGERJAAN')

    // A finished line is no longer a task.
    await db.from('order_devices').where('order_id', mine.order.id).update({ status: 'SELESAI' })
    const after = await client.get('/tasks').loginAs(officer).withInertia()
    assert.notInclude(
      (after.inertiaProps.assigned.rows as any[]).map((line) => line.number),
      mine.order.number
    )
  })

  test('a head sees the orders whose certificates wait for approval, one row per order, counted in orders', async ({
    client,
    assert,
  }) => {
    const head = await userWithRole('head_of_pk_laboratory')
    const before = await client.get('/tasks').loginAs(head).withInertia()
    const groupOf = (page: any) =>
      (page.inertiaProps.waiting as any[]).find((entry) => entry.key === 'certificates.approve')
    const ordersBefore = groupOf(before)?.total ?? 0

    const two = await makeOrder({ status: 'PROSES PENGERJAAN', devices: 2 })
    const one = await makeOrder({ status: 'PROSES PENGERJAAN', devices: 1 })
    const waitingSince = DateTime.utc().minus({ years: 5 }).toSQL({ includeOffset: false })
    let code = 0
    for (const line of [...two.devices, ...one.devices]) {
      await db.table('certificates').insert({
        order_device_id: line.id,
        revision: 0,
        status: 'Menunggu Persetujuan',
        status_changed_at: waitingSince,
        code: `T${Date.now() % 1_000_000}${code++}`.slice(0, 10),
        created_at: waitingSince,
        updated_at: waitingSince,
      })
    }

    const page = await client.get('/tasks').loginAs(head).withInertia()
    page.assertStatus(200)
    const certificates = groupOf(page)
    assert.equal(certificates.label, 'Setujui sertifikat')
    // Counted in orders, not certificates.
    assert.equal(certificates.total, ordersBefore + 2)
    const rows = Object.fromEntries(
      (certificates.rows as any[]).map((row) => [row.number, row.status])
    )
    assert.equal(rows[two.order.number], '2 sertifikat menunggu')
    assert.equal(rows[one.order.number], '1 sertifikat menunggu')
  })

  test('only staff have a task list: the facility is refused and gets no top-bar link', async ({
    client,
    assert,
  }) => {
    const facility = await userByEmail(FACILITY_EMAIL)
    const refused = await client.get('/tasks').loginAs(facility).withInertia()
    refused.assertStatus(403)
    const dashboard = await client.get('/dashboard').loginAs(facility).withInertia()
    assert.isNull(dashboard.inertiaProps.auth.tasksHref)
    const staff = await client
      .get('/internal')
      .loginAs(await userWithRole('head_of_pk_laboratory'))
      .withInertia()
    assert.equal(staff.inertiaProps.auth.tasksHref, '/tasks')
    const anonymous = await client.get('/tasks').redirects(0)
    anonymous.assertStatus(302)
  })

  test('a status move stamps when the order entered its status; creation does too', async ({
    client,
    assert,
  }) => {
    const { order } = await makeOrder({ status: 'MENUNGGU' })
    const created = await db.from('orders').where('id', order.id).first()
    assert.isNotNull(created.status_changed_at)
    await waitedSince(order.id, 0)
    const response = await client
      .post(`/internal/${order.id}/confirm/approve`)
      .json({ order_description: 'Permintaan diterima.' })
      .loginAs(await userWithRole('admin_pk'))
      .withCsrfToken()
      .redirects(0)
    response.assertStatus(302)
    const moved = await db.from('orders').where('id', order.id).first()
    assert.equal(moved.status, 'ORDER DITERIMA')
    const stamped = fromDatabase(moved.status_changed_at)!
    assert.isBelow(Math.abs(stamped.diffNow('minutes').minutes), 5)
  })

  test('the dashboard status cards link to the order list filtered to their status', async ({
    client,
    assert,
  }) => {
    for (const email of [FACILITY_EMAIL, 'admin_pk@kalibra.test']) {
      const page = await client
        .get('/dashboard')
        .loginAs(await userByEmail(email))
        .withInertia()
      const cards = page.inertiaProps.cards as any[]
      assert.deepEqual(
        cards.map((card) => card.href),
        cards.map((card) => `/internal?${new URLSearchParams({ status: card.status })}`)
      )
      // The list reads that filter: only orders of that status.
      const list = await client
        .get('/internal/datatable')
        .qs({ status: 'MENUNGGU' })
        .loginAs(await userByEmail(email))
      list.assertStatus(200)
      assert.isTrue(list.body().data.every((row: any) => row.status === 'MENUNGGU'))
    }
  })
})
