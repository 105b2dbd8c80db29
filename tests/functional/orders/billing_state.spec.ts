import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import {
  FACILITY_EMAIL,
  makeOrder,
  pdfBuffer,
  userByEmail,
  userWithRole,
} from '#tests/functional/internal_orders/_support'
import { plannedRequest } from '#tests/functional/insitu_orders/_support'

/** The billing states along the way, as the lists sort them. */
const STATE_ORDER = ['belum_ditagih', 'terbit', 'menunggu_konfirmasi', 'lunas']

function send(request: any) {
  return request.withCsrfToken().withInertia().redirects(0)
}

/** Older than anything the demo data holds: first in a list read oldest first. */
async function longAgo(orderId: number) {
  const moment = DateTime.utc().minus({ years: 5 }).toSQL({ includeOffset: false })
  await db.from('orders').where('id', orderId).update({ created_at: moment })
}

/** The invoice actions of an order, as the treasurer and the facility take them. */
function invoicing(client: any, type: string, orderId: number) {
  return {
    issue: async (fields: Record<string, string>) =>
      send(
        client
          .post(`/${type}/${orderId}/invoice/update`)
          .loginAs(await userWithRole('treasurer'))
          .fields(fields)
      ),
    pay: async () =>
      send(
        client
          .post(`/${type}/${orderId}/invoice/payment`)
          .loginAs(await userByEmail(FACILITY_EMAIL))
          .file('files[]', pdfBuffer(), { filename: 'bukti.pdf' })
      ),
    confirm: async () =>
      send(
        client
          .put(`/${type}/${orderId}/invoice/confirm`)
          .loginAs(await userWithRole('treasurer'))
          .form({ date: DateTime.now().toISODate() })
      ),
  }
}

/** The list's JSON rows for these filters, as a user reads them. */
async function listed(client: any, type: string, query: string, user: any) {
  const response = await client
    .get(`/${type}/datatable?limit=100&${query}`)
    .loginAs(user)
    .header('accept', 'application/json')
  response.assertStatus(200)
  return response.body().data as any[]
}

