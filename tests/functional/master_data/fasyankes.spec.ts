import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import hash from '@adonisjs/core/services/hash'
import db from '@adonisjs/lucid/services/db'
import Fasyankes from '#models/fasyankes'
import User from '#models/user'
import { ROLES } from '#enums/roles'
import {
  accountWithRole,
  assertRedirect,
  auditEntries,
  countRows,
  errorFields,
  isRedirectTo,
  listOutputs,
  makeFacility,
  makeOfficer,
  marker,
  referenceIds,
  rolesSplit,
  rolesOf,
} from './_support.js'

/** A password the strength rule accepts (several words and a number). */
const STRONG_PASSWORD = 'Kuda-Lari-Pagi-2026'

/** What the facility form sends: strings, as Inertia's useForm holds them. */
async function facilityPayload(overrides: Record<string, unknown> = {}) {
  const ids = await referenceIds()
  const tag = marker('Fac')
  return {
    fasyankes_name: `Puskesmas ${tag}`,
    phone: '0411-8222134',
    address: 'Jl. Poros Malino No. 1, Sungguminasa',
    type: 'Swasta',
    province: '73',
    city: '73.06',
    category_id: String(ids.puskesmas),
    class_id: String(ids.classC),
    pic: 'dr. Andi Rahman',
    pic_phone: '081234567890',
    latitude: '-5.2041',
    longitude: '119.4539',
    email: `${tag.toLowerCase()}@fasyankes.kalibra.test`,
    password: STRONG_PASSWORD,
    c_password: STRONG_PASSWORD,
    ...overrides,
  }
}

async function facilitySnapshot(id: number) {
  const facility = await db.from('fasyankes').where('id', id).firstOrFail()
  const account = await db
    .from('users')
    .where('fasyankes_id', id)
    .select('email', 'password', 'name')
  return { facility, account }
}

test.group('Fasyankes | access to the forms (fasyankes.edit)', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  const { allowed } = rolesSplit('fasyankes.edit')

  test('GET /fasyankes/data/create and /fasyankes/data/:id/edit: 200 for fasyankes.edit roles, 403 for the others', async ({
    client,
    assert,
  }) => {
    const { facility } = await makeFacility()
    const mismatches: string[] = []
    for (const role of ROLES) {
      const user = await accountWithRole(role)
      const expected = allowed.includes(role) ? 200 : 403
      for (const path of ['/fasyankes/data/create', `/fasyankes/data/${facility.id}/edit`]) {
        const response = await client.get(path).loginAs(user).withInertia()
        if (response.status() !== expected)
          mismatches.push(`${role} GET ${path}: ${response.status()}, expected ${expected}`)
        if (expected === 200 && response.inertiaComponent !== 'fasyankes/form')
          mismatches.push(`${role} GET ${path}: component ${response.inertiaComponent}`)
      }
    }
    assert.deepEqual(mismatches, [])
  })

  test('POST /fasyankes/data/store: fasyankes.edit roles create, the others get 403 and nothing is written', async ({
    client,
    assert,
  }) => {
    const mismatches: string[] = []
    for (const role of ROLES) {
      const user = await accountWithRole(role)
      const payload = await facilityPayload()
      const before = await countRows('fasyankes')
      const response = await client
        .post('/fasyankes/data/store')
        .loginAs(user)
        .withCsrfToken()
        .withInertia()
        .json(payload)
        .redirects(0)
      const created = await countRows('fasyankes', { fasyankes_name: payload.fasyankes_name })
      if (allowed.includes(role)) {
        if (!isRedirectTo(response, '/fasyankes/data') || created !== 1)
          mismatches.push(
            `${role}: ${response.status()} ${response.header('location')}, created=${created}`
          )
      } else if (
        response.status() !== 403 ||
        created !== 0 ||
        (await countRows('fasyankes')) !== before
      ) {
        mismatches.push(`${role}: ${response.status()}, created=${created}`)
      }
    }
    assert.deepEqual(mismatches, [])
  })

  test('PUT /fasyankes/data/:id/update: fasyankes.edit roles update, the others get 403 and nothing changes', async ({
    client,
    assert,
  }) => {
    const { facility, account } = await makeFacility()
    const mismatches: string[] = []
    for (const role of ROLES) {
      const user = await accountWithRole(role)
      const pic = `dr. ${marker()}`
      const response = await client
        .put(`/fasyankes/data/${facility.id}/update`)
        .loginAs(user)
        .withCsrfToken()
        .withInertia()
        .json(
          await facilityPayload({
            fasyankes_name: facility.fasyankesName,
            email: account.email,
            password: null,
            c_password: null,
            pic,
          })
        )
        .redirects(0)
      const after = await Fasyankes.findOrFail(facility.id)
      if (allowed.includes(role)) {
        if (!isRedirectTo(response, '/fasyankes/data') || after.pic !== pic)
          mismatches.push(`${role}: ${response.status()}, pic=${after.pic}`)
      } else if (response.status() !== 403 || after.pic === pic) {
        mismatches.push(`${role}: ${response.status()}, pic=${after.pic}`)
      }
    }
    assert.deepEqual(mismatches, [])
  })

  test('a guest is sent to /login by the facility form routes and nothing is written', async ({
    client,
    assert,
  }) => {
    const { facility } = await makeFacility()
    const before = await facilitySnapshot(facility.id)
    const count = await countRows('fasyankes')
    for (const path of ['/fasyankes/data/create', `/fasyankes/data/${facility.id}/edit`]) {
      assertRedirect(assert, await client.get(path).redirects(0), '/login')
    }
    const store = await client
      .post('/fasyankes/data/store')
      .withCsrfToken()
      .json(await facilityPayload())
      .redirects(0)
    assertRedirect(assert, store, '/login')
    const update = await client
      .put(`/fasyankes/data/${facility.id}/update`)
      .withCsrfToken()
      .json(await facilityPayload({ pic: 'Tamu' }))
      .redirects(0)
    assertRedirect(assert, update, '/login')
    assert.equal(await countRows('fasyankes'), count)
    assert.deepEqual(await facilitySnapshot(facility.id), before)
  })
})

