import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import type { Role } from '#enums/roles'
import { userWithRole } from '#tests/functional/internal_orders/_support'
import { in2019, reportWorld, type ReportWorld } from '#tests/functional/reports/_support'

const report = async (
  client: any,
  path: string,
  query: Record<string, string>,
  role: Role = 'admin_pk'
) =>
  client
    .get(`/api/report/${path}`)
    .qs(query)
    .loginAs(await userWithRole(role))

/** A report call's `data`. */
async function dataOf(
  client: any,
  path: string,
  query: Record<string, string>,
  role: Role = 'admin_pk'
) {
  const response = await report(client, path, query, role)
  response.assertStatus(200)
  return response.body().data
}

const rowOf = (rows: { code: string | null }[], code: string) =>
  rows.find((row) => row.code === code) as any

test.group('Reports | rankings', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('facilities by services: rejected orders and cancelled lines do not count; ties by id', async ({
    client,
    assert,
  }) => {
    const world = await reportWorld()
    const { A1, A2, B1 } = world.facilities
    const top = await report(client, 'service/top', in2019())
    top.assertStatus(200)
    assert.deepEqual(top.body().data, [
      { id: A1.id, name: A1.name, count: 3 },
      { id: A2.id, name: A2.name, count: 3 },
      { id: B1.id, name: B1.name, count: 1 },
    ])
    const lowest = await report(client, 'service/lowest', in2019())
    assert.deepEqual(
      lowest.body().data.map((item: any) => [item.name, item.count]),
      [
        [B1.name, 1],
        [A1.name, 3],
        [A2.name, 3],
      ]
    )
  })

  test('each filter narrows the ranking: province, order type, the lab-time day edges', async ({
    client,
    assert,
  }) => {
    const world = await reportWorld()
    const { A1, A2, B1 } = world.facilities
    const names = async (query: Record<string, string>) => {
      const items = await dataOf(client, 'service/top', query)
      return items.map((item: any) => `${item.name}:${item.count}`)
    }
    assert.deepEqual(await names(in2019({ province: world.provinceB })), [`${B1.name}:1`])
    assert.deepEqual(await names(in2019({ order_type: 'internal' })), [
      `${A1.name}:3`,
      `${B1.name}:1`,
    ])
    assert.deepEqual(await names(in2019({ order_type: 'insitu' })), [`${A2.name}:3`])
    // "Semua" is every province.
    assert.lengthOf(await names(in2019({ province: 'Semua' })), 3)
    // O5 was made at 00:30 on 1 January 2019 lab time (16:30 UTC the day before).
    assert.deepEqual(await names({ start_date: '2019-01-01', end_date: '2019-01-01' }), [
      `${A1.name}:1`,
    ])
    assert.deepEqual(await names({ start_date: '2018-12-31', end_date: '2018-12-31' }), [])
    // O6 belongs to 1 January 2020 lab time.
    assert.deepEqual(await names({ start_date: '2020-01-01', end_date: '2020-01-01' }), [
      `${A1.name}:1`,
    ])
  })

  test('PK device types by services (a UKPR type never appears)', async ({ client, assert }) => {
    const world = await reportWorld()
    const { X, Y } = world.alkes
    const top = await report(client, 'alkespk/top', in2019())
    assert.deepEqual(
      top.body().data.map((item: any) => [item.id, item.count]),
      [
        [X.id, 3],
        [Y.id, 2],
      ]
    )
    const lowest = await report(client, 'alkespk/lowest', in2019({ province: world.provinceA }))
    assert.deepEqual(
      lowest.body().data.map((item: any) => [item.id, item.count]),
      [
        [Y.id, 1],
        [X.id, 3],
      ]
    )
  })
})