test.group('Order lists | billing state (issue 35, point 3)', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('an Alat Datang order reads not billed, stage n issued, proof awaiting, paid; filtered and sorted by it', async ({
    client,
    assert,
  }) => {
    const { order } = await makeOrder({ status: 'MENUNGGU FEEDBACK', devices: 2 })
    const treasurer = await userWithRole('treasurer')
    const facility = await userByEmail(FACILITY_EMAIL)
    const steps = invoicing(client, 'internal', order.id)
    const stateOf = async (user = treasurer) => {
      const rows = await listed(client, 'internal', `number=${order.number}`, user)
      const row = rows.find((entry) => entry.id === order.id)
      return [row.billing_state, row.formatted_billing_state]
    }
    const found = async (billing: string) => {
      const rows = await listed(
        client,
        'internal',
        `number=${order.number}&billing=${billing}`,
        treasurer
      )
      return rows.some((entry) => entry.id === order.id)
    }

    assert.deepEqual(await stateOf(), ['belum_ditagih', 'Belum ditagih'])
    assert.isTrue(await found('belum_ditagih'))
    assert.isFalse(await found('terbit'))

    await steps.issue({ first_date: '2026-11-10', number: 'TG/100/2026' })
    assert.deepEqual(await stateOf(), ['terbit', 'Tagihan 1 terbit'])
    await steps.issue({ first_date: '2026-11-10', second_date: '2026-11-17', number: 'TG/101' })
    assert.deepEqual(await stateOf(), ['terbit', 'Tagihan 2 terbit'])
    // The unpaid orders are found by their state.
    assert.isTrue(await found('terbit'))
    assert.isFalse(await found('belum_ditagih'))

    await steps.pay()
    assert.deepEqual(await stateOf(), ['menunggu_konfirmasi', 'Bukti bayar menunggu konfirmasi'])
    assert.isTrue(await found('menunggu_konfirmasi'))

    await steps.confirm()
    // After the confirmation the row no longer reads "Tagihan n": it is paid, for everyone.
    assert.deepEqual(await stateOf(), ['lunas', 'Lunas'])
    assert.deepEqual(await stateOf(facility), ['lunas', 'Lunas'])
    assert.isTrue(await found('lunas'))
    assert.isFalse(await found('terbit'))

    const wrong = await client
      .get('/internal/datatable?billing=dibayar')
      .loginAs(treasurer)
      .header('accept', 'application/json')
    assert.equal(wrong.status(), 422)

    // Sorted by the state, along the way: not billed first going up, paid first going down.
    const { order: unbilled } = await makeOrder({ status: 'SELESAI' })
    const both = `number=DT/FX&sort=billing_state`
    const ascending = await listed(client, 'internal', `${both}&dir=asc`, treasurer)
    const ids = (rows: any[]) =>
      rows.map((row) => row.id).filter((id) => [order.id, unbilled.id].includes(id))
    const codes = ascending.map((row) => row.billing_state)
    assert.deepEqual(ids(ascending), [unbilled.id, order.id])
    assert.deepEqual(
      codes,
      [...codes].sort((a, b) => STATE_ORDER.indexOf(a) - STATE_ORDER.indexOf(b))
    )
    const descending = await listed(client, 'internal', `${both}&dir=desc`, treasurer)
    assert.deepEqual(ids(descending), [order.id, unbilled.id])

    // The page offers the filter's choices and the sort; the export carries the column.
    const page = await client.get('/internal').loginAs(treasurer).withInertia()
    const props = page.inertiaProps as any
    assert.deepEqual(
      props.billingStates.map((option: any) => option.label),
      ['Belum ditagih', 'Tagihan terbit', 'Bukti bayar menunggu konfirmasi', 'Lunas']
    )
    assert.include(props.sortable, 'billing_state')
  })

  test('an Insitu order carries the same state, filter and sort', async ({ client, assert }) => {
    const order = await plannedRequest(client)
    await db.from('orders').where('id', order.id).update({ status: 'SELESAI' })
    const treasurer = await userWithRole('treasurer')
    const yantek = await userWithRole('yantek')
    const rowOf = async (query: string) => {
      const rows = await listed(client, 'insitu', query, yantek)
      return rows.find((entry) => entry.id === order.id)
    }
    const before = await rowOf('billing=belum_ditagih')
    assert.equal(before?.formatted_billing_state, 'Belum ditagih')
    await invoicing(client, 'insitu', order.id).issue({
      first_date: '2026-11-10',
      number: 'TG/DL/100',
    })
    assert.isUndefined(await rowOf('billing=belum_ditagih'))
    const issued = await rowOf('billing=terbit')
    assert.equal(issued?.formatted_billing_state, 'Tagihan 1 terbit')
    const sorted = await listed(client, 'insitu', 'sort=billing_state&dir=desc', treasurer)
    const ranks = sorted.map((row) => STATE_ORDER.indexOf(row.billing_state))
    assert.deepEqual(
      ranks,
      [...ranks].sort((a, b) => b - a)
    )
    // The issued order comes before every order not billed.
    const at = sorted.findIndex((row) => row.id === order.id)
    assert.isAtLeast(at, 0)
    assert.isTrue(sorted.slice(at).every((row) => row.billing_state !== 'lunas'))
    const page = await client.get('/insitu').loginAs(yantek).withInertia()
    assert.lengthOf((page.inertiaProps as any).billingStates, 4)
  })
})

