import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import Calibrator from '#models/calibrator'
import type User from '#models/user'
import {
  accountWithRole,
  assertRedirect,
  auditEntries,
  countRows,
  errorFields,
  listOutputs,
  makeCalibrator,
  makeFacility,
  makeOfficer,
  marker,
  pageAccessMismatches,
  referenceIds,
  writeAccessMismatches,
  valueOf,
} from './_support.js'

/** What the calibrator form sends (strings, as Inertia's useForm holds them). */
async function calibratorPayload(overrides: Record<string, unknown> = {}) {
  const ids = await referenceIds()
  const tag = marker('Cal')
  return {
    name: `Electrical Safety Analyzer ${tag}`,
    merk: 'Fluke Biomedical',
    type_model_category: 'Tipe',
    type_model: 'ESA615',
    serial_number: `SN-${tag.toUpperCase()}`,
    channel_count: '2',
    unit_id: String(ids.unitPk),
    bpfk_user_id: null,
    calibrator_condition: 'Good',
    last_calibration_date: '2026-03-10',
    next_calibration_date: '2027-03-10',
    ...overrides,
  }
}

const dateOf = (value: unknown) =>
  value === null || value === undefined
    ? null
    : value instanceof Date
      ? value.toISOString().slice(0, 10)
      : String(value).slice(0, 10)

test.group('Calibrators | access to the forms (calibrator.edit)', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('GET /calibrator/data/create and /calibrator/data/:id/edit: 200 for calibrator.edit roles, 403 for the others', async ({
    client,
    assert,
  }) => {
    const calibrator = await makeCalibrator()
    assert.deepEqual(
      await pageAccessMismatches(client, 'calibrator.edit', [
        ['/calibrator/data/create', 'calibrators/form'],
        [`/calibrator/data/${calibrator.id}/edit`, 'calibrators/form'],
      ]),
      []
    )
  })

  test('POST /calibrator/data/store: calibrator.edit roles create, the others get 403 and nothing is written', async ({
    client,
    assert,
  }) => {
    const mismatches = await writeAccessMismatches(client, 'calibrator.edit', {
      method: 'post',
      path: '/calibrator/data/store',
      payload: () => calibratorPayload(),
      location: '/calibrator/data',
      written: async (payload) =>
        (await countRows('calibrators', { serial_number: payload.serial_number })) === 1,
    })
    assert.deepEqual(mismatches, [])
  })

  test('PUT /calibrator/data/:id/update: calibrator.edit roles update, the others get 403 and nothing changes', async ({
    client,
    assert,
  }) => {
    const calibrator = await makeCalibrator({ channelCount: 1 })
    let channels = 1
    const mismatches = await writeAccessMismatches(client, 'calibrator.edit', {
      method: 'put',
      path: `/calibrator/data/${calibrator.id}/update`,
      payload: () =>
        calibratorPayload({
          serial_number: calibrator.serialNumber,
          channel_count: String(++channels),
        }),
      location: '/calibrator/data',
      written: async (payload) =>
        Number(await valueOf('calibrators', calibrator.id, 'channel_count')) ===
        Number(payload.channel_count),
    })
    assert.deepEqual(mismatches, [])
  })

  test('a guest is sent to /login by the calibrator form routes and nothing is written', async ({
    client,
    assert,
  }) => {
    const calibrator = await makeCalibrator()
    const before = await db.from('calibrators').where('id', calibrator.id).first()
    const count = await countRows('calibrators')
    for (const path of ['/calibrator/data/create', `/calibrator/data/${calibrator.id}/edit`])
      assertRedirect(assert, await client.get(path).redirects(0), '/login')
    assertRedirect(
      assert,
      await client
        .post('/calibrator/data/store')
        .withCsrfToken()
        .json(await calibratorPayload())
        .redirects(0),
      '/login'
    )
    assertRedirect(
      assert,
      await client
        .put(`/calibrator/data/${calibrator.id}/update`)
        .withCsrfToken()
        .json(
          await calibratorPayload({ serial_number: calibrator.serialNumber, channel_count: '9' })
        )
        .redirects(0),
      '/login'
    )
    assert.equal(await countRows('calibrators'), count)
    assert.deepEqual(await db.from('calibrators').where('id', calibrator.id).first(), before)
  })
})