test.group('Fasyankes | create form validation', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  const cases: [
    string,
    Record<string, unknown> | ((ctx: { officer: User; facility: User }) => Record<string, unknown>),
    string[],
  ][] = [
    ['name missing', { fasyankes_name: null }, ['fasyankes_name']],
    ['name shorter than 3', { fasyankes_name: 'RS' }, ['fasyankes_name']],
    ['phone missing', { phone: null }, ['phone']],
    ['phone with letters', { phone: 'telepon kantor' }, ['phone']],
    ['address missing', { address: null }, ['address']],
    ['address shorter than 5', { address: 'Jl.' }, ['address']],
    ['type missing', { type: null }, ['type']],
    ['type outside Negeri/Swasta', { type: 'BUMN' }, ['type']],
    ['province missing', { province: null }, ['city', 'province']],
    ['province unknown', { province: '99' }, ['city', 'province']],
    ['city missing', { city: null }, ['city']],
    ['city unknown', { city: '73.99' }, ['city']],
    [
      'city of another province (Palu, Sulawesi Tengah, with Sulawesi Selatan)',
      { city: '72.71' },
      ['city'],
    ],
    ['category missing', { category_id: null }, ['category_id']],
    ['category unknown', { category_id: '99999' }, ['category_id']],
    ['category not a number', { category_id: 'Rumah Sakit' }, ['category_id']],
    ['class missing', { class_id: null }, ['class_id']],
    ['class unknown', { class_id: '99999' }, ['class_id']],
    ['person in charge missing', { pic: null }, ['pic']],
    ['person in charge phone malformed', { pic_phone: 'nomor hp' }, ['pic_phone']],
    ['latitude missing', { latitude: null }, ['latitude']],
    ['latitude not a number', { latitude: 'lima' }, ['latitude']],
    ['latitude north of Indonesia (7.5)', { latitude: '7.5' }, ['latitude']],
    ['latitude south of Indonesia (-12)', { latitude: '-12' }, ['latitude']],
    ['longitude missing', { longitude: null }, ['longitude']],
    ['longitude west of Indonesia (94)', { longitude: '94' }, ['longitude']],
    ['longitude east of Indonesia (142)', { longitude: '142' }, ['longitude']],
    [
      'coordinates of New York',
      { latitude: '40.7128', longitude: '-74.006' },
      ['latitude', 'longitude'],
    ],
    [
      'latitude and longitude swapped',
      { latitude: '119.4539', longitude: '-5.2041' },
      ['latitude', 'longitude'],
    ],
    ['email missing', { email: null }, ['email']],
    ['email malformed', { email: 'rsud@' }, ['email']],
    ['email of an officer', ({ officer }) => ({ email: officer.email }), ['email']],
    [
      'email of another facility, in another case',
      ({ facility }) => ({ email: facility.email.toUpperCase() }),
      ['email'],
    ],
    ['password missing', { password: null, c_password: null }, ['c_password', 'password']],
    ['password shorter than 8', { password: 'rahasia', c_password: 'rahasia' }, ['password']],
    ['password confirmation differs', { c_password: 'Kuda-Lari-Pagi-2027' }, ['password']],
    ['password too weak', { password: 'fasyankes123', c_password: 'fasyankes123' }, ['password']],
  ]

  for (const [name, overrides, fields] of cases) {
    test(`POST /fasyankes/data/store refuses: ${name} (error under ${fields.join(', ')}; nothing written)`, async ({
      client,
      assert,
    }) => {
      const yantek = await accountWithRole('yantek')
      const officer = await makeOfficer()
      const { account: facility } = await makeFacility()
      const payload = await facilityPayload(
        typeof overrides === 'function' ? overrides({ officer, facility }) : overrides
      )
      const counts = [
        await countRows('fasyankes'),
        await countRows('users'),
        await countRows('audit_logs'),
      ]
      const response = await client
        .post('/fasyankes/data/store')
        .loginAs(yantek)
        .withCsrfToken()
        .withInertia()
        .header('referer', '/fasyankes/data/create')
        .json(payload)
        .redirects(0)
      assertRedirect(assert, response, '/fasyankes/data/create')
      assert.deepEqual(errorFields(response), fields)
      assert.deepEqual(
        [await countRows('fasyankes'), await countRows('users'), await countRows('audit_logs')],
        counts
      )
    })
  }

  test('coordinates on the edges of Indonesia (Sabang, Merauke, Rote) are accepted', async ({
    client,
    assert,
  }) => {
    const yantek = await accountWithRole('yantek')
    for (const [latitude, longitude] of [
      ['5.8926', '95.3238'],
      ['-8.4932', '140.4018'],
      ['-10.9', '123.0'],
    ]) {
      const payload = await facilityPayload({ latitude, longitude })
      const response = await client
        .post('/fasyankes/data/store')
        .loginAs(yantek)
        .withCsrfToken()
        .withInertia()
        .json(payload)
        .redirects(0)
      assertRedirect(assert, response, '/fasyankes/data')
      assert.deepEqual(errorFields(response), [])
    }
  })

  test('the city error reaches the form as the Inertia `errors` prop', async ({
    client,
    assert,
  }) => {
    const yantek = await accountWithRole('yantek')
    const response = await client
      .post('/fasyankes/data/store')
      .loginAs(yantek)
      .withCsrfToken()
      .withInertia()
      .header('referer', '/fasyankes/data/create')
      .json(await facilityPayload({ city: '72.71', latitude: '9' }))
    response.assertStatus(200)
    response.assertInertiaComponent('fasyankes/form')
    assert.properties(response.inertiaProps.errors, ['city', 'latitude'])
    assert.notProperty(response.inertiaProps.errors, 'province')
  })
})

