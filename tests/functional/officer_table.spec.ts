import { test } from '@japa/runner'
import type { ApiClient } from '@japa/api-client'
import testUtils from '@adonisjs/core/services/test_utils'
import User from '#models/user'
import db from '@adonisjs/lucid/services/db'
import hash from '@adonisjs/core/services/hash'
import ExcelJS from 'exceljs'
import { forgetKeptReads } from '#lists/kept_reads'
import { labNow } from '#services/format'
import { binary, listOutputs, pdfTextLines } from '#tests/functional/master_data/_support'

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
    // Issue 8, point 10: an array or object where the filter expects one value is refused
    // with the field named, instead of the list quietly reading one of its values.
    const arrays = await client
      .get('/officer/datatable?name[]=Aaa&search[x]=1')
      .loginAs(user)
      .header('accept', 'application/json')
    assert.equal(arrays.status(), 422)
    assert.sameMembers(
      arrays.body().errors.map((error: { field: string }) => error.field),
      ['name', 'search']
    )
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

/* ================================================================== */
/* The shared data table, proven on the officer list (issue 2 point 7) */
/* ================================================================== */

const TABLE_PREFIX = 'Aab Tabel'
const TABLE_ROWS = 60
const RANKS = ['Penata Muda (III/a)', 'Pengatur (II/c)', 'Pembina (IV/a)']
const POSITIONS = ['Teknisi Elektromedis', 'Fisikawan Medis']
const JSON_ACCEPT = { accept: 'application/json' }

let passwordHash: string | undefined
/** Rows straight into users (one password hash for all), as fast as a fixture can be. */
async function insertUsers(
  rows: {
    name: string
    email: string
    nip?: string
    rank?: string
    position?: string
    fasyankes_id?: number
  }[]
) {
  passwordHash ??= await hash.make('bukan-untuk-masuk')
  const now = new Date().toISOString().slice(0, 19).replace('T', ' ')
  await db.table('users').multiInsert(
    rows.map((row) => ({
      nip: null,
      rank: null,
      position: null,
      fasyankes_id: null,
      ...row,
      password: passwordHash,
      created_at: now,
      updated_at: now,
    }))
  )
  // Rows written straight to the database skip the audit helper, which drops cached counts.
  forgetKeptReads()
}

/** 60 officers sorting before every demo account, plus a facility login that must never be listed. */
async function seedTableOfficers() {
  const rows = Array.from({ length: TABLE_ROWS }, (_, i) => ({
    name: `${TABLE_PREFIX} ${String(i + 1).padStart(2, '0')}`,
    email: `aab.tabel.${i + 1}@uji.kalibra.test`,
    nip: `1977${String(i + 1).padStart(14, '0')}`,
    rank: RANKS[i % 3],
    position: POSITIONS[i % 2],
  }))
  const facility = await db.from('fasyankes').select('id').orderBy('id').firstOrFail()
  await insertUsers([
    ...rows,
    {
      name: `${TABLE_PREFIX} Akun Fasyankes`,
      email: 'aab.tabel.fasyankes@uji.kalibra.test',
      fasyankes_id: Number(facility.id),
    },
  ])
  return rows
}

/**
 * A global transaction, and no list count cached by an earlier test (the
 * table keeps counts for 5 s; rows written and rolled back here bypass the
 * audit helper that normally drops them).
 */
async function isolated() {
  forgetKeptReads()
  const rollback = await testUtils.db().withGlobalTransaction()
  return async () => {
    await rollback()
    forgetKeptReads()
  }
}

async function staffCount() {
  const row = await db.from('users').whereNull('fasyankes_id').count('* as total').first()
  return Number(row?.total)
}

async function table(client: ApiClient, query: string) {
  const response = await client
    .get(`/officer/datatable${query ? `?${query}` : ''}`)
    .loginAs(await admin())
    .headers(JSON_ACCEPT)
  return response
}

async function tableBody(client: ApiClient, query: string) {
  const response = await table(client, query)
  return response.body()
}

async function totalOf(client: ApiClient, query: string) {
  const body = await tableBody(client, query)
  return body.total as number
}

