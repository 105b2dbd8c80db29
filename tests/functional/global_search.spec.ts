import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import {
  FACILITY_EMAIL,
  OTHER_FACILITY_EMAIL,
  makeAlkes,
  makeOrder,
  marker,
  userByEmail,
  userWithRole,
} from '#tests/functional/internal_orders/_support'
import { NEWEST_SEARCH } from '#queries/orders/order_text_search'
import { makeInsitu } from '#tests/functional/insitu_orders/_support'

type Hit = { kind: string; title: string; subtitle: string; href: string }

/** Issue 10.15: one box finds an order, a device line or a facility, within what one may see. */
test.group('Global search', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  const search = async (client: any, user: any, q: string) => {
    const response = await client.get('/search').qs({ q }).loginAs(user)
    response.assertStatus(200)
    return response.body() as { results: Hit[]; message: string | null }
  }

  test('staff find an order by number, a device by serial or certificate number, a facility by name', async ({
    client,
    assert,
  }) => {
    const admin = await userWithRole('admin_pk')
    const { order, devices } = await makeOrder({ status: 'PROSES PENGERJAAN', devices: 1 })
    const tag = marker('Cari').toUpperCase()
    await db
      .from('order_devices')
      .where('id', devices[0].id)
      .update({ serial_number: `SN-${tag}`, certificate_number: `KAL/${tag}/1` })

    const byNumber = await search(client, admin, order.number)
    assert.deepInclude(
      byNumber.results.map((hit) => [hit.kind, hit.title, hit.href]),
      ['order', order.number, `/internal/${order.id}/detail`]
    )
    // Typed in lower case, a whole number is still found (by its unique index).
    const byLowerNumber = await search(client, admin, order.number.toLowerCase())
    assert.deepInclude(
      byLowerNumber.results.map((hit) => [hit.kind, hit.title]),
      ['order', order.number]
    )
    for (const q of [`sn-${tag.toLowerCase()}`, `KAL/${tag}`, `kal/${tag.toLowerCase()}/1`]) {
      const found = await search(client, admin, q)
      const device = found.results.find((hit) => hit.kind === 'device')!
      assert.exists(device, q)
      assert.include(device.title, `SN SN-${tag}`)
      assert.include(device.subtitle, order.number)
      // A device opens its history, which lists this order.
      assert.include(device.href, '/device-history?')
      const history = await client.get(device.href).loginAs(admin).withInertia()
      history.assertStatus(200)
      assert.deepInclude(
        history.inertiaProps.entries.map((entry: { order_number: string }) => entry.order_number),
        order.number
      )
    }
    const facility = await userByEmail(FACILITY_EMAIL)
    const facilityRow = await db.from('fasyankes').where('id', facility.fasyankesId!).first()
    const byName = await search(client, admin, facilityRow.fasyankes_name.slice(0, 8))
    assert.isTrue(byName.results.some((hit) => hit.kind === 'facility'))
  })

  test("a facility finds its own orders only; another facility's number finds nothing", async ({
    client,
    assert,
  }) => {
    const mine = await userByEmail(FACILITY_EMAIL)
    const other = await userByEmail(OTHER_FACILITY_EMAIL)
    const own = await makeOrder({ fasyankesId: mine.fasyankesId! })
    const theirs = await makeOrder({ fasyankesId: other.fasyankesId! })
    const found = await search(client, mine, own.order.number)
    assert.deepEqual(
      found.results.map((hit) => [hit.kind, hit.href]),
      [['order', `/internal/${own.order.id}/summary`]]
    )
    const none = await search(client, mine, theirs.order.number)
    assert.deepEqual(none.results, [])
    assert.equal(none.message, `Tidak ada hasil untuk "${theirs.order.number}".`)
    // Facilities are not searchable by a facility.
    const otherRow = await db.from('fasyankes').where('id', other.fasyankesId!).first()
    const names = await search(client, mine, otherRow.fasyankes_name)
    assert.isFalse(names.results.some((hit) => hit.kind === 'facility'))
  })

  test('bounded whatever the term (issue 34): a common term is found among the newest orders, a rare one beyond them from the index', async ({
    client,
    assert,
  }) => {
    const admin = await userWithRole('admin_pk')
    const tag = marker('Jauh').toUpperCase()
    const made = []
    for (let i = 0; i < 4; i++) {
      const fixture = await makeOrder({ status: 'PROSES PENGERJAAN', devices: 1 })
      await db
        .from('order_devices')
        .where('id', fixture.devices[0].id)
        .update({ serial_number: `${tag}-${i}`, certificate_number: `KAL/${tag}/${i}` })
      made.push(fixture)
    }
    const walk = NEWEST_SEARCH.walk
    NEWEST_SEARCH.walk = 2
    try {
      // The oldest is outside the two newest orders walked: read from the index.
      const oldest = await search(client, admin, `${tag}-0`)
      assert.deepInclude(
        oldest.results.filter((hit) => hit.kind === 'device').map((hit) => hit.subtitle),
        `${made[0].order.number} · Sertifikat KAL/${tag}/0`
      )
      const common = await search(client, admin, tag)
      assert.sameMembers(
        common.results.filter((hit) => hit.kind === 'order').map((hit) => hit.title),
        made.map((fixture) => fixture.order.number)
      )
    } finally {
      NEWEST_SEARCH.walk = walk
    }
  })

  test('a whole number names one order: the other order types do not search their text for it (issue 34)', async ({
    client,
    assert,
  }) => {
    const admin = await userWithRole('admin_pk')
    const { order } = await makeOrder({ status: 'PROSES PENGERJAAN', devices: 1 })
    // Numbered as the app numbers (upper case), so the whole number is found by its index.
    order.number = order.number.toUpperCase()
    await db.from('orders').where('id', order.id).update({ number: order.number })
    // An on-site line whose serial reads like that number: only a text search would find it.
    const onSite = await makeInsitu({
      status: 'DALAM PROSES',
      alkes: await makeAlkes(),
      devices: 1,
    })
    await db
      .from('order_devices')
      .where('id', onSite.devices[0].id)
      .update({ serial_number: order.number })

    const found = await search(client, admin, order.number)
    assert.deepEqual(
      found.results.map((hit) => [hit.kind, hit.title]),
      [['order', order.number]]
    )
    // A partial number is still searched in every type's text.
    const partial = await search(client, admin, order.number.slice(0, -1))
    assert.isTrue(partial.results.some((hit) => hit.kind === 'device'))
  })

  test('a term too short, hostile or odd answers calmly', async ({ client, assert }) => {
    const admin = await userWithRole('admin_pk')
    const short = await search(client, admin, 'a')
    assert.equal(short.message, 'Ketik minimal 2 karakter.')
    for (const q of ['%', '_%_', "' OR 1=1 --", 'x'.repeat(500)]) {
      const answer = await search(client, admin, q)
      assert.isArray(answer.results, q)
    }
    const array = await client.get('/search?q[]=a&q[]=b').loginAs(admin)
    array.assertStatus(200)
    const guest = await client.get('/search').qs({ q: 'DT' }).redirects(0)
    assert.include([302, 303, 401], guest.status())
  })
})