test.group('Fasyankes | edit form validation', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  const cases: [string, (other: User) => Record<string, unknown>, string[]][] = [
    ['email of another facility', (other) => ({ email: other.email }), ['email']],
    ['email of an officer account', () => ({ email: 'admin_pk@kalibra.test' }), ['email']],
    ['city not in the province', () => ({ province: '74', city: '73.71' }), ['city']],
    ['latitude outside Indonesia', () => ({ latitude: '-20' }), ['latitude']],
    ['longitude outside Indonesia', () => ({ longitude: '150.1' }), ['longitude']],
    ['new password shorter than 8', () => ({ password: 'abc', c_password: 'abc' }), ['password']],
    [
      'new password confirmation differs',
      () => ({ password: STRONG_PASSWORD, c_password: 'Kuda-Lari-Pagi-2027' }),
      ['password'],
    ],
    [
      'new password too weak',
      () => ({ password: '12345678', c_password: '12345678' }),
      ['password'],
    ],
    ['type unknown', () => ({ type: 'Campuran' }), ['type']],
  ]
  for (const [name, overrides, fields] of cases) {
    test(`PUT /fasyankes/data/:id/update refuses: ${name} (error under ${fields.join(', ')}; nothing changes)`, async ({
      client,
      assert,
    }) => {
      const yantek = await accountWithRole('yantek')
      const { facility, account } = await makeFacility()
      const { account: other } = await makeFacility()
      const before = await facilitySnapshot(facility.id)
      const response = await client
        .put(`/fasyankes/data/${facility.id}/update`)
        .loginAs(yantek)
        .withCsrfToken()
        .withInertia()
        .header('referer', `/fasyankes/data/${facility.id}/edit`)
        .json(
          await facilityPayload({
            email: account.email,
            password: null,
            c_password: null,
            ...overrides(other),
          })
        )
        .redirects(0)
      assertRedirect(assert, response, `/fasyankes/data/${facility.id}/edit`)
      assert.deepEqual(errorFields(response), fields)
      assert.deepEqual(await facilitySnapshot(facility.id), before)
      assert.lengthOf(await auditEntries('fasyankes.update', facility.id), 0)
    })
  }
})