function q(params: Record<string, string | number>) {
  return new URLSearchParams(
    Object.entries(params).map(([k, v]): [string, string] => [k, String(v)])
  ).toString()
}

/** The payload the spec names, with consistent numbers. */
function assertPayload(assert: any, body: any, context: string) {
  assert.sameMembers(
    Object.keys(body),
    ['data', 'from', 'to', 'total', 'per_page', 'current_page', 'last_page', 'links'],
    context
  )
  assert.isArray(body.data, context)
  assert.isAtLeast(body.current_page, 1, context)
  assert.isAtMost(body.current_page, body.last_page, context)
  assert.equal(body.last_page, Math.max(1, Math.ceil(body.total / body.per_page)), context)
  if (body.total === 0) {
    assert.isNull(body.from, context)
    assert.isNull(body.to, context)
  } else {
    assert.equal(body.from, (body.current_page - 1) * body.per_page + 1, context)
    assert.equal(body.to, body.from + body.data.length - 1, context)
  }
  for (const link of body.links) {
    assert.sameMembers(Object.keys(link), ['url', 'label', 'active'], context)
  }
}

test.group('Officer table | payload and paging', (group) => {
  group.each.setup(isolated)

  test('the default request answers page 1 of 20 rows in name order, with the spec payload', async ({
    client,
    assert,
  }) => {
    await seedTableOfficers()
    const response = await table(client, '')
    response.assertStatus(200)
    const body = response.body()
    assertPayload(assert, body, 'default')
    assert.containsSubset(body, { current_page: 1, per_page: 20, from: 1, to: 20 })
    assert.equal(body.total, await staffCount(), 'every staff account, no facility login')
    assert.deepEqual(
      body.data.map((row: { name: string }) => row.name),
      Array.from({ length: 20 }, (_, i) => `${TABLE_PREFIX} ${String(i + 1).padStart(2, '0')}`)
    )
    assert.sameMembers(Object.keys(body.data[0]), [
      'id',
      'name',
      'nip',
      'rank',
      'position',
      'email',
    ])
    assert.containsSubset(body.data[0], {
      nip: '197700000000000001',
      rank: RANKS[0],
      position: POSITIONS[0],
      email: 'aab.tabel.1@uji.kalibra.test',
    })
    assert.notInclude(response.text(), '"password"')

    const [prev, ...rest] = body.links
    const next = rest.pop()
    assert.deepEqual(prev, { url: null, label: '&laquo; Sebelumnya', active: false })
    assert.equal(next.label, 'Berikutnya &raquo;')
    assert.match(next.url, /[?&]page=2(&|$)/)
    assert.deepEqual(
      rest.filter((link: any) => link.active).map((link: any) => link.label),
      ['1']
    )
  })

  test('a middle page of many: first, neighbours and last, with "..." gaps on both sides', async ({
    client,
    assert,
  }) => {
    await seedTableOfficers()
    const response = await table(client, q({ search: TABLE_PREFIX, limit: 5, page: 6 }))
    const body = response.body()
    assertPayload(assert, body, 'page 6')
    assert.containsSubset(body, {
      total: TABLE_ROWS,
      last_page: 12,
      current_page: 6,
      from: 26,
      to: 30,
    })
    assert.deepEqual(
      body.links.map((link: any) => link.label),
      ['&laquo; Sebelumnya', '1', '...', '5', '6', '7', '...', '12', 'Berikutnya &raquo;']
    )
    for (const link of body.links) {
      if (link.label === '...') {
        assert.isNull(link.url)
        assert.isFalse(link.active)
        continue
      }
      const url = new URL(link.url, 'http://localhost')
      assert.equal(url.pathname, '/officer/datatable')
      assert.equal(url.searchParams.get('search'), TABLE_PREFIX, 'the search is kept')
      assert.equal(url.searchParams.get('limit'), '5', 'the page size is kept')
      assert.equal(link.active, link.label === '6')
    }
    assert.equal(new URL(body.links[0].url, 'http://x').searchParams.get('page'), '5')
    assert.equal(new URL(body.links.at(-1).url, 'http://x').searchParams.get('page'), '7')
  })

  test('every page size of the selector works', async ({ client, assert }) => {
    await seedTableOfficers()
    for (const limit of [5, 10, 20, 50, 100]) {
      const body = await tableBody(client, q({ search: TABLE_PREFIX, limit }))
      assertPayload(assert, body, `limit ${limit}`)
      assert.equal(body.per_page, limit)
      assert.lengthOf(body.data, Math.min(limit, TABLE_ROWS))
      assert.equal(body.last_page, Math.ceil(TABLE_ROWS / limit))
    }
  })

  test('walking every page returns each matching row exactly once', async ({ client, assert }) => {
    const seeded = await seedTableOfficers()
    const seen: string[] = []
    for (let page = 1; page <= 6; page++) {
      const body = await tableBody(client, q({ search: TABLE_PREFIX, limit: 10, page }))
      assert.equal(body.current_page, page)
      seen.push(...body.data.map((row: { email: string }) => row.email))
    }
    assert.deepEqual(
      seen,
      seeded.map((row) => row.email)
    )
  })

  test('a page past the end answers the last page', async ({ client, assert }) => {
    await seedTableOfficers()
    for (const page of [7, 50, 1000000]) {
      const body = await tableBody(client, q({ search: TABLE_PREFIX, limit: 10, page }))
      assert.containsSubset(
        body,
        { current_page: 6, last_page: 6, from: 51, to: 60 },
        `page ${page}`
      )
      assert.lengthOf(body.data, 10)
    }
  })
})