test.group('Calibrators | form validation', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  type Ctx = { existing: Calibrator; facilityUser: User }
  const cases: [
    string,
    Record<string, unknown> | ((ctx: Ctx) => Record<string, unknown>),
    string[],
  ][] = [
    ['name missing', { name: null }, ['name']],
    ['name of one character', { name: 'E' }, ['name']],
    ['merk longer than 100', { merk: 'm'.repeat(101) }, ['merk']],
    ['type/model category missing', { type_model_category: null }, ['type_model_category']],
    [
      'type/model category outside Tipe/Model',
      { type_model_category: 'Seri' },
      ['type_model_category'],
    ],
    ['serial number missing', { serial_number: null }, ['serial_number']],
    ['serial number longer than 100', { serial_number: 'S'.repeat(101) }, ['serial_number']],
    [
      'serial number already taken',
      ({ existing }) => ({ serial_number: existing.serialNumber }),
      ['serial_number'],
    ],
    ['channel count missing', { channel_count: null }, ['channel_count']],
    ['channel count of 0', { channel_count: '0' }, ['channel_count']],
    ['channel count negative', { channel_count: '-3' }, ['channel_count']],
    ['channel count with decimals', { channel_count: '1.5' }, ['channel_count']],
    ['channel count above 1000', { channel_count: '1001' }, ['channel_count']],
    ['unit missing', { unit_id: null }, ['unit_id']],
    ['unit unknown', { unit_id: '99999' }, ['unit_id']],
    ['person in charge unknown', { bpfk_user_id: '99999999' }, ['bpfk_user_id']],
    [
      'person in charge is a facility login',
      ({ facilityUser }) => ({ bpfk_user_id: String(facilityUser.id) }),
      ['bpfk_user_id'],
    ],
    ['condition missing', { calibrator_condition: null }, ['calibrator_condition']],
    ['condition outside Good/Bad', { calibrator_condition: 'Rusak' }, ['calibrator_condition']],
    [
      'last calibration date malformed',
      { last_calibration_date: '10/03/2026', next_calibration_date: null },
      ['last_calibration_date'],
    ],
    [
      'next calibration date malformed',
      { next_calibration_date: '2027-13-40' },
      ['next_calibration_date'],
    ],
    [
      'next calibration date before the last one',
      { last_calibration_date: '2026-03-10', next_calibration_date: '2026-03-09' },
      ['next_calibration_date'],
    ],
    [
      'next calibration date on the last one',
      { last_calibration_date: '2026-03-10', next_calibration_date: '2026-03-10' },
      ['next_calibration_date'],
    ],
  ]

  for (const [name, overrides, fields] of cases) {
    test(`POST /calibrator/data/store refuses: ${name} (error under ${fields.join(', ')}; nothing written)`, async ({
      client,
      assert,
    }) => {
      const admin = await accountWithRole('admin_pk')
      const existing = await makeCalibrator()
      const { account: facilityUser } = await makeFacility()
      const payload = await calibratorPayload(
        typeof overrides === 'function' ? overrides({ existing, facilityUser }) : overrides
      )
      const counts = [await countRows('calibrators'), await countRows('audit_logs')]
      const response = await client
        .post('/calibrator/data/store')
        .loginAs(admin)
        .withCsrfToken()
        .withInertia()
        .header('referer', '/calibrator/data/create')
        .json(payload)
        .redirects(0)
      assertRedirect(assert, response, '/calibrator/data/create')
      assert.deepEqual(errorFields(response), fields)
      assert.deepEqual([await countRows('calibrators'), await countRows('audit_logs')], counts)
    })
  }

  test('PUT /calibrator/data/:id/update refuses the serial number of another calibrator but accepts its own', async ({
    client,
    assert,
  }) => {
    const head = await accountWithRole('head_of_pk_laboratory')
    const calibrator = await makeCalibrator({ channelCount: 1 })
    const other = await makeCalibrator()
    const taken = await client
      .put(`/calibrator/data/${calibrator.id}/update`)
      .loginAs(head)
      .withCsrfToken()
      .withInertia()
      .header('referer', `/calibrator/data/${calibrator.id}/edit`)
      .json(await calibratorPayload({ serial_number: other.serialNumber, channel_count: '4' }))
      .redirects(0)
    assertRedirect(assert, taken, `/calibrator/data/${calibrator.id}/edit`)
    assert.deepEqual(errorFields(taken), ['serial_number'])
    assert.equal(Number(await valueOf('calibrators', calibrator.id, 'channel_count')), 1)

    const own = await client
      .put(`/calibrator/data/${calibrator.id}/update`)
      .loginAs(head)
      .withCsrfToken()
      .withInertia()
      .json(await calibratorPayload({ serial_number: calibrator.serialNumber, channel_count: '4' }))
      .redirects(0)
    assertRedirect(assert, own, '/calibrator/data')
    assert.equal(Number(await valueOf('calibrators', calibrator.id, 'channel_count')), 4)
  })

  test('the date error reaches the form as the Inertia `errors` prop', async ({
    client,
    assert,
  }) => {
    const admin = await accountWithRole('admin_pk')
    const response = await client
      .post('/calibrator/data/store')
      .loginAs(admin)
      .withCsrfToken()
      .withInertia()
      .header('referer', '/calibrator/data/create')
      .json(await calibratorPayload({ channel_count: '0', next_calibration_date: '2025-01-01' }))
    response.assertInertiaComponent('calibrators/form')
    assert.properties(response.inertiaProps.errors, ['channel_count', 'next_calibration_date'])
    assert.notProperty(response.inertiaProps.errors, 'last_calibration_date')
  })
})