test.group('Reports | tables', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('the monthly table splits each month into M (requested) and H (finished)', async ({
    client,
    assert,
  }) => {
    const world = await reportWorld()
    const response = await report(client, 'alkespk/monthly', {
      start_date: '2019-01-01',
      end_date: '2019-04-30',
    })
    response.assertStatus(200)
    const data = response.body().data
    assert.deepEqual(
      data.months.map((month: any) => month.key),
      ['2019-01', '2019-02', '2019-03', '2019-04']
    )
    const row = (id: number) => data.alkes.find((entry: any) => entry.id === id)
    assert.deepEqual(row(world.alkes.X.id).reports, [
      { H: 1, M: 2 },
      { H: 1, M: 1 },
      { H: 0, M: 0 },
      { H: 0, M: 0 },
    ])
    assert.deepEqual(row(world.alkes.X.id).total, { H: 2, M: 3 })
    assert.deepEqual(row(world.alkes.Y.id).reports, [
      { H: 0, M: 1 },
      { H: 0, M: 0 },
      { H: 0, M: 1 },
      { H: 0, M: 0 },
    ])
    assert.isUndefined(row(world.alkes.Z.id))
    assert.deepEqual(data.totals[0], { H: 1, M: 3 })
    assert.deepEqual(data.total, { H: 2, M: 5 })
  })

  test('province table: categories, totals and coverage by calculation type', async ({
    client,
    assert,
  }) => {
    const world = await reportWorld()
    const [first, second] = world.categories
    const services = await dataOf(client, 'service/province', in2019())
    const column = (id: number) =>
      services.categories.findIndex((category: any) => category.id === id)
    const a = rowOf(services.provinces, world.provinceA)
    assert.equal(a.reports[column(first)], 3)
    assert.equal(a.reports[column(second)], 3)
    assert.include(a, { total: 6, registered: 3, served: 2, percentage: 66.7, tone: 'blue' })
    const b = rowOf(services.provinces, world.provinceB)
    assert.include(b, { total: 1, registered: 1, served: 1, percentage: 100, tone: 'emerald' })
    assert.equal(services.totals.total, 7)

    const facilities = await dataOf(
      client,
      'service/province',
      in2019({ calculation_type: 'fasyankes' })
    )
    assert.include(rowOf(facilities.provinces, world.provinceA), { total: 2 })
    assert.equal(facilities.totals.total, 3)

    // Only the PK lines: A1 has X, X and Y; A2 has X (its two UKPR lines are not PK).
    const pk = await dataOf(client, 'alkespk/province', in2019())
    assert.include(rowOf(pk.provinces, world.provinceA), { total: 4 })
    assert.include(rowOf(pk.provinces, world.provinceB), { total: 1 })
  })

  test('a PK line follows its order to another facility, and out when the order is rejected', async ({
    client,
    assert,
  }) => {
    const world = await reportWorld()
    // O4 (B1, one Y line) moves to A3: its line counts in province A from then on.
    await db
      .from('orders')
      .where('id', world.orders.O4.id)
      .update({ fasyankes_id: world.facilities.A3.id })
    const pk = await dataOf(client, 'alkespk/province', in2019())
    assert.include(rowOf(pk.provinces, world.provinceA), { total: 5 })
    assert.include(rowOf(pk.provinces, world.provinceB), { total: 0, served: 0 })
    // O2 (A2, one X line) is cancelled: X drops from 3 to 2.
    await db.from('orders').where('id', world.orders.O2.id).update({ status: 'DIBATALKAN' })
    const top = await dataOf(client, 'alkespk/top', in2019())
    assert.deepEqual(
      top.map((item: any) => [item.id, item.count]),
      [
        [world.alkes.X.id, 2],
        [world.alkes.Y.id, 2],
      ]
    )
  })

  test('city table of a province, with an unserved city at 0 % in red', async ({
    client,
    assert,
  }) => {
    const world = await reportWorld()
    const data = await dataOf(client, 'service/city', in2019({ province: world.provinceA }))
    assert.sameMembers(
      data.cities.map((city: any) => city.code),
      [world.cityA1, world.cityA2]
    )
    assert.include(rowOf(data.cities, world.cityA1), { total: 6, served: 2, registered: 2 })
    assert.include(rowOf(data.cities, world.cityA2), { total: 0, percentage: 0, tone: 'red' })
  })

  test('yearly table: every year, totals counting a facility once with fasyankes', async ({
    client,
    assert,
  }) => {
    const world = await reportWorld()
    const services = await dataOf(client, 'yearly/city', { province: world.provinceA })
    assert.deepEqual(services.years, [2019, 2020])
    const city = rowOf(services.cities, world.cityA1)
    assert.deepEqual(
      city.reports.map((cell: any) => cell.total),
      [6, 1]
    )
    assert.equal(city.total, 7)
    const facilities = await dataOf(client, 'yearly/city', {
      province: world.provinceA,
      calculation_type: 'fasyankes',
    })
    const cityByFacility = rowOf(facilities.cities, world.cityA1)
    assert.deepEqual(
      cityByFacility.reports.map((cell: any) => cell.total),
      [2, 1]
    )
    assert.equal(cityByFacility.total, 2)
    assert.equal(facilities.totals.total, 2)
    const insitu = await dataOf(client, 'yearly/city', {
      province: world.provinceA,
      order_type: 'insitu',
    })
    assert.deepEqual(
      rowOf(insitu.cities, world.cityA1).reports.map((cell: any) => cell.total),
      [3, 1]
    )
  })

  test('satisfaction index per group and month; a rejected order’s answers do not count', async ({
    client,
    assert,
  }) => {
    await reportWorld()
    const data = await dataOf(client, 'satisfaction', in2019())
    assert.include(data.overall, { index: 90, grade: 'A', responses: 2 })
    assert.lengthOf(data.groups, 4)
    for (const entry of data.groups) assert.equal(entry.index, 90)
    const month = (key: string) => data.months.find((entry: any) => entry.key === key)
    assert.include(month('2019-02'), { index: 100, responses: 1 })
    assert.include(month('2019-03'), { label: 'Mar 2019', index: 80, grade: 'B', responses: 1 })
    assert.equal(data.overall.grade_label, 'Sangat Baik')
    assert.include(month('2019-04'), { index: null, responses: 0 })
  })
})