test.group('Officer table | search and column filters', (group) => {
  group.each.setup(isolated)

  test('the search box looks in name, NIP, rank, position and email, whatever the case', async ({
    client,
    assert,
  }) => {
    await seedTableOfficers()
    const cases: [Record<string, string>, number][] = [
      [{ search: 'aab TABEL' }, TABLE_ROWS],
      [{ search: `${TABLE_PREFIX} 0` }, 9],
      [{ search: '197700000000000042' }, 1],
      [{ search: 'aab.tabel.7@' }, 1],
      [{ search: 'Pembina (IV/a)', name: TABLE_PREFIX }, 20],
      [{ search: 'fisikawan medis', name: TABLE_PREFIX }, 30],
      [{ search: 'Akun Fasyankes' }, 0],
    ]
    for (const [params, total] of cases) {
      const body = await tableBody(client, q(params))
      assert.equal(body.total, total, JSON.stringify(params))
    }
  })

  test('each column filter narrows the rows, and filters combine', async ({ client, assert }) => {
    await seedTableOfficers()
    const cases: [Record<string, string>, number][] = [
      [{ name: `${TABLE_PREFIX} 1` }, 10],
      [{ nip: '19770000000000005' }, 10],
      [{ nip: '197700000000000050' }, 1],
      [{ rank: 'Pengatur (II/c)', name: TABLE_PREFIX }, 20],
      [{ position: 'Teknisi Elektromedis', name: TABLE_PREFIX }, 30],
      [{ rank: 'Pembina', position: 'Fisikawan', name: TABLE_PREFIX }, 10],
      [{ search: TABLE_PREFIX, name: '5', position: 'Teknisi' }, 10],
      [{ name: 'Akun Fasyankes' }, 0],
    ]
    for (const [params, total] of cases) {
      const body = await tableBody(client, q(params))
      assert.equal(body.total, total, JSON.stringify(params))
      for (const row of body.data) {
        for (const key of ['name', 'nip', 'rank', 'position'] as const) {
          if (params[key]) {
            assert.include(String(row[key]).toLowerCase(), params[key].toLowerCase(), key)
          }
        }
      }
    }
  })

  test('%, _ and quotes are searched literally', async ({ client, assert }) => {
    await seedTableOfficers()
    await insertUsers([
      { name: `${TABLE_PREFIX} Diskon 100% "Uji"`, email: 'aab.tabel.persen@uji.kalibra.test' },
    ])
    assert.equal(await totalOf(client, q({ search: '%' })), 1)
    assert.equal(await totalOf(client, q({ name: '100%' })), 1)
    assert.equal(await totalOf(client, q({ name: '"Uji"' })), 1)
    assert.equal(await totalOf(client, q({ search: '0% "U' })), 1)
    assert.equal(await totalOf(client, q({ name: 'Tabel_0' })), 0, '_ is no wildcard')
  })

  test('an empty result is an empty page', async ({ client, assert }) => {
    const body = await tableBody(client, q({ search: 'tidak-ada-yang-cocok-xyz' }))
    assertPayload(assert, body, 'empty')
    assert.containsSubset(body, { data: [], total: 0, current_page: 1, last_page: 1 })
  })
})

