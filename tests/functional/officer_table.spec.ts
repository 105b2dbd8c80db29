import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import User from '#models/user'
import { binary, listOutputs } from '#tests/functional/master_data/_support'

async function admin() {
  return User.findByOrFail('email', 'admin_pk@kalibra.test')
}

/** 45 officers whose names sort before the demo staff, so the pages are predictable. */
async function seedOfficers() {
  const rows = Array.from({ length: 45 }, (_, i) => ({
    name: `Aaa Uji ${String(i + 1).padStart(2, '0')}`,
    email: `aaa.uji.${i + 1}@kalibra.test`,
    password: 'x',
    nip: `19990101202001${String(1000 + i)}`,
    rank: i % 3 === 0 ? 'Penata Muda (III/a)' : 'Pengatur (II/c)',
    position: i % 2 === 0 ? 'Teknisi Elektromedis' : 'Fisikawan Medis',
  }))
  await User.createMany(rows)
}

test.group('Officer table', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('the page payload follows the spec: data, from, to, total, pages and links', async ({
    client,
    assert,
  }) => {
    await seedOfficers()
    const response = await client
      .get('/officer/datatable?limit=5&page=3')
      .loginAs(await admin())
      .header('accept', 'application/json')
    response.assertStatus(200)
    const body = response.body()
    assert.containsSubset(body, { from: 11, to: 15, current_page: 3, per_page: 5 })
    assert.isAbove(body.total, 45)
    assert.equal(body.last_page, Math.ceil(body.total / 5))
    assert.lengthOf(body.data, 5)
    assert.equal(body.data[0].name, 'Aaa Uji 11')
    const labels = body.links.map((link: { label: string }) => link.label)
    assert.deepInclude(body.links, {
      url: body.links.find((l: any) => l.label === '3').url,
      label: '3',
      active: true,
    })
    assert.include(labels, '...')
    assert.match(body.links.find((l: any) => l.label === '4').url, /page=4/)
    assert.match(body.links.find((l: any) => l.label === '4').url, /limit=5/)
  })

  test('default limit is 20; search and every column filter narrow the rows', async ({
    client,
    assert,
  }) => {
    await seedOfficers()
    const user = await admin()
    const all = await client
      .get('/officer/datatable')
      .loginAs(user)
      .header('accept', 'application/json')
    assert.equal(all.body().per_page, 20)
    const cases: [string, number][] = [
      ['search=Aaa Uji', 45],
      ['name=Aaa Uji 0', 9],
      ['nip=199901012020011000', 1],
      ['rank=Penata Muda&name=Aaa', 15],
      ['position=Fisikawan&name=Aaa', 22],
    ]
    for (const [query, total] of cases) {
      const response = await client
        .get(`/officer/datatable?${query}`)
        .loginAs(user)
        .header('accept', 'application/json')
      assert.equal(response.body().total, total, query)
    }
  })

  test('a page past the end answers the last page; an empty result is empty', async ({
    client,
    assert,
  }) => {
    const user = await admin()
    const last = await client
      .get('/officer/datatable?page=999')
      .loginAs(user)
      .header('accept', 'application/json')
    assert.equal(last.body().current_page, last.body().last_page)
    const none = await client
      .get('/officer/datatable?search=tidak-ada-yang-cocok-xyz')
      .loginAs(user)
      .header('accept', 'application/json')
    assert.containsSubset(none.body(), { total: 0, data: [], from: null, to: null })
  })

  test('odd values answer 422 with a message, never 500', async ({ client, assert }) => {
    const user = await admin()
    for (const query of [
      'limit=7',
      'limit=abc',
      'page=0',
      'page=-1',
      'page=99999999999',
      `search=${'x'.repeat(5000)}`,
      'name=' + 'y'.repeat(300),
    ]) {
      const response = await client
        .get(`/officer/datatable?${query}`)
        .loginAs(user)
        .header('accept', 'application/json')
      assert.equal(response.status(), 422, query.slice(0, 30))
      assert.match(response.body().message, /Parameter tabel tidak valid/)
    }
    const arrays = await client
      .get('/officer/datatable?name[]=Aaa&search[x]=1')
      .loginAs(user)
      .header('accept', 'application/json')
    assert.equal(arrays.status(), 200)
  })

  test('the Excel and PDF exports hold exactly the filtered rows, the filters and the print date', async ({
    client,
    assert,
  }) => {
    await seedOfficers()
    const outputs = await listOutputs(client, await admin(), '/officer', {
      rank: 'Penata Muda',
      name: 'Aaa',
    })
    assert.lengthOf(outputs.excel.rows, 15)
    assert.equal(outputs.datatable.total, 15)
    assert.isTrue(
      outputs.excel.rows.every((row: Record<string, string>) => row['Nama'].startsWith('Aaa Uji'))
    )
    assert.include(outputs.pdfText, 'Data Master Petugas')
    assert.include(outputs.pdfText, 'Penata Muda')
    assert.match(outputs.pdfText, /Dicetak: /)
  })

  test('the PDF export is a real PDF', async ({ client, assert }) => {
    const response = await binary(client.get('/officer/print/pdf?search=Andi')).loginAs(
      await admin()
    )
    response.assertStatus(200)
    assert.equal(response.header('content-type'), 'application/pdf')
    assert.equal(
      Buffer.from(response.body() as Buffer)
        .subarray(0, 4)
        .toString(),
      '%PDF'
    )
  })
})
