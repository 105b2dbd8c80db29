import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import { forgetKeptReads } from '#lists/kept_reads'
import { fromAnchor, PAGE_ANCHORS } from '#lists/page_anchors'
import { internalOrderList } from '#queries/internal/order_list'
import { exportRows, sortedQuery } from '#lists/list_responder'
import { orderListQuery } from '#queries/orders/order_list_kit'
import { planOrderText } from '#queries/orders/order_text_search'
import {
  FACILITY_EMAIL,
  OTHER_FACILITY_EMAIL,
  makeOrder,
  marker,
  userByEmail,
  userWithRole,
} from '#tests/functional/internal_orders/_support'

/**
 * Issue 16: the order lists at scale keep their answers. The search box reads the orders'
 * search index (number, status, facility, contact person, serial numbers), which the database
 * keeps in step with every change; a page's rows are joined after its ids are chosen; exports
 * read in keyset chunks, ties on the sort key included.
 */
async function searchNumbers(client: any, user: any, search: string) {
  forgetKeptReads()
  const response = await client.get('/internal/datatable').qs({ search, limit: 100 }).loginAs(user)
  response.assertStatus(200)
  return response.body().data.map((row: { number: string }) => row.number) as string[]
}

test.group('Orders | list at scale', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('the search finds an order by serial number, facility, contact person and status', async ({
    client,
    assert,
  }) => {
    const staff = await userWithRole('yantek')
    const { order, devices } = await makeOrder({ status: 'ORDER DITERIMA' })
    const serial = `${marker('SN')}-77`
    await db.from('order_devices').where('id', devices[0].id).update({ serial_number: serial })
    const facility = await db.from('fasyankes').where('id', order.fasyankesId).first()

    assert.include(await searchNumbers(client, staff, serial.toLowerCase()), order.number)
    assert.include(await searchNumbers(client, staff, facility.fasyankes_name), order.number)
    assert.include(await searchNumbers(client, staff, 'hidayat'), order.number)
    assert.include(await searchNumbers(client, staff, 'order diterima'), order.number)
    assert.include(await searchNumbers(client, staff, order.number), order.number)
    // Two letters go through the same text, without the index.
    assert.include(await searchNumbers(client, staff, order.number.slice(-2)), order.number)
    assert.notInclude(await searchNumbers(client, staff, `${serial}-X`), order.number)
  })

  test('the search text follows renames, edited and removed devices, and status changes', async ({
    client,
    assert,
  }) => {
    const staff = await userWithRole('yantek')
    const { order, devices } = await makeOrder()
    const serial = marker('QX')
    await db.from('order_devices').where('id', devices[1].id).update({ serial_number: serial })
    assert.include(await searchNumbers(client, staff, serial), order.number)
    await db.from('order_devices').where('id', devices[1].id).delete()
    assert.notInclude(await searchNumbers(client, staff, serial), order.number)

    const name = marker('Klinik Baru')
    await db.from('fasyankes').where('id', order.fasyankesId).update({ fasyankes_name: name })
    assert.include(await searchNumbers(client, staff, name), order.number)

    await db.from('orders').where('id', order.id).update({ status: 'ALAT DITERIMA' })
    const text = await db.from('orders').where('id', order.id).first()
    assert.include(text.search_text, 'alat diterima')
    assert.notInclude(text.search_text, 'menunggu')
  })

  test("a facility's search never reaches another facility's order", async ({ client, assert }) => {
    const owner = await userByEmail(FACILITY_EMAIL)
    const stranger = await userByEmail(OTHER_FACILITY_EMAIL)
    const { order, devices } = await makeOrder({ fasyankesId: owner.fasyankesId! })
    const serial = marker('PV')
    await db.from('order_devices').where('id', devices[0].id).update({ serial_number: serial })
    assert.include(await searchNumbers(client, owner, serial), order.number)
    assert.deepEqual(await searchNumbers(client, stranger, serial), [])
    assert.deepEqual(await searchNumbers(client, stranger, order.number), [])
  })

  test('the totals read from the kept counts match the rows, after changes too', async ({
    client,
    assert,
  }) => {
    const staff = await userWithRole('yantek')
    const owner = await userByEmail(FACILITY_EMAIL)
    const { order } = await makeOrder({ status: 'ALAT DITERIMA', fasyankesId: owner.fasyankesId! })
    await makeOrder({ status: 'ALAT DITERIMA' })
    await db.from('orders').where('id', order.id).update({ status: 'PROSES PENGERJAAN' })
    for (const [user, status] of [
      [staff, undefined],
      [staff, 'ALAT DITERIMA'],
      [staff, 'PROSES PENGERJAAN'],
      [owner, 'PROSES PENGERJAAN'],
      [owner, undefined],
    ] as const) {
      const counted = await internalOrderList
        .query(status ? { status } : {}, user)
        .clearSelect()
        .clearOrder()
        .count('* as n')
        .first()
      const response = await client
        .get('/internal/datatable')
        .qs(status ? { status } : {})
        .loginAs(user)
      response.assertStatus(200)
      assert.equal(response.body().total, Number(counted.n), `${user.email} ${status}`)
    }
  })

  test('a page is the same rows, with their invoice dates, as the plain query gives', async ({
    client,
    assert,
  }) => {
    const staff = await userWithRole('yantek')
    const created: Awaited<ReturnType<typeof makeOrder>>[] = []
    for (let i = 0; i < 12; i++) created.push(await makeOrder({ status: 'MENUNGGU' }))
    await db.table('invoices').insert({
      order_id: created[6].order.id,
      stage: 1,
      invoice_date: '2026-05-04',
      created_at: new Date(),
      updated_at: new Date(),
    })
    const query = internalOrderList.query({ status: 'MENUNGGU' }, staff)
    const pageTwo = await query.clone().limit(5).offset(5)
    const expected = pageTwo.map((row) => row.number)
    forgetKeptReads()
    const response = await client
      .get('/internal/datatable')
      .qs({ status: 'MENUNGGU', limit: 5, page: 2 })
      .loginAs(staff)
    response.assertStatus(200)
    const rows = response.body().data
    assert.deepEqual(
      rows.map((row: { number: string }) => row.number),
      expected
    )
    const invoiced = rows.find((row: { id: number }) => row.id === created[6].order.id)
    assert.equal(invoiced?.formatted_invoice_dates[0], '4 Mei 2026')
  })

  test('exports read every row once in keyset chunks, ties on the sort key included', async ({
    assert,
  }) => {
    const staff = await userWithRole('yantek')
    const tag = marker('Ks')
    const ids: number[] = []
    for (let i = 0; i < 11; i++) {
      const { order } = await makeOrder({ status: 'MENUNGGU' })
      ids.push(order.id)
    }
    // Three groups sharing one timestamp each, and totals with ties.
    for (const [i, id] of ids.entries()) {
      await db
        .from('orders')
        .where('id', id)
        .update({
          created_at: `2020-01-0${1 + (i % 3)} 08:00:00`,
          total_price: 1000 * (i % 4),
          number: `${tag}/${i}`,
        })
    }
    const filters = { number: tag }
    for (const sort of [
      null,
      { key: 'formatted_total_price', dir: 'asc' as const },
      { key: 'formatted_total_price', dir: 'desc' as const },
      { key: 'fasyankes', dir: 'asc' as const },
    ]) {
      const query = sortedQuery(internalOrderList, filters, staff, sort)
      const all = await query.clone()
      const expected = all.map((row) => row.id)
      assert.lengthOf(expected, 11)
      const exported: number[] = []
      for await (const rows of exportRows(internalOrderList, query, sort, 4))
        exported.push(...rows.map((row) => row.id))
      assert.deepEqual(exported, expected, `sort ${JSON.stringify(sort)}`)
    }
  })

  /** 23 orders of one number tag, paged 10 at a time in three sorts, as the list orders them. */
  async function pagesInOrder(client: any, assert: any) {
    const staff = await userWithRole('yantek')
    const tag = marker('Pg')
    for (let i = 0; i < 23; i++) {
      const { order } = await makeOrder({ status: 'MENUNGGU' })
      await db
        .from('orders')
        .where('id', order.id)
        .update({
          created_at: `2020-02-0${1 + (i % 4)} 08:00:00`,
          total_price: 1000 * (i % 5),
          number: `${tag}/${i}`,
        })
    }
    for (const sort of [
      null,
      { key: 'formatted_total_price', dir: 'asc' as const },
      { key: 'fasyankes', dir: 'desc' as const },
    ]) {
      const all = await sortedQuery(internalOrderList, { number: tag }, staff, sort).clone()
      const expected = all.map((row) => row.number)
      assert.lengthOf(expected, 23)
      const shown: string[] = []
      for (const page of [1, 2, 3]) {
        forgetKeptReads()
        const response = await client
          .get('/internal/datatable')
          .qs({ number: tag, limit: 10, page, ...(sort ? { sort: sort.key, dir: sort.dir } : {}) })
          .loginAs(staff)
        response.assertStatus(200)
        assert.equal(response.body().total, 23)
        shown.push(...response.body().data.map((row: { number: string }) => row.number))
      }
      assert.deepEqual(shown, expected, `sort ${JSON.stringify(sort)}`)
    }
    return { staff, tag }
  }

  test('every page holds the rows of the list order, the back half read backwards', async ({
    client,
    assert,
  }) => {
    await pagesInOrder(client, assert)
  })

  test('pages far from both ends start after the nearest anchor and hold the same rows', async ({
    client,
    assert,
  }) => {
    const settings = { ...PAGE_ANCHORS }
    // An anchor every 3 rows, used from 2 rows off either end: pages 2 and 3 of 23 rows.
    Object.assign(PAGE_ANCHORS, { every: 3, from: 2 })
    try {
      const { staff, tag } = await pagesInOrder(client, assert)
      const ids = sortedQuery(internalOrderList, { number: tag }, staff, null)
        .clearSelect()
        .select('o.id')
      assert.isTrue(await fromAnchor(ids, internalOrderList.keyset!, 10, 10, 23))
      assert.isFalse(await fromAnchor(ids.clone(), internalOrderList.keyset!, 1, 10, 23))

      // Requests asking for the same list's anchors at once share one walk of its index (under
      // load, each reading them again had made a deep page wait seconds once a minute).
      const walks: string[] = []
      const seen = (query: { sql: string }) => {
        if (query.sql.includes('anchor_row')) walks.push(query.sql)
      }
      const knex = db.connection().getReadClient()
      knex.on('query', seen)
      try {
        const pages = Array.from({ length: 3 }, () =>
          sortedQuery(internalOrderList, { number: tag }, staff, null).clearSelect().select('o.id')
        )
        const anchored = await Promise.all(
          pages.map((page) => fromAnchor(page, internalOrderList.keyset!, 10, 10, 23))
        )
        assert.deepEqual(anchored, [true, true, true])
        assert.lengthOf(walks, 1)
        const [first, ...others] = await Promise.all(pages.map((page) => page.exec()))
        for (const other of others) assert.deepEqual(other, first)
      } finally {
        knex.off('query', seen)
      }
    } finally {
      Object.assign(PAGE_ANCHORS, settings)
    }
  })

  test('a term only a few of the newest orders have is looked for further before the index is chosen', async ({
    assert,
  }) => {
    const staff = await userWithRole('yantek')
    const orders = []
    for (let i = 0; i < 12; i++) {
      const { order } = await makeOrder()
      orders.push(order)
    }
    // Newest first: the 12th, 11th, ... The 11th is among the newest 4, three more among 10.
    const [, eleventh, , , , sixth, fifth, fourth, , , , first] = orders.reverse()
    const word = marker('langka').toLowerCase()
    const rare = marker('sekali').toLowerCase()
    for (const order of [eleventh, sixth, fifth, fourth]) {
      await db.from('order_devices').where('order_id', order.id).update({ serial_number: word })
    }
    await db.from('order_devices').where('order_id', first.id).update({ serial_number: rare })
    const list = orderListQuery('internal', {}, staff)
    const sampling = { window: 4, wideWindow: 10, scanShare: 0.3 }

    // One in 4 is below the share; 4 in 10 is above it: the list is walked, its total estimated.
    const walked = await planOrderText(list, [word], 1000, true, sampling)
    assert.deepEqual(walked, { scan: true, total: { total: 400, estimated: true } })
    // None among the newest: the index, counted.
    assert.deepEqual(await planOrderText(list, [rare], 1000, true, sampling), {
      scan: false,
      total: null,
    })
    // Without the wider look one match in 4 would have sent the term to the index.
    assert.deepEqual(
      await planOrderText(list, [word], 1000, true, { ...sampling, wideWindow: 4 }),
      { scan: false, total: null }
    )
  })
})