test.group('Officer table | odd values', (group) => {
  // Read-only, and outside a transaction: on PostgreSQL one failing query would
  // abort a shared transaction and hide every later answer behind it.
  group.each.setup(() => forgetKeptReads())

  /** Query strings a user (or a script) may send; each must answer 422 with a message or a sane page. */
  const ODD = [
    'limit=7',
    'limit=abc',
    'limit=0',
    'limit=-20',
    'limit=20.5',
    'limit=1e2',
    'limit=100000',
    'page=0',
    'page=-1',
    'page=1.5',
    'page=abc',
    'page=99999999999',
    'page=1e400',
    'page=NaN',
    'page=Infinity',
    `search=${'x'.repeat(5000)}`,
    `name=${'y'.repeat(300)}`,
    'name[]=Aab&name[]=Tabel',
    'name[a]=x',
    'search[]=a&search[]=b',
    'limit[]=5',
    'limit=20&limit=50',
    'page[]=2',
    'search=%25',
    'search=_',
    'search=%5C',
    'search=%22',
    "search='",
    'search=*',
    'search=NEAR(a%20b)',
    'search=a%22b%22c',
    "search=' OR 1=1 --",
    'search=%22%22%22%22',
    'search=-',
    'search=%5E',
    'search=a%3Ab',
    'search=%F0%9F%98%80',
    'search=%E2%80%8B',
    'search=%00',
    'name=%00',
    'search=a%00b',
    'position=%3Cscript%3Ealert(1)%3C%2Fscript%3E',
    'nip=1e999',
    'foo=bar',
    'page=%20',
    'search=%20%20%20',
  ]

  test('no odd value answers 500: 422 JSON with a message, or a sane page', async ({
    client,
    assert,
  }) => {
    const wrong: string[] = []
    for (const query of ODD) {
      const response = await table(client, query)
      const status = response.status()
      const label = query.slice(0, 40)
      if (status === 422) {
        const body = response.body()
        if (!/Parameter tabel tidak valid/.test(body?.message ?? ''))
          wrong.push(`${label}: 422 without the message`)
        if (!Array.isArray(body?.errors)) wrong.push(`${label}: 422 without errors`)
      } else if (status === 200) {
        try {
          assertPayload(assert, response.body(), label)
        } catch (error) {
          wrong.push(`${label}: 200 with a broken payload (${(error as Error).message})`)
        }
      } else {
        wrong.push(`${label}: ${status} ${response.text().slice(0, 120)}`)
      }
    }
    assert.deepEqual(wrong, [], wrong.join('\n'))
  })

  test('values outside the page-size options or the page range are refused with 422', async ({
    client,
    assert,
  }) => {
    for (const query of [
      'limit=7',
      'limit=abc',
      'limit=0',
      'page=0',
      'page=-1',
      'page=1.5',
      `search=${'x'.repeat(5000)}`,
    ]) {
      const response = await table(client, query)
      assert.equal(response.status(), 422, query.slice(0, 30))
      assert.equal(
        response.body().message,
        'Parameter tabel tidak valid. Periksa kembali filter, jumlah baris, atau halaman.'
      )
      assert.include(response.header('content-type'), 'application/json')
    }
  })

  test('the exports refuse odd values the same way instead of sending a broken file', async ({
    client,
    assert,
  }) => {
    for (const path of ['/officer/print/pdf', '/officer/print/excel']) {
      for (const query of ['limit=7', `search=${'x'.repeat(5000)}`, 'page=-1']) {
        const response = await client
          .get(`${path}?${query}`)
          .loginAs(await admin())
          .headers(JSON_ACCEPT)
        assert.equal(response.status(), 422, `${path} ${query.slice(0, 20)}`)
        assert.match(response.body().message, /Parameter tabel tidak valid/)
      }
    }
  })
})