test.group('Calibrators | create and update', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('the form offers every staff officer (never a facility login) as person in charge, and the units', async ({
    client,
    assert,
  }) => {
    const admin = await accountWithRole('admin_pk')
    const officer = await makeOfficer()
    const { account } = await makeFacility()
    const response = await client.get('/calibrator/data/create').loginAs(admin).withInertia()
    response.assertStatus(200)
    const officers = response.inertiaProps.options.officers as { id: number }[]
    const ids = officers.map((o) => o.id)
    assert.include(ids, officer.id)
    assert.notInclude(ids, account.id)
    assert.equal(officers.length, await countRows('users', { fasyankes_id: null }))
    const units = (response.inertiaProps.options.units as { name: string }[]).map((u) => u.name)
    assert.includeMembers(units, ['PK', 'UKPR', 'SARPRAS', 'PDP'])
  })

  test('creating a calibrator stores every field, its person in charge and both dates, and audits it', async ({
    client,
    assert,
  }) => {
    const head = await accountWithRole('head_of_pk_laboratory')
    const ids = await referenceIds()
    const officer = await makeOfficer()
    const payload = await calibratorPayload({
      type_model_category: 'Model',
      type_model: 'Impulse 7000DP',
      channel_count: '3',
      unit_id: String(ids.unitUkpr),
      bpfk_user_id: String(officer.id),
      calibrator_condition: 'Bad',
      last_calibration_date: '2026-01-15',
      next_calibration_date: '2027-01-15',
    })
    const response = await client
      .post('/calibrator/data/store')
      .loginAs(head)
      .withCsrfToken()
      .withInertia()
      .json(payload)
      .redirects(0)
    assertRedirect(assert, response, '/calibrator/data')
    response.assertFlashMessage('success')

    const row = await db
      .from('calibrators')
      .where('serial_number', payload.serial_number)
      .firstOrFail()
    assert.equal(row.name, payload.name)
    assert.equal(row.merk, 'Fluke Biomedical')
    assert.equal(row.type_model_category, 'Model')
    assert.equal(row.type_model, 'Impulse 7000DP')
    assert.equal(Number(row.channel_count), 3)
    assert.equal(Number(row.unit_id), ids.unitUkpr)
    assert.equal(Number(row.bpfk_user_id), officer.id)
    assert.equal(row.calibrator_condition, 'Bad')
    assert.equal(dateOf(row.last_calibration_date), '2026-01-15')
    assert.equal(dateOf(row.next_calibration_date), '2027-01-15')

    const entries = await auditEntries('calibrator.create', row.id)
    assert.lengthOf(entries, 1)
    assert.equal(entries[0].userId, head.id)
    assert.containsSubset(entries[0].changesTo, {
      serial_number: payload.serial_number,
      channel_count: 3,
      bpfk_user_id: officer.id,
      calibrator_condition: 'Bad',
      last_calibration_date: '2026-01-15',
      next_calibration_date: '2027-01-15',
    })
  })

  test('updating a calibrator changes the sent fields and audits old and new values of what changed', async ({
    client,
    assert,
  }) => {
    const admin = await accountWithRole('admin_pk')
    const ids = await referenceIds()
    const officer = await makeOfficer()
    const created = await calibratorPayload({
      last_calibration_date: '2025-05-01',
      next_calibration_date: '2026-05-01',
    })
    await client
      .post('/calibrator/data/store')
      .loginAs(admin)
      .withCsrfToken()
      .withInertia()
      .json(created)
      .redirects(0)
    const calibrator = await Calibrator.findByOrFail('serial_number', created.serial_number)

    const response = await client
      .put(`/calibrator/data/${calibrator.id}/update`)
      .loginAs(admin)
      .withCsrfToken()
      .withInertia()
      .json({
        ...created,
        unit_id: String(ids.unitPk),
        bpfk_user_id: String(officer.id),
        calibrator_condition: 'Bad',
        next_calibration_date: '2026-11-01',
      })
      .redirects(0)
    assertRedirect(assert, response, '/calibrator/data')
    const row = await db.from('calibrators').where('id', calibrator.id).first()
    assert.equal(row.calibrator_condition, 'Bad')
    assert.equal(Number(row.bpfk_user_id), officer.id)
    assert.equal(dateOf(row.next_calibration_date), '2026-11-01')
    assert.equal(dateOf(row.last_calibration_date), '2025-05-01')

    const entries = await auditEntries('calibrator.update', calibrator.id)
    assert.lengthOf(entries, 1)
    assert.deepEqual(entries[0].changesFrom, {
      bpfk_user_id: null,
      calibrator_condition: 'Good',
      next_calibration_date: '2026-05-01',
    })
    assert.deepEqual(entries[0].changesTo, {
      bpfk_user_id: officer.id,
      calibrator_condition: 'Bad',
      next_calibration_date: '2026-11-01',
    })
  })

  test('saving the calibrator form unchanged writes no audit entry', async ({ client, assert }) => {
    const admin = await accountWithRole('admin_pk')
    const payload = await calibratorPayload()
    await client
      .post('/calibrator/data/store')
      .loginAs(admin)
      .withCsrfToken()
      .withInertia()
      .json(payload)
      .redirects(0)
    const calibrator = await Calibrator.findByOrFail('serial_number', payload.serial_number)
    await client
      .put(`/calibrator/data/${calibrator.id}/update`)
      .loginAs(admin)
      .withCsrfToken()
      .withInertia()
      .json(payload)
      .redirects(0)
    assert.lengthOf(await auditEntries('calibrator.update', calibrator.id), 0)
  })

  test('the edit form is filled with the calibrator, its unit, person in charge and dates', async ({
    client,
    assert,
  }) => {
    const admin = await accountWithRole('admin_pk')
    const officer = await makeOfficer()
    const payload = await calibratorPayload({ bpfk_user_id: String(officer.id) })
    await client
      .post('/calibrator/data/store')
      .loginAs(admin)
      .withCsrfToken()
      .withInertia()
      .json(payload)
      .redirects(0)
    const calibrator = await Calibrator.findByOrFail('serial_number', payload.serial_number)
    const response = await client
      .get(`/calibrator/data/${calibrator.id}/edit`)
      .loginAs(admin)
      .withInertia()
    assert.containsSubset(response.inertiaProps.calibrator, {
      id: calibrator.id,
      serial_number: payload.serial_number,
      bpfk_user_id: officer.id,
      last_calibration_date: '2026-03-10',
      next_calibration_date: '2027-03-10',
      unit: { name: 'PK' },
    })
  })
})