test.group('My tasks | the treasurer (issue 35, point 3)', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('orders to invoice and payments to confirm, with their age, leading to the invoice page', async ({
    client,
    assert,
  }) => {
    const { order } = await makeOrder({ status: 'MENUNGGU FEEDBACK', devices: 1 })
    await longAgo(order.id)
    await db
      .from('orders')
      .where('id', order.id)
      .update({
        status_changed_at: DateTime.utc()
          .minus({ days: 3, hours: 1 })
          .toSQL({ includeOffset: false }),
      })
    const treasurer = await userWithRole('treasurer')
    const groupsOf = async (user = treasurer) => {
      const page = await client.get('/tasks').loginAs(user).withInertia()
      page.assertStatus(200)
      return Object.fromEntries(
        (page.inertiaProps.waiting as any[]).map((entry) => [entry.key, entry])
      )
    }
    const rowIn = (entry: any) => entry?.rows.find((row: any) => row.id === order.id)

    const first = await groupsOf()
    const due = first['internal.billing_due']
    assert.equal(due.label, 'Perlu ditagih')
    const row = rowIn(due)
    assert.equal(row.age, '3 hari')
    assert.isTrue(row.late)
    assert.equal(row.action_href, `/internal/${order.id}/invoice`)
    assert.equal(row.status, 'Belum ditagih')
    assert.isAtLeast(due.total, 1)
    assert.equal(due.list_href, '/internal?billing=belum_ditagih')

    // Other staff have no billing tasks.
    const yantekGroups = await groupsOf(await userWithRole('yantek'))
    assert.notProperty(yantekGroups, 'internal.billing_due')
    assert.notProperty(yantekGroups, 'internal.payment_confirm')

    const steps = invoicing(client, 'internal', order.id)
    await steps.issue({ first_date: '2026-11-10', number: 'TG/200/2026' })
    let groups = await groupsOf()
    assert.isUndefined(rowIn(groups['internal.billing_due']))
    assert.isUndefined(rowIn(groups['internal.payment_confirm']))

    await steps.pay()
    groups = await groupsOf()
    const confirm = groups['internal.payment_confirm']
    assert.equal(confirm.label, 'Konfirmasi pembayaran')
    const waiting = rowIn(confirm)
    assert.equal(waiting.status, 'Bukti bayar menunggu konfirmasi')
    assert.equal(waiting.age, 'kurang dari 1 jam')
    assert.equal(waiting.action_href, `/internal/${order.id}/invoice`)

    await steps.confirm()
    groups = await groupsOf()
    assert.isUndefined(rowIn(groups['internal.payment_confirm']))
    assert.isUndefined(rowIn(groups['internal.billing_due']))
  })

  test('an Insitu order once SELESAI waits to be invoiced', async ({ client, assert }) => {
    const order = await plannedRequest(client)
    await db.from('orders').where('id', order.id).update({ status: 'SELESAI' })
    await longAgo(order.id)
    const page = await client
      .get('/tasks')
      .loginAs(await userWithRole('treasurer'))
      .withInertia()
    const waiting = page.inertiaProps.waiting as any[]
    const due = waiting.find((entry) => entry.key === 'insitu.billing_due')
    assert.exists(due)
    const row = due.rows.find((entry: any) => entry.id === order.id)
    assert.equal(row.action_href, `/insitu/${order.id}/invoice`)
    assert.equal(due.list_href, '/insitu?billing=belum_ditagih&status=SELESAI')
  })
})

test.group('Order lists | billing state of orders invoiced before (migration 0044)', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('the backfill gives orders invoiced before the column their state and its time', async ({
    client,
    assert,
  }) => {
    const { backfillBillingState } = await import('#database/migrations/0044_order_billing_state')
    const issued = await makeOrder({ status: 'SELESAI' })
    const proof = await makeOrder({ status: 'SELESAI' })
    const paid = await makeOrder({ status: 'SELESAI' })
    for (const { order } of [issued, proof, paid]) {
      await invoicing(client, 'internal', order.id).issue({
        first_date: '2026-11-10',
        number: 'X/1',
      })
    }
    await invoicing(client, 'internal', proof.order.id).pay()
    await invoicing(client, 'internal', paid.order.id).pay()
    await invoicing(client, 'internal', paid.order.id).confirm()
    const ids = [issued.order.id, proof.order.id, paid.order.id]
    // As the orders stood before the column.
    await db
      .from('orders')
      .whereIn('id', ids)
      .update({ billing_state: 0, billing_changed_at: null })
    await backfillBillingState(db.connection())
    const rows = await db.from('orders').whereIn('id', ids).orderBy('id')
    assert.deepEqual(
      rows.map((row) => Number(row.billing_state)),
      [1, 2, 3]
    )
    assert.isTrue(rows.every((row) => row.billing_changed_at !== null))
  })
})