test.group('Officer table | exports', (group) => {
  group.each.setup(isolated)

  async function download(
    client: ApiClient,
    path: string,
    params: Record<string, string | number>
  ) {
    const response = await binary(client.get(`${path}?${q(params)}`)).loginAs(await admin())
    return { response, buffer: Buffer.from(response.body() as Buffer) }
  }

  async function sheetOf(buffer: Buffer) {
    const workbook = new ExcelJS.Workbook()
    await workbook.xlsx.load(buffer as unknown as ArrayBuffer)
    const sheet = workbook.worksheets[0]
    const rows: string[][] = []
    sheet.eachRow({ includeEmpty: true }, (row) => {
      const values = (row.values as unknown[]).slice(1)
      rows.push(values.map((value) => (value === null || value === undefined ? '' : String(value))))
    })
    return rows
  }

  function today() {
    return labNow().toFormat('d MMMM yyyy')
  }

  test('the Excel file opens with exceljs: title, filters, print date, then exactly the filtered rows', async ({
    client,
    assert,
  }) => {
    await seedTableOfficers()
    const filters = { search: TABLE_PREFIX, rank: 'Penata Muda' }
    const { response, buffer } = await download(client, '/officer/print/excel', filters)
    response.assertStatus(200)
    assert.equal(
      response.header('content-type'),
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'
    )
    assert.match(
      String(response.header('content-disposition')),
      /^attachment; filename="data-petugas-\d{8}-\d{4}\.xlsx"$/
    )
    assert.equal(buffer.subarray(0, 2).toString(), 'PK', 'a zip container')

    const rows = await sheetOf(buffer)
    assert.equal(rows[0][0], 'Data Master Petugas')
    const filterLine = rows.find((row) => row[0].startsWith('Filter'))?.[0]
    assert.equal(filterLine, `Filter: Pencarian: ${TABLE_PREFIX}; Pangkat/Golongan: Penata Muda`)
    const printed = rows.find((row) => row[0].startsWith('Dicetak:'))?.[0]
    assert.exists(printed, 'print date line')
    assert.include(printed!, today())
    const headerIndex = rows.findIndex((row) => row[0] === 'No')
    assert.isAbove(headerIndex, 0)
    assert.deepEqual(rows[headerIndex], [
      'No',
      'Nama',
      'NIP',
      'Pangkat/Golongan',
      'Jabatan',
      'Email',
    ])
    const data = rows.slice(headerIndex + 1).filter((row) => row.some((cell) => cell !== ''))

    const datatable = await tableBody(client, q({ ...filters, limit: 100 }))
    assert.equal(datatable.total, 20)
    assert.lengthOf(data, datatable.total, 'exactly the filtered rows')
    assert.deepEqual(
      data.map((row) => row[1]),
      datatable.data.map((row: { name: string }) => row.name),
      'the same rows in the same order'
    )
    assert.deepEqual(
      data.map((row) => row[0]),
      data.map((_, i) => String(i + 1)),
      'numbered 1..n'
    )
    assert.deepEqual(data[0].slice(1), [
      datatable.data[0].name,
      datatable.data[0].nip,
      datatable.data[0].rank,
      datatable.data[0].position,
      datatable.data[0].email,
    ])
  })

  test('the exports hold every filtered row, not just the page the table shows', async ({
    client,
    assert,
  }) => {
    await seedTableOfficers()
    const { buffer } = await download(client, '/officer/print/excel', {
      search: TABLE_PREFIX,
      limit: 5,
      page: 3,
    })
    const rows = await sheetOf(buffer)
    const headerIndex = rows.findIndex((row) => row[0] === 'No')
    const data = rows.slice(headerIndex + 1).filter((row) => row.some((cell) => cell !== ''))
    assert.lengthOf(data, TABLE_ROWS)
  })

  test('without filters the Excel file says so and holds every officer', async ({
    client,
    assert,
  }) => {
    await seedTableOfficers()
    const { buffer } = await download(client, '/officer/print/excel', {})
    const rows = await sheetOf(buffer)
    assert.equal(
      rows.find((row) => row[0].startsWith('Filter'))?.[0],
      'Filter: Semua data (tanpa filter)'
    )
    const headerIndex = rows.findIndex((row) => row[0] === 'No')
    const data = rows.slice(headerIndex + 1).filter((row) => row.some((cell) => cell !== ''))
    assert.lengthOf(data, await staffCount())
    assert.notInclude(
      data.map((row) => row[1]),
      `${TABLE_PREFIX} Akun Fasyankes`
    )
  })

  test('the PDF is a real PDF with the title, the filters, the print date and the filtered rows', async ({
    client,
    assert,
  }) => {
    const seeded = await seedTableOfficers()
    const filters = { name: `${TABLE_PREFIX} 1`, position: 'Teknisi' }
    const { response, buffer } = await download(client, '/officer/print/pdf', filters)
    response.assertStatus(200)
    assert.equal(response.header('content-type'), 'application/pdf')
    assert.match(
      String(response.header('content-disposition')),
      /filename="data-petugas-\d{8}-\d{4}\.pdf"/
    )
    assert.equal(buffer.subarray(0, 5).toString('latin1'), '%PDF-')
    assert.include(buffer.subarray(-1024).toString('latin1'), '%%EOF')

    const text = pdfTextLines(buffer).join('\n')
    assert.include(text, 'Data Master Petugas')
    assert.include(text, `Nama: ${TABLE_PREFIX} 1`)
    assert.include(text, 'Jabatan: Teknisi')
    assert.match(text, new RegExp(`Dicetak: ${today()}`))
    const expected = seeded
      .filter((row) => row.name.startsWith(`${TABLE_PREFIX} 1`) && row.position.includes('Teknisi'))
      .map((row) => row.name)
    assert.lengthOf(expected, 5)
    const datatable = await tableBody(client, q({ ...filters, limit: 100 }))
    assert.equal(datatable.total, expected.length)
    for (const name of expected) assert.include(text, name)
    assert.notInclude(text, `${TABLE_PREFIX} 10`, 'Tabel 10 is a Fisikawan')
    assert.notInclude(text, `${TABLE_PREFIX} 21`)
  })
})

