import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import Alkes from '#models/alkes'
import {
  accountWithRole,
  assertRedirect,
  auditEntries,
  countRows,
  errorFields,
  listOutputs,
  makeAlkes,
  marker,
  pageAccessMismatches,
  writeAccessMismatches,
  valueOf,
} from './_support.js'

/** What the device form sends: numbers as strings, flags as booleans. */
function alkesPayload(overrides: Record<string, unknown> = {}) {
  const tag = marker('Dev')
  return {
    name: `Infant Incubator ${tag}`,
    laboratory: 'PK',
    category: null,
    price: '350000',
    minute_estimation: '90',
    alkes_code: tag.toUpperCase(),
    mk_code: 'MK 003-17',
    aspak_code: '1.1.1.22',
    certificate_number: 'KAL/PK/101',
    total_page: '3',
    recalibration_months: '12',
    is_tuntung_seharian: false,
    is_internal: true,
    is_insitu: false,
    pengujian_is_kan: true,
    kalibrasi_is_kan: false,
    has_laik_description: true,
    ...overrides,
  }
}

/** camelCase audit keys read as the form's snake_case names. */
const snake = (record: Record<string, unknown> | null) =>
  Object.fromEntries(
    Object.entries(record ?? {}).map(([key, value]) => [
      key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`),
      value,
    ])
  )

/** The services a device type is offered for (`alkes_services`), by order type. */
async function servicesOf(alkesId: number) {
  const rows = await db
    .from('alkes_services')
    .where('alkes_id', alkesId)
    .orderBy('order_type')
    .select('order_type')
  return rows.map((row) => row.order_type as string).sort((a, b) => b.localeCompare(a))
}

test.group('Alkes | access to the forms (alkes.edit)', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('GET /alkes/data/create and /alkes/data/:id/edit: 200 for alkes.edit roles, 403 for the others', async ({
    client,
    assert,
  }) => {
    const alkes = await makeAlkes()
    assert.deepEqual(
      await pageAccessMismatches(client, 'alkes.edit', [
        ['/alkes/data/create', 'alkes/form'],
        [`/alkes/data/${alkes.id}/edit`, 'alkes/form'],
      ]),
      []
    )
  })

  test('POST /alkes/data/store: alkes.edit roles create, the others get 403 and nothing is written', async ({
    client,
    assert,
  }) => {
    const mismatches = await writeAccessMismatches(client, 'alkes.edit', {
      method: 'post',
      path: '/alkes/data/store',
      payload: () => alkesPayload(),
      location: '/alkes/data',
      written: async (payload) =>
        (await countRows('alkes', { alkes_code: payload.alkes_code })) === 1,
    })
    assert.deepEqual(mismatches, [])
  })

  test('PUT /alkes/data/:id/update: alkes.edit roles update, the others get 403 and nothing changes', async ({
    client,
    assert,
  }) => {
    const alkes = await makeAlkes()
    let price = 100000
    const mismatches = await writeAccessMismatches(client, 'alkes.edit', {
      method: 'put',
      path: `/alkes/data/${alkes.id}/update`,
      payload: () => alkesPayload({ alkes_code: alkes.alkesCode, price: String(++price) }),
      location: '/alkes/data',
      written: async (payload) =>
        Number(await valueOf('alkes', alkes.id, 'price')) === Number(payload.price),
    })
    assert.deepEqual(mismatches, [])
  })

  test('a guest is sent to /login by the device form routes and nothing is written', async ({
    client,
    assert,
  }) => {
    const alkes = await makeAlkes()
    const before = await db.from('alkes').where('id', alkes.id).first()
    const count = await countRows('alkes')
    for (const path of ['/alkes/data/create', `/alkes/data/${alkes.id}/edit`])
      assertRedirect(assert, await client.get(path).redirects(0), '/login')
    assertRedirect(
      assert,
      await client.post('/alkes/data/store').withCsrfToken().json(alkesPayload()).redirects(0),
      '/login'
    )
    assertRedirect(
      assert,
      await client
        .put(`/alkes/data/${alkes.id}/update`)
        .withCsrfToken()
        .json(alkesPayload({ alkes_code: alkes.alkesCode, price: '1' }))
        .redirects(0),
      '/login'
    )
    assert.equal(await countRows('alkes'), count)
    assert.deepEqual(await db.from('alkes').where('id', alkes.id).first(), before)
  })
})

test.group('Alkes | form validation', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  const cases: [
    string,
    Record<string, unknown> | ((existing: Alkes) => Record<string, unknown>),
    string[],
  ][] = [
    ['name missing', { name: null }, ['name']],
    ['name of one character', { name: 'X' }, ['name']],
    ['laboratory missing', { laboratory: null }, ['laboratory']],
    ['laboratory outside PK/UKPR/SARPRAS', { laboratory: 'PDP' }, ['laboratory']],
    ['category longer than 100', { laboratory: 'UKPR', category: 'k'.repeat(101) }, ['category']],
    ['price missing', { price: null }, ['price']],
    ['price negative', { price: '-1' }, ['price']],
    ['price with decimals', { price: '350000.50' }, ['price']],
    ['price not a number', { price: 'tiga ratus ribu' }, ['price']],
    ['price above 10 billion', { price: '10000000001' }, ['price']],
    ['minute estimation missing', { minute_estimation: null }, ['minute_estimation']],
    ['minute estimation negative', { minute_estimation: '-5' }, ['minute_estimation']],
    ['minute estimation with decimals', { minute_estimation: '1.5' }, ['minute_estimation']],
    ['minute estimation above 100000', { minute_estimation: '100001' }, ['minute_estimation']],
    ['alkes code missing', { alkes_code: null }, ['alkes_code']],
    ['alkes code longer than 50', { alkes_code: 'K'.repeat(51) }, ['alkes_code']],
    [
      'alkes code already taken',
      (existing) => ({ alkes_code: existing.alkesCode }),
      ['alkes_code'],
    ],
    ['total pages negative', { total_page: '-1' }, ['total_page']],
    ['total pages above 1000', { total_page: '1001' }, ['total_page']],
    ['recalibration interval missing', { recalibration_months: null }, ['recalibration_months']],
    ['recalibration interval of 0 months', { recalibration_months: '0' }, ['recalibration_months']],
    [
      'recalibration interval above 120 months',
      { recalibration_months: '121' },
      ['recalibration_months'],
    ],
    ['a flag that is not yes/no', { is_internal: 'mungkin' }, ['is_internal']],
    ['a flag missing', { kalibrasi_is_kan: null }, ['kalibrasi_is_kan']],
  ]

  for (const [name, overrides, fields] of cases) {
    test(`POST /alkes/data/store refuses: ${name} (error under ${fields.join(', ')}; nothing written)`, async ({
      client,
      assert,
    }) => {
      const head = await accountWithRole('head_of_pk_laboratory')
      const existing = await makeAlkes()
      const payload = alkesPayload(
        typeof overrides === 'function' ? overrides(existing) : overrides
      )
      const counts = [await countRows('alkes'), await countRows('audit_logs')]
      const response = await client
        .post('/alkes/data/store')
        .loginAs(head)
        .withCsrfToken()
        .withInertia()
        .header('referer', '/alkes/data/create')
        .json(payload)
        .redirects(0)
      assertRedirect(assert, response, '/alkes/data/create')
      assert.deepEqual(errorFields(response), fields)
      assert.deepEqual([await countRows('alkes'), await countRows('audit_logs')], counts)
    })
  }

  test('PUT /alkes/data/:id/update refuses the code of another device but accepts its own', async ({
    client,
    assert,
  }) => {
    const admin = await accountWithRole('admin_pk')
    const alkes = await makeAlkes({ price: 100000 })
    const other = await makeAlkes()
    const taken = await client
      .put(`/alkes/data/${alkes.id}/update`)
      .loginAs(admin)
      .withCsrfToken()
      .withInertia()
      .header('referer', `/alkes/data/${alkes.id}/edit`)
      .json(alkesPayload({ alkes_code: other.alkesCode, price: '200000' }))
      .redirects(0)
    assertRedirect(assert, taken, `/alkes/data/${alkes.id}/edit`)
    assert.deepEqual(errorFields(taken), ['alkes_code'])
    assert.equal(Number(await valueOf('alkes', alkes.id, 'price')), 100000)

    const own = await client
      .put(`/alkes/data/${alkes.id}/update`)
      .loginAs(admin)
      .withCsrfToken()
      .withInertia()
      .json(alkesPayload({ alkes_code: alkes.alkesCode, price: '200000' }))
      .redirects(0)
    assertRedirect(assert, own, '/alkes/data')
    assert.equal(Number(await valueOf('alkes', alkes.id, 'price')), 200000)
  })

  test('the errors reach the form as the Inertia `errors` prop', async ({ client, assert }) => {
    const yantek = await accountWithRole('yantek')
    const response = await client
      .post('/alkes/data/store')
      .loginAs(yantek)
      .withCsrfToken()
      .withInertia()
      .header('referer', '/alkes/data/create')
      .json(alkesPayload({ price: '-5', recalibration_months: '0' }))
    response.assertInertiaComponent('alkes/form')
    assert.properties(response.inertiaProps.errors, ['price', 'recalibration_months'])
    assert.notProperty(response.inertiaProps.errors, 'name')
  })
})

test.group('Alkes | create and update', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('creating a UKPR device stores every field, its category and tariff in rupiah, and audits it', async ({
    client,
    assert,
  }) => {
    const yantek = await accountWithRole('yantek')
    const payload = alkesPayload({
      name: `X-Ray Mobile ${marker()}`,
      laboratory: 'UKPR',
      category: 'Radiologi Diagnostik',
      price: '2750000',
      minute_estimation: '240',
      recalibration_months: '24',
      is_tuntung_seharian: true,
      kalibrasi_is_kan: true,
    })
    const response = await client
      .post('/alkes/data/store')
      .loginAs(yantek)
      .withCsrfToken()
      .withInertia()
      .json(payload)
      .redirects(0)
    assertRedirect(assert, response, '/alkes/data')
    response.assertFlashMessage('success')

    const alkes = await Alkes.findByOrFail('alkes_code', payload.alkes_code)
    assert.containsSubset(alkes.serialize(), {
      name: payload.name,
      laboratory: 'UKPR',
      category: 'Radiologi Diagnostik',
      mkCode: 'MK 003-17',
      aspakCode: '1.1.1.22',
      certificateNumber: 'KAL/PK/101',
    })
    assert.equal(Number(alkes.price), 2750000)
    assert.equal(Number(alkes.minuteEstimation), 240)
    assert.equal(Number(alkes.totalPage), 3)
    assert.equal(Number(alkes.recalibrationMonths), 24)
    const flags = await db.from('alkes').where('id', alkes.id).first()
    const services = await servicesOf(alkes.id)
    assert.deepEqual(
      [
        flags.is_tuntung_seharian,
        services.includes('internal'),
        services.includes('insitu'),
        flags.pengujian_is_kan,
        flags.kalibrasi_is_kan,
        flags.has_laik_description,
      ].map((v: unknown) => Boolean(Number(v))),
      [true, true, false, true, true, true]
    )

    const entries = await auditEntries('alkes.create', alkes.id)
    assert.lengthOf(entries, 1)
    assert.equal(entries[0].userId, yantek.id)
    assert.containsSubset(snake(entries[0].changesTo), {
      name: payload.name,
      laboratory: 'UKPR',
      category: 'Radiologi Diagnostik',
      price: 2750000,
      alkes_code: payload.alkes_code,
    })
  })

  test('a category is kept only for UKPR devices', async ({ client, assert }) => {
    const admin = await accountWithRole('admin_pk')
    const payload = alkesPayload({ laboratory: 'PK', category: 'Radiologi Diagnostik' })
    await client
      .post('/alkes/data/store')
      .loginAs(admin)
      .withCsrfToken()
      .withInertia()
      .json(payload)
      .redirects(0)
    const stored = await Alkes.findByOrFail('alkes_code', payload.alkes_code)
    assert.isNull(stored.category)
  })

  test('updating a device changes the sent fields and audits old and new values of what changed', async ({
    client,
    assert,
  }) => {
    const head = await accountWithRole('head_of_pk_laboratory')
    const alkes = await makeAlkes({ price: 250000, minuteEstimation: 60 })
    const response = await client
      .put(`/alkes/data/${alkes.id}/update`)
      .loginAs(head)
      .withCsrfToken()
      .withInertia()
      .json({
        name: alkes.name,
        laboratory: 'PK',
        category: null,
        price: '300000',
        minute_estimation: '60',
        alkes_code: alkes.alkesCode,
        mk_code: null,
        aspak_code: null,
        certificate_number: null,
        total_page: null,
        recalibration_months: '12',
        is_tuntung_seharian: false,
        is_internal: true,
        is_insitu: false,
        pengujian_is_kan: false,
        kalibrasi_is_kan: false,
        has_laik_description: true,
      })
      .redirects(0)
    assertRedirect(assert, response, '/alkes/data')
    const after = await Alkes.findOrFail(alkes.id)
    assert.equal(Number(after.price), 300000)
    // The services are one relation (device type × order type): unticked, the row is gone.
    assert.deepEqual(await servicesOf(alkes.id), ['internal'])

    const entries = await auditEntries('alkes.update', alkes.id)
    assert.lengthOf(entries, 1)
    assert.deepEqual(snake(entries[0].changesFrom), { price: 250000, is_insitu: true })
    assert.deepEqual(snake(entries[0].changesTo), { price: 300000, is_insitu: false })
  })

  test('saving the device form unchanged writes no audit entry', async ({ client, assert }) => {
    const admin = await accountWithRole('admin_pk')
    const alkes = await makeAlkes()
    const form = await client.get(`/alkes/data/${alkes.id}/edit`).loginAs(admin).withInertia()
    const row = form.inertiaProps.alkes
    const response = await client
      .put(`/alkes/data/${alkes.id}/update`)
      .loginAs(admin)
      .withCsrfToken()
      .withInertia()
      .json({
        name: row.name,
        laboratory: row.laboratory,
        category: row.category,
        price: String(row.price),
        minute_estimation: String(row.minute_estimation),
        alkes_code: row.alkes_code,
        mk_code: row.mk_code,
        aspak_code: row.aspak_code,
        certificate_number: row.certificate_number,
        total_page: row.total_page,
        recalibration_months: String(row.recalibration_months),
        is_tuntung_seharian: row.is_tuntung_seharian,
        is_internal: row.is_internal,
        is_insitu: row.is_insitu,
        pengujian_is_kan: row.pengujian_is_kan,
        kalibrasi_is_kan: row.kalibrasi_is_kan,
        has_laik_description: row.has_laik_description,
      })
      .redirects(0)
    assertRedirect(assert, response, '/alkes/data')
    assert.lengthOf(await auditEntries('alkes.update', alkes.id), 0)
  })
})

test.group('Alkes | list filters and exports', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  const FLAGS = [
    ['pengujian_is_kan', 'pengujian_is_kan'],
    ['kalibrasi_is_kan', 'kalibrasi_is_kan'],
    ['is_internal', 'is_internal'],
    ['is_insitu', 'is_insitu'],
    ['is_tuntung_saharian', 'is_tuntung_seharian'],
  ] as const

  /** The filter as the spec reads, applied to every device in the table. */
  async function expectedCodes(filters: Record<string, string>) {
    const offered = await db.from('alkes_services').select('alkes_id', 'order_type')
    const stored = await db.from('alkes').select('*')
    const rows = stored.map((row) => ({
      ...row,
      // The spec's service flags, read from the relation.
      is_internal: offered.some((o) => o.alkes_id === row.id && o.order_type === 'internal'),
      is_insitu: offered.some((o) => o.alkes_id === row.id && o.order_type === 'insitu'),
    }))
    return rows
      .filter((row) => {
        for (const [param, column] of FLAGS) {
          const value = filters[param]
          if (value === '1' && !Number(row[column])) return false
          if (value === '0' && Number(row[column])) return false
        }
        if (filters.name && !String(row.name).toLowerCase().includes(filters.name.toLowerCase()))
          return false
        if (filters.price !== undefined && Number(row.price) !== Number(filters.price)) return false
        if (
          filters.minute_estimation !== undefined &&
          Number(row.minute_estimation) !== Number(filters.minute_estimation)
        )
          return false
        return true
      })
      .map((row) => String(row.alkes_code))
      .sort()
  }

  async function fixtures() {
    const tag = marker('Flt')
    const base = { price: 123457, minuteEstimation: 45 }
    const devices = [
      await makeAlkes(
        {
          ...base,
          name: `${tag} Autoclave`,
          pengujianIsKan: true,
          kalibrasiIsKan: true,
          isTuntungSeharian: false,
        },
        ['internal']
      ),
      await makeAlkes(
        {
          ...base,
          name: `${tag} Defibrillator`,
          pengujianIsKan: false,
          kalibrasiIsKan: true,
          isTuntungSeharian: true,
        },
        ['insitu']
      ),
      await makeAlkes(
        {
          ...base,
          name: `${tag} Suction Pump`,
          pengujianIsKan: true,
          kalibrasiIsKan: false,
          isTuntungSeharian: true,
          minuteEstimation: 30,
        },
        ['internal', 'insitu']
      ),
      await makeAlkes(
        {
          name: `${tag} Patient Monitor`,
          price: 500000,
          minuteEstimation: 45,
          pengujianIsKan: false,
          kalibrasiIsKan: false,
          isTuntungSeharian: false,
        },
        []
      ),
    ]
    return { tag, devices }
  }

  test('Excel export and datatable hold exactly the devices each filter selects', async ({
    client,
    assert,
  }) => {
    const yantek = await accountWithRole('yantek')
    const { tag } = await fixtures()
    const cases: Record<string, string>[] = []
    for (const [param] of FLAGS)
      for (const value of ['1', '0', 'ALL']) cases.push({ [param]: value })
    cases.push({ name: tag.toLowerCase() }, { price: '123457' }, { minute_estimation: '45' })
    cases.push(
      { name: tag, pengujian_is_kan: '1', is_insitu: '1' },
      { name: tag, price: '123457', minute_estimation: '45', is_tuntung_saharian: '0' }
    )

    for (const filters of cases) {
      const expected = await expectedCodes(filters)
      const { excel, datatable } = await listOutputs(client, yantek, '/alkes/data', filters)
      assert.deepEqual(
        excel.rows.map((r) => r['Kode']).sort(),
        expected,
        `excel ${JSON.stringify(filters)}`
      )
      assert.equal(datatable.total, expected.length, `datatable ${JSON.stringify(filters)}`)
      if (expected.length <= 100)
        assert.deepEqual(
          datatable.data.map((r: any) => r.alkes_code).sort(),
          expected,
          `datatable ${JSON.stringify(filters)}`
        )
    }
  })

  test('PDF export holds exactly the filtered devices and names the filters', async ({
    client,
    assert,
  }) => {
    const head = await accountWithRole('head_of_sarpras_laboratory')
    const { tag, devices } = await fixtures()
    const filters = { name: tag, kalibrasi_is_kan: '1', is_tuntung_saharian: '1' }
    const { pdfLines, pdfText, excel } = await listOutputs(client, head, '/alkes/data', filters)
    const shown = devices.filter((d) => pdfLines.includes(d.name)).map((d) => d.name)
    assert.deepEqual(shown, [`${tag} Defibrillator`])
    assert.lengthOf(
      pdfLines.filter((line) => line.includes(tag)),
      1 + 1,
      'the one row plus the filter line'
    )
    assert.include(pdfText, `Nama: ${tag}`)
    assert.include(pdfText, 'Kalibrasi KAN: Ya')
    assert.include(pdfText, 'Tuntung Saharian: Ya')
    assert.lengthOf(excel.rows, 1)
    // A number the spreadsheet can sum; "Rp 123.457" is its number format.
    assert.equal(excel.rows[0]['Tarif'], '123457')
  })

  test('an export with no matching device is empty and says so', async ({ client, assert }) => {
    const yantek = await accountWithRole('yantek')
    const { excel, pdfText } = await listOutputs(client, yantek, '/alkes/data', {
      name: marker('None'),
    })
    assert.lengthOf(excel.rows, 0)
    assert.include(pdfText, 'Data Masih Kosong')
  })

  test('a filter value outside Ya/Tidak/Semua answers 422 on the datatable and both exports', async ({
    client,
  }) => {
    const yantek = await accountWithRole('yantek')
    for (const path of [
      '/alkes/data/datatable',
      '/alkes/data/print/pdf',
      '/alkes/data/print/excel',
    ]) {
      const response = await client.get(path).qs({ is_insitu: 'kadang' }).loginAs(yantek)
      response.assertStatus(422)
    }
  })
})