test.group('Reports | empty, refusals and access', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('a range without services answers empty lists', async ({ client, assert }) => {
    await reportWorld()
    const range = { start_date: '2015-01-01', end_date: '2015-12-31' }
    for (const path of ['service/top', 'service/lowest', 'alkespk/top', 'alkespk/lowest']) {
      const response = await report(client, path, range)
      response.assertStatus(200)
      assert.deepEqual(response.body().data, [], path)
    }
    const provinces = await dataOf(client, 'service/province', range)
    assert.deepEqual(provinces.provinces, [])
    const monthly = await dataOf(client, 'alkespk/monthly', range)
    assert.deepEqual(monthly.alkes, [])
  })

  test('bad filters answer 422 with a readable message', async ({ client, assert }) => {
    const cases: [Record<string, string>, string][] = [
      [{ start_date: '2019-02-30' }, 'Tanggal Mulai bukan tanggal yang valid.'],
      [{ start_date: '2019-13-01' }, 'Tanggal Mulai bukan tanggal yang valid.'],
      [{ start_date: 'kemarin' }, 'Format Tanggal Mulai tidak valid.'],
      [
        { start_date: '2019-05-01', end_date: '2019-04-01' },
        'Tanggal Akhir tidak boleh sebelum Tanggal Mulai.',
      ],
      [
        { start_date: '2000-01-01', end_date: '2019-04-01' },
        'Periode laporan paling lama 10 tahun.',
      ],
      [{ order_type: 'DT' }, 'Jenis Order tidak valid.'],
      [{ province: "31' OR 1=1" }, 'Format Provinsi tidak valid.'],
      [{ calculation_type: 'semua' }, 'Jenis Perhitungan tidak valid.'],
    ]
    for (const [query, message] of cases) {
      const response = await report(client, 'service/top', query)
      response.assertStatus(422)
      assert.equal(response.body().message, message, JSON.stringify(query))
    }
  })

  test('who may read reports: the report roles, never a facility', async ({ client, assert }) => {
    const allowed: Role[] = [
      'yantek',
      'admin_pk',
      'head_of_pk_laboratory',
      'admin_ukpr',
      'human_resource',
    ]
    const refused: Role[] = ['fasyankes', 'treasurer', 'officer_pk']
    for (const role of allowed) {
      const response = await report(client, 'service/top', in2019(), role)
      assert.equal(response.status(), 200, role)
    }
    for (const role of refused) {
      const api = await report(client, 'service/province', in2019(), role)
      assert.equal(api.status(), 403, role)
      assert.notInclude(api.text(), 'RS Laporan')
      for (const page of ['/report/service', '/report/alkes', '/report/yearly', '/report/pnbp']) {
        const response = await client.get(page).loginAs(await userWithRole(role))
        assert.equal(response.status(), 403, `${role} ${page}`)
      }
    }
  })

  test('every report call answers for every report role without an error', async ({
    client,
    assert,
  }) => {
    const world: ReportWorld = await reportWorld()
    const paths = [
      'alkespk/top',
      'alkespk/lowest',
      'alkespk/monthly',
      'alkespk/province',
      'service/top',
      'service/lowest',
      'service/province',
      'service/city',
      'yearly/city',
      'satisfaction',
    ]
    for (const path of paths) {
      for (const query of [
        {},
        in2019({ province: world.provinceA, order_type: 'insitu', calculation_type: 'fasyankes' }),
      ]) {
        const response = await report(client, path, query, 'human_resource')
        assert.equal(response.status(), 200, `${path} ${JSON.stringify(query)}`)
        assert.property(response.body(), 'data')
      }
    }
  })
})