test.group('Calibrators | list filters and exports', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  const TEXT = [
    ['name', 'name'],
    ['merk', 'merk'],
    ['model', 'type_model'],
    ['serial_number', 'serial_number'],
  ] as const

  /** The filter as the spec reads, applied to every calibrator in the table. */
  async function expectedSerials(filters: Record<string, string>) {
    const rows = await db.from('calibrators').select('*')
    return rows
      .filter((row) => {
        if (filters.status === '1' && !Number(row.is_available)) return false
        if (filters.status === '0' && Number(row.is_available)) return false
        if (
          filters.condition &&
          filters.condition !== 'ALL' &&
          row.calibrator_condition !== filters.condition
        )
          return false
        if (filters.unit && Number(row.unit_id) !== Number(filters.unit)) return false
        for (const [param, column] of TEXT) {
          const value = filters[param]
          if (
            value &&
            !String(row[column] ?? '')
              .toLowerCase()
              .includes(value.toLowerCase())
          )
            return false
        }
        if (filters.channel_count && Number(row.channel_count) !== Number(filters.channel_count))
          return false
        return true
      })
      .map((row) => String(row.serial_number))
      .sort()
  }

  async function fixtures() {
    const ids = await referenceIds()
    const tag = marker('Kfl')
    const calibrators = [
      await makeCalibrator({
        name: `${tag} Defib Analyzer`,
        merk: 'Fluke',
        typeModel: 'Impulse 7000',
        serialNumber: `${tag}-A`,
        channelCount: 1,
        unitId: ids.unitPk,
        calibratorCondition: 'Good',
        isAvailable: true,
      }),
      await makeCalibrator({
        name: `${tag} Gas Flow Analyzer`,
        merk: 'Datrend',
        typeModel: 'VPad-A1',
        serialNumber: `${tag}-B`,
        channelCount: 2,
        unitId: ids.unitPk,
        calibratorCondition: 'Bad',
        isAvailable: true,
      }),
      await makeCalibrator({
        name: `${tag} Multimeter`,
        merk: 'Fluke',
        typeModel: '87V',
        serialNumber: `${tag}-C`,
        channelCount: 2,
        unitId: ids.unitUkpr,
        calibratorCondition: 'Good',
        isAvailable: false,
      }),
      await makeCalibrator({
        name: `${tag} Thermohygrometer`,
        merk: 'Testo',
        typeModel: '608-H1',
        serialNumber: `${tag}-D`,
        channelCount: 4,
        unitId: ids.unitPdp,
        calibratorCondition: 'Bad',
        isAvailable: false,
      }),
    ]
    return { tag, calibrators, ids }
  }

  test('Excel export and datatable hold exactly the calibrators each filter selects', async ({
    client,
    assert,
  }) => {
    const admin = await accountWithRole('admin_ukpr')
    const { tag, ids } = await fixtures()
    const cases: Record<string, string>[] = [
      { status: '1' },
      { status: '0' },
      { status: 'ALL' },
      { condition: 'Good' },
      { condition: 'Bad' },
      { unit: String(ids.unitPk) },
      { unit: String(ids.unitPdp) },
      { name: tag.toLowerCase() },
      { merk: 'fluke' },
      { model: 'vpad' },
      { serial_number: `${tag}-C` },
      { channel_count: '2' },
      { name: tag, merk: 'Fluke', status: '1' },
      { name: tag, condition: 'Bad', unit: String(ids.unitPdp), channel_count: '4' },
    ]
    for (const filters of cases) {
      const expected = await expectedSerials(filters)
      const { excel, datatable } = await listOutputs(client, admin, '/calibrator/data', filters)
      assert.deepEqual(
        excel.rows.map((r) => r['Nomor Seri']).sort(),
        expected,
        `excel ${JSON.stringify(filters)}`
      )
      assert.equal(datatable.total, expected.length, `datatable ${JSON.stringify(filters)}`)
      if (expected.length <= 100)
        assert.deepEqual(
          datatable.data.map((r: any) => r.serial_number).sort(),
          expected,
          `datatable ${JSON.stringify(filters)}`
        )
    }
  })

  test('PDF export holds exactly the filtered calibrators and names the filters', async ({
    client,
    assert,
  }) => {
    const head = await accountWithRole('head_of_pk_laboratory')
    const { tag, calibrators, ids } = await fixtures()
    const { pdfLines, pdfText } = await listOutputs(client, head, '/calibrator/data', {
      name: tag,
      unit: String(ids.unitPk),
      condition: 'Good',
    })
    const shown = calibrators.filter((c) => pdfLines.includes(c.name)).map((c) => c.name)
    assert.deepEqual(shown, [`${tag} Defib Analyzer`])
    assert.deepEqual(
      calibrators.filter((c) => pdfLines.includes(c.serialNumber)).map((c) => c.serialNumber),
      [`${tag}-A`]
    )
    assert.lengthOf(
      pdfLines.filter((line) => line.includes(tag)),
      1 + 2,
      'the filter line, one name, one serial'
    )
    assert.include(pdfText, 'Kondisi: Baik')
    assert.include(pdfText, 'Unit: PK')
  })

  test('a channel count filter below 1 answers 422 and exports nothing', async ({ client }) => {
    const admin = await accountWithRole('admin_pk')
    for (const path of [
      '/calibrator/data/datatable',
      '/calibrator/data/print/pdf',
      '/calibrator/data/print/excel',
    ]) {
      const response = await client.get(path).qs({ channel_count: '0' }).loginAs(admin)
      response.assertStatus(422)
    }
  })
})