test.group('Fasyankes | create, sign in, update', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('creating a facility stores every field and its fasyankes login, and audits the new values', async ({
    client,
    assert,
  }) => {
    const yantek = await accountWithRole('yantek')
    const ids = await referenceIds()
    const payload = await facilityPayload()
    const response = await client
      .post('/fasyankes/data/store')
      .loginAs(yantek)
      .withCsrfToken()
      .withInertia()
      .json(payload)
      .redirects(0)
    assertRedirect(assert, response, '/fasyankes/data')
    response.assertFlashMessage('success')

    const facility = await Fasyankes.findByOrFail('fasyankes_name', payload.fasyankes_name)
    assert.equal(facility.phone, payload.phone)
    assert.equal(facility.address, payload.address)
    assert.equal(facility.type, 'Swasta')
    assert.equal(facility.provinceCode, '73')
    assert.equal(facility.cityCode, '73.06')
    assert.equal(Number(facility.categoryId), ids.puskesmas)
    assert.equal(Number(facility.classId), ids.classC)
    assert.equal(facility.pic, payload.pic)
    assert.equal(facility.picPhone, payload.pic_phone)
    assert.closeTo(Number(facility.latitude), -5.2041, 1e-6)
    assert.closeTo(Number(facility.longitude), 119.4539, 1e-6)

    const accounts = await User.query().where('fasyankes_id', facility.id)
    assert.lengthOf(accounts, 1)
    assert.equal(accounts[0].email, payload.email)
    assert.deepEqual(await rolesOf(accounts[0].id), ['fasyankes'])
    assert.isTrue(await hash.verify(accounts[0].password, STRONG_PASSWORD))

    const entries = await auditEntries('fasyankes.create', facility.id)
    assert.lengthOf(entries, 1)
    assert.equal(entries[0].userId, yantek.id)
    assert.containsSubset(entries[0].changesTo, {
      fasyankes_name: payload.fasyankes_name,
      type: 'Swasta',
      province: '73',
      city: '73.06',
      email: payload.email,
    })
    assert.notProperty(entries[0].changesTo!, 'password')
  })

  test('the new facility login signs in with POST /auth/verify and lands on its dashboard', async ({
    client,
    assert,
  }) => {
    const yantek = await accountWithRole('yantek')
    const payload = await facilityPayload()
    await client
      .post('/fasyankes/data/store')
      .loginAs(yantek)
      .withCsrfToken()
      .withInertia()
      .json(payload)
      .redirects(0)

    const wrong = await client
      .post('/auth/verify')
      .withCsrfToken()
      .withInertia()
      .header('referer', '/login')
      .json({ email: payload.email, password: 'salah12345' })
      .redirects(0)
    assertRedirect(assert, wrong, '/login')
    assert.deepEqual((wrong.flashMessages() as any).inputErrorsBag?.email, [
      'Email atau kata sandi salah.',
    ])

    const login = await client
      .post('/auth/verify')
      .withCsrfToken()
      .withInertia()
      .json({ email: payload.email, password: payload.password })
      .redirects(0)
    assertRedirect(assert, login, '/dashboard')
    // The session the sign-in opened holds the new login (the test client cannot carry
    // a session cookie to another request, so the dashboard is opened as that user).
    const account = await User.findByOrFail('email', payload.email)
    assert.equal(login.session('auth_web'), account.id)
    login.assertFlashMessage('success')

    const dashboard = await client.get('/dashboard').loginAs(account).withInertia()
    dashboard.assertStatus(200)
    assert.match(String(dashboard.inertiaComponent), /^dashboard/)
    assert.equal(dashboard.inertiaProps.auth.user.email, payload.email)
    assert.deepEqual(dashboard.inertiaProps.auth.user.roles, ['fasyankes'])
    assert.isTrue(dashboard.inertiaProps.auth.user.isFacility)
  })

  test('updating a facility changes its fields and its login email, keeps the password, and audits old and new values', async ({
    client,
    assert,
  }) => {
    const yantek = await accountWithRole('yantek')
    const ids = await referenceIds()
    const { facility, account } = await makeFacility({ type: 'Negeri', cityCode: '73.71' })
    const newEmail = `${marker().toLowerCase()}@fasyankes.kalibra.test`
    const response = await client
      .put(`/fasyankes/data/${facility.id}/update`)
      .loginAs(yantek)
      .withCsrfToken()
      .withInertia()
      .json({
        fasyankes_name: facility.fasyankesName,
        phone: facility.phone,
        address: facility.address,
        type: 'Swasta',
        province: '73',
        city: '73.06',
        category_id: String(facility.categoryId),
        class_id: String(ids.classC),
        pic: facility.pic,
        pic_phone: facility.picPhone,
        latitude: String(facility.latitude),
        longitude: String(facility.longitude),
        email: newEmail,
        password: null,
        c_password: null,
      })
      .redirects(0)
    assertRedirect(assert, response, '/fasyankes/data')

    const after = await Fasyankes.findOrFail(facility.id)
    assert.equal(after.type, 'Swasta')
    assert.equal(after.cityCode, '73.06')
    assert.equal(Number(after.classId), ids.classC)
    const login = await User.findOrFail(account.id)
    assert.equal(login.email, newEmail)
    assert.isTrue(await hash.verify(login.password, 'kalibra2026'))

    const entries = await auditEntries('fasyankes.update', facility.id)
    assert.lengthOf(entries, 1)
    assert.deepEqual(entries[0].changesFrom, {
      type: 'Negeri',
      city: '73.71',
      class_id: Number(facility.classId),
      email: account.email,
    })
    assert.deepEqual(entries[0].changesTo, {
      type: 'Swasta',
      city: '73.06',
      class_id: ids.classC,
      email: newEmail,
    })
  })

  test('a new password on the facility edit form replaces the login password', async ({
    client,
    assert,
  }) => {
    const yantek = await accountWithRole('yantek')
    const { facility, account } = await makeFacility()
    const response = await client
      .put(`/fasyankes/data/${facility.id}/update`)
      .loginAs(yantek)
      .withCsrfToken()
      .withInertia()
      .json(
        await facilityPayload({
          fasyankes_name: facility.fasyankesName,
          email: account.email,
          password: 'sandiBaru2026',
          c_password: 'sandiBaru2026',
        })
      )
      .redirects(0)
    assertRedirect(assert, response, '/fasyankes/data')
    const login = await User.findOrFail(account.id)
    assert.isTrue(await hash.verify(login.password, 'sandiBaru2026'))
    const [entry] = await auditEntries('fasyankes.update', facility.id)
    assert.equal(entry.changesTo?.password, '(diubah)')
  })

  test('the edit form is filled with the facility, its region and its login email', async ({
    client,
    assert,
  }) => {
    const yantek = await accountWithRole('yantek')
    const { facility, account } = await makeFacility({ provinceCode: '72', cityCode: '72.71' })
    const response = await client
      .get(`/fasyankes/data/${facility.id}/edit`)
      .loginAs(yantek)
      .withInertia()
    response.assertStatus(200)
    response.assertInertiaComponent('fasyankes/form')
    assert.containsSubset(response.inertiaProps.fasyankes, {
      id: facility.id,
      fasyankes_name: facility.fasyankesName,
      province: '72',
      city: '72.71',
      email: account.email,
    })
    assert.notProperty(response.inertiaProps.fasyankes, 'password')
  })

  test("the form offers, per province, only that province's regencies and cities", async ({
    client,
    assert,
  }) => {
    const yantek = await accountWithRole('yantek')
    const response = await client.get('/fasyankes/data/create').loginAs(yantek).withInertia()
    const provinces = response.inertiaProps.options.provinces as {
      code: string
      cities: { code: string }[]
    }[]
    const regencies = await db.from('regencies').select('code', 'province_code')
    assert.equal(provinces.length, await countRows('provinces'))
    for (const province of provinces) {
      const expected = regencies
        .filter((r) => r.province_code === province.code)
        .map((r) => r.code)
        .sort()
      assert.deepEqual(province.cities.map((c) => c.code).sort(), expected, province.code)
    }
    assert.sameMembers(response.inertiaProps.options.types, ['Negeri', 'Swasta'])
  })
})