test.group('Officer table | security headers', () => {
  function assertHeaders(assert: any, response: any, label: string) {
    const csp = String(response.header('content-security-policy') ?? '')
    assert.include(csp, "default-src 'self'", label)
    assert.match(csp, /frame-ancestors 'self'/, label)
    assert.include(csp, 'object-src', label)
    assert.equal(response.header('x-content-type-options'), 'nosniff', label)
    assert.equal(response.header('x-frame-options'), 'SAMEORIGIN', label)
    assert.exists(response.header('referrer-policy'), label)
    assert.notExists(response.header('strict-transport-security'), `${label}: no HSTS over http`)
  }

  test('on a page, a redirect, a 403, a 404, JSON, a 422 and both downloads', async ({
    client,
    assert,
  }) => {
    const user = await admin()
    const treasurer = await User.findByOrFail('email', 'treasurer@kalibra.test')
    const cases: [string, any, number][] = [
      ['page', await client.get('/officer').loginAs(user), 200],
      ['redirect', await client.get('/officer').redirects(0), 302],
      ['403', await client.get('/officer').loginAs(treasurer), 403],
      ['404', await client.get('/tidak-ada-halaman-ini'), 404],
      ['json', await client.get('/officer/datatable').loginAs(user).headers(JSON_ACCEPT), 200],
      [
        '422',
        await client.get('/officer/datatable?limit=7').loginAs(user).headers(JSON_ACCEPT),
        422,
      ],
      ['pdf', await binary(client.get('/officer/print/pdf?search=Andi')).loginAs(user), 200],
      ['xlsx', await binary(client.get('/officer/print/excel?search=Andi')).loginAs(user), 200],
    ]
    for (const [label, response, status] of cases) {
      assert.equal(response.status(), status, label)
      assertHeaders(assert, response, label)
    }
  })
})
