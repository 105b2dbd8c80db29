import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import {
  accountWithRole,
  listOutputs,
  makeAlkes,
  marker,
} from '#tests/functional/master_data/_support'
import { makeOrder, userWithRole } from '#tests/functional/internal_orders/_support'

/**
 * Issue 10.13: lists sort ignoring case by default, and by the column a user picks, on the
 * server: the same order in the page's JSON, its Excel and its PDF, with the sort in the URL.
 */
test.group('Lists | sorting', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('names sort ignoring case by default', async ({ client, assert }) => {
    const tag = marker('Srt')
    for (const name of ['alat Beta', 'ALAT Gamma', 'Alat alfa'])
      await makeAlkes({ name: `${tag} ${name}` })
    const response = await client
      .get('/alkes/data/datatable')
      .qs({ search: tag })
      .loginAs(await accountWithRole('yantek'))
    response.assertStatus(200)
    assert.deepEqual(
      response.body().data.map((row: { name: string }) => row.name),
      [`${tag} Alat alfa`, `${tag} alat Beta`, `${tag} ALAT Gamma`]
    )
  })

  test('a chosen column and direction order the page, the Excel and the PDF alike', async ({
    client,
    assert,
  }) => {
    const tag = marker('Srt')
    for (const [name, price] of [
      ['satu', 300_000],
      ['dua', 100_000],
      ['tiga', 200_000],
    ] as const)
      await makeAlkes({ name: `${tag} ${name}`, price })
    const yantek = await accountWithRole('yantek')
    const outputs = await listOutputs(client, yantek, '/alkes/data', {
      name: tag,
      sort: 'formatted_price',
      dir: 'desc',
    })
    const expected = [`${tag} satu`, `${tag} tiga`, `${tag} dua`]
    assert.deepEqual(
      outputs.datatable.data.map((row: { name: string }) => row.name),
      expected
    )
    assert.deepEqual(
      outputs.excel.rows.map((row) => row['Nama Alkes']),
      expected
    )
    const pdfOrder = expected.map((name) => outputs.pdfLines.indexOf(name))
    assert.deepEqual(
      [...pdfOrder].sort((a, b) => a - b),
      pdfOrder,
      'PDF rows in the same order'
    )
    assert.include(outputs.pdfText, 'Urutan: Tarif (turun)')
    // The page links keep the sort.
    assert.include(outputs.datatable.links[1].url, 'sort=formatted_price')
  })

  test('the order list sorts by total, and by facility name ignoring case', async ({
    client,
    assert,
  }) => {
    const admin = await userWithRole('admin_pk')
    const orders = []
    for (const devices of [3, 1, 2]) {
      const made = await makeOrder({ devices })
      orders.push(made.order)
    }
    const numbers = orders.map((order) => order.number)
    const sorted = async (dir: 'asc' | 'desc') => {
      const response = await client
        .get('/internal/datatable')
        .qs({ search: 'DT/FX/', sort: 'formatted_total_price', dir, limit: 100 })
        .loginAs(admin)
      response.assertStatus(200)
      return (response.body().data as { number: string }[])
        .map((row) => row.number)
        .filter((number) => numbers.includes(number))
    }
    assert.deepEqual(await sorted('asc'), [numbers[1], numbers[2], numbers[0]])
    assert.deepEqual(await sorted('desc'), [numbers[0], numbers[2], numbers[1]])
    const byFacility = await client
      .get('/internal/datatable')
      .qs({ sort: 'fasyankes', dir: 'asc', limit: 100 })
      .loginAs(admin)
    const names = (byFacility.body().data as { fasyankes: { fasyankes_name: string } }[]).map(
      (row) => row.fasyankes.fasyankes_name.toLowerCase()
    )
    assert.deepEqual(
      names,
      [...names].sort((a, b) => a.localeCompare(b, 'en'))
    )
  })

  test('an unknown column or direction is refused with a message and no rows', async ({
    client,
    assert,
  }) => {
    const yantek = await accountWithRole('yantek')
    for (const qs of [
      { sort: 'password' },
      { sort: 'name', dir: 'sideways' },
      { sort: 'constructor' },
    ]) {
      const response = await client.get('/alkes/data/datatable').qs(qs).loginAs(yantek)
      assert.equal(response.status(), 422, JSON.stringify(qs))
      assert.equal(
        response.body().message,
        'Urutan tabel tidak dikenal. Pilih urutan dari judul kolom.'
      )
      assert.notProperty(response.body(), 'data')
    }
    const excel = await client
      .get('/alkes/data/print/excel')
      .qs({ sort: 'password' })
      .loginAs(yantek)
    assert.equal(excel.status(), 422)
  })

  test('each list page is told which columns it may sort by', async ({ client, assert }) => {
    const yantek = await accountWithRole('yantek')
    const page = await client.get('/alkes/data').loginAs(yantek).withInertia()
    assert.includeMembers(page.inertiaProps.sortable, ['name', 'formatted_price'])
    const orders = await client.get('/internal').loginAs(yantek).withInertia()
    assert.includeMembers(orders.inertiaProps.sortable, ['number', 'status', 'fasyankes'])
  })
})