test.group('Fasyankes | list filters and exports', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  /** The filter as the spec reads, applied to every facility. */
  async function expectedNames(filters: Record<string, string>) {
    const rows = await db.from('fasyankes').select('*')
    return rows
      .filter((row) => {
        if (filters.category && Number(row.category_id) !== Number(filters.category)) return false
        if (filters.class && Number(row.class_id) !== Number(filters.class)) return false
        if (filters.type && row.type !== filters.type) return false
        if (filters.province && row.province_code !== filters.province) return false
        if (
          filters.name &&
          !String(row.fasyankes_name).toLowerCase().includes(filters.name.toLowerCase())
        )
          return false
        return true
      })
      .map((row) => String(row.fasyankes_name))
      .sort()
  }

  async function fixtures() {
    const ids = await referenceIds()
    const tag = marker('Ffl')
    const specs = [
      {
        fasyankesName: `${tag} RSUD Gowa`,
        type: 'Negeri',
        provinceCode: '73',
        cityCode: '73.06',
        categoryId: ids.hospital,
        classId: ids.classC,
      },
      {
        fasyankesName: `${tag} PKM Palu`,
        type: 'Negeri',
        provinceCode: '72',
        cityCode: '72.71',
        categoryId: ids.puskesmas,
        classId: ids.classB,
      },
      {
        fasyankesName: `${tag} RS Swasta`,
        type: 'Swasta',
        provinceCode: '73',
        cityCode: '73.71',
        categoryId: ids.hospital,
        classId: ids.classB,
      },
    ] as const
    const facilities = []
    for (const spec of specs) {
      const { facility } = await makeFacility(spec)
      facilities.push(facility)
    }
    return { tag, facilities, ids }
  }

  test('Excel export and datatable hold exactly the facilities each filter selects', async ({
    client,
    assert,
  }) => {
    const hr = await accountWithRole('human_resource')
    const { tag, ids } = await fixtures()
    const cases: Record<string, string>[] = [
      { category: String(ids.hospital) },
      { category: String(ids.puskesmas) },
      { class: String(ids.classB) },
      { type: 'Negeri' },
      { type: 'Swasta' },
      { province: '72' },
      { province: '73' },
      { name: tag.toLowerCase() },
      { name: tag, type: 'Negeri', province: '73' },
      { name: tag, category: String(ids.hospital), class: String(ids.classB) },
    ]
    for (const filters of cases) {
      const expected = await expectedNames(filters)
      const { excel, datatable } = await listOutputs(client, hr, '/fasyankes/data', filters)
      assert.deepEqual(
        excel.rows.map((r) => r['Nama Fasyankes']).sort(),
        expected,
        `excel ${JSON.stringify(filters)}`
      )
      assert.equal(datatable.total, expected.length, `datatable ${JSON.stringify(filters)}`)
      if (expected.length <= 100)
        assert.deepEqual(
          datatable.data.map((r: any) => r.fasyankes_name).sort(),
          expected,
          `datatable ${JSON.stringify(filters)}`
        )
    }
  })

  test('PDF export holds exactly the filtered facilities and names the filters', async ({
    client,
    assert,
  }) => {
    const yantek = await accountWithRole('yantek')
    const { tag, facilities, ids } = await fixtures()
    const { pdfLines, pdfText } = await listOutputs(client, yantek, '/fasyankes/data', {
      name: tag,
      category: String(ids.hospital),
      type: 'Swasta',
    })
    assert.deepEqual(
      facilities.filter((f) => pdfLines.includes(f.fasyankesName)).map((f) => f.fasyankesName),
      [`${tag} RS Swasta`]
    )
    assert.include(pdfText, 'Kategori: Rumah Sakit')
    assert.include(pdfText, 'Jenis: Swasta')
  })
})
