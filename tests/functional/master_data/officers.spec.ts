import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import hash from '@adonisjs/core/services/hash'
import db from '@adonisjs/lucid/services/db'
import User from '#models/user'
import { ROLES } from '#enums/roles'
import {
  accountWithRole,
  assertRedirect,
  isRedirectTo,
  listOutputs,
  auditEntries,
  countRows,
  errorFields,
  makeFacility,
  makeOfficer,
  marker,
  rolesSplit,
  uniqueNip,
  rolesOf,
} from './_support.js'

/** A password the strength rule accepts (a few words, a number). */
const STRONG = 'Kuda-Lari-Pagi-2026'

/** What the officer form sends (Inertia useForm posts JSON strings); it has no password inputs. */
function officerPayload(overrides: Record<string, unknown> = {}) {
  const tag = marker('New')
  return {
    name: `Petugas ${tag}`,
    nip: uniqueNip(),
    rank: 'Penata (III/c)',
    position: 'Teknisi Elektromedis Ahli Muda',
    email: `${tag.toLowerCase()}@kalibra.test`,
    ...overrides,
  }
}

test.group('Officers | access to the forms (officer.edit)', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  const { allowed } = rolesSplit('officer.edit')

  test('GET /officer/create, /officer/:id/edit, /officer/:id/role: 200 for officer.edit roles, 403 for every other role', async ({
    client,
    assert,
  }) => {
    const target = await makeOfficer()
    const pages = [
      ['/officer/create', 'officers/form'],
      [`/officer/${target.id}/edit`, 'officers/form'],
      [`/officer/${target.id}/role`, 'officers/roles'],
    ] as const
    const mismatches: string[] = []
    for (const role of ROLES) {
      const user = await accountWithRole(role)
      const expected = allowed.includes(role) ? 200 : 403
      for (const [path, component] of pages) {
        const response = await client.get(path).loginAs(user).withInertia()
        if (response.status() !== expected)
          mismatches.push(`${role} GET ${path}: ${response.status()}, expected ${expected}`)
        if (expected === 200 && response.inertiaComponent !== component)
          mismatches.push(`${role} GET ${path}: component ${response.inertiaComponent}`)
        if (expected === 403 && response.inertiaComponent !== 'errors/forbidden')
          mismatches.push(`${role} GET ${path}: component ${response.inertiaComponent}`)
      }
    }
    assert.deepEqual(mismatches, [])
  })

  test('POST /officer/store: officer.edit roles create, every other role gets 403 and nothing is written', async ({
    client,
    assert,
  }) => {
    const mismatches: string[] = []
    for (const role of ROLES) {
      const user = await accountWithRole(role)
      const payload = officerPayload()
      const usersBefore = await countRows('users')
      const response = await client
        .post('/officer/store')
        .loginAs(user)
        .withCsrfToken()
        .withInertia()
        .json(payload)
        .redirects(0)
      const created = await User.findBy('nip', payload.nip)
      if (allowed.includes(role)) {
        if (!isRedirectTo(response) || !created)
          mismatches.push(`${role}: ${response.status()}, created=${Boolean(created)}`)
      } else {
        if (response.status() !== 403)
          mismatches.push(`${role}: ${response.status()}, expected 403`)
        if (created || (await countRows('users')) !== usersBefore)
          mismatches.push(`${role}: a user was written`)
      }
    }
    assert.deepEqual(mismatches, [])
  })

  test('PUT /officer/:id/update: officer.edit roles update, every other role gets 403 and nothing changes', async ({
    client,
    assert,
  }) => {
    const target = await makeOfficer({ rank: 'Pengatur (II/c)' })
    const mismatches: string[] = []
    for (const role of ROLES) {
      const user = await accountWithRole(role)
      const rank = `Rank ${marker()}`
      const response = await client
        .put(`/officer/${target.id}/update`)
        .loginAs(user)
        .withCsrfToken()
        .withInertia()
        .json({
          name: target.name,
          nip: target.nip,
          rank,
          position: target.position,
          email: target.email,
        })
        .redirects(0)
      const after = await User.findOrFail(target.id)
      if (allowed.includes(role)) {
        if (!isRedirectTo(response) || after.rank !== rank)
          mismatches.push(`${role}: ${response.status()}, rank=${after.rank}`)
      } else if (response.status() !== 403 || after.rank === rank) {
        mismatches.push(`${role}: ${response.status()}, rank=${after.rank}`)
      }
    }
    assert.deepEqual(mismatches, [])
  })

  test('PUT /officer/:id/role: every role without officer.edit gets 403 and the roles stay', async ({
    client,
    assert,
  }) => {
    const target = await makeOfficer()
    const mismatches: string[] = []
    for (const role of rolesSplit('officer.edit').refused) {
      const user = await accountWithRole(role)
      const response = await client
        .put(`/officer/${target.id}/role`)
        .loginAs(user)
        .withCsrfToken()
        .withInertia()
        .json({ roles: ['officer_pk'] })
        .redirects(0)
      if (response.status() !== 403) mismatches.push(`${role}: ${response.status()}`)
    }
    assert.deepEqual(mismatches, [])
    assert.deepEqual(await rolesOf(target.id), [])
  })

  test('a guest is sent to /login by every officer form route and nothing is written', async ({
    client,
    assert,
  }) => {
    const target = await makeOfficer()
    const usersBefore = await countRows('users')
    for (const path of [
      '/officer/create',
      `/officer/${target.id}/edit`,
      `/officer/${target.id}/role`,
    ]) {
      const response = await client.get(path).redirects(0)
      assertRedirect(assert, response, '/login')
    }
    const writes = [
      client.post('/officer/store').json(officerPayload()),
      client.put(`/officer/${target.id}/update`).json({ ...officerPayload(), nip: target.nip }),
      client.put(`/officer/${target.id}/role`).json({ roles: ['officer_pk'] }),
    ]
    for (const request of writes) {
      const response = await request.withCsrfToken().redirects(0)
      assertRedirect(assert, response, '/login')
    }
    assert.equal(await countRows('users'), usersBefore)
    assert.deepEqual(await rolesOf(target.id), [])
  })

  test('a facility login is not an officer: its edit and role pages answer 404', async ({
    client,
  }) => {
    const admin = await accountWithRole('admin_pk')
    const { account } = await makeFacility()
    for (const path of [`/officer/${account.id}/edit`, `/officer/${account.id}/role`]) {
      const response = await client.get(path).loginAs(admin).withInertia()
      response.assertStatus(404)
    }
    const response = await client
      .put(`/officer/${account.id}/role`)
      .loginAs(admin)
      .withCsrfToken()
      .withInertia()
      .json({ roles: ['officer_pk'] })
      .redirects(0)
    response.assertStatus(404)
  })
})

test.group('Officers | create form validation', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  const long = (n: number) => 'a'.repeat(n)
  const cases: [
    string,
    Record<string, unknown> | ((existing: User) => Record<string, unknown>),
    string[],
  ][] = [
    ['name missing', { name: null }, ['name']],
    ['name shorter than 3', { name: 'Ab' }, ['name']],
    ['name longer than 150', { name: long(151) }, ['name']],
    ['nip missing', { nip: null }, ['nip']],
    ['nip with letters', { nip: '19900101abc' }, ['nip']],
    ['nip of 7 digits', { nip: '1234567' }, ['nip']],
    ['nip of 31 digits', { nip: '1'.repeat(31) }, ['nip']],
    ['nip already taken', (existing) => ({ nip: existing.nip }), ['nip']],
    ['rank missing', { rank: null }, ['rank']],
    ['rank longer than 100', { rank: long(101) }, ['rank']],
    ['position missing', { position: null }, ['position']],
    ['position longer than 150', { position: long(151) }, ['position']],
    ['email missing', { email: null }, ['email']],
    ['email malformed', { email: 'bukan-email' }, ['email']],
    ['email already taken', (existing) => ({ email: existing.email }), ['email']],
    [
      'email taken with another case',
      (existing) => ({ email: existing.email.toUpperCase() }),
      ['email'],
    ],
    ['email of a facility login', () => ({ email: 'fasyankes@kalibra.test' }), ['email']],
    [
      'password shorter than 8',
      { password: 'rahasia', confirmation_password: 'rahasia' },
      ['password'],
    ],
    [
      'password too weak',
      { password: 'kalibra2026', confirmation_password: 'kalibra2026' },
      ['password'],
    ],
    [
      'password confirmation differs',
      { password: STRONG, confirmation_password: 'Kuda-Lari-Pagi-2027' },
      ['password'],
    ],
  ]

  for (const [name, overrides, fields] of cases) {
    test(`POST /officer/store refuses: ${name} (error under ${fields.join(', ')}; nothing written)`, async ({
      client,
      assert,
    }) => {
      const admin = await accountWithRole('admin_pk')
      const existing = await makeOfficer()
      const payload = officerPayload(
        typeof overrides === 'function' ? overrides(existing) : overrides
      )
      const usersBefore = await countRows('users')
      const auditsBefore = await countRows('audit_logs')

      const response = await client
        .post('/officer/store')
        .loginAs(admin)
        .withCsrfToken()
        .withInertia()
        .header('referer', '/officer/create')
        .json(payload)
        .redirects(0)

      assertRedirect(assert, response, '/officer/create')
      assert.deepEqual(errorFields(response), fields)
      assert.equal(await countRows('users'), usersBefore)
      assert.equal(await countRows('audit_logs'), auditsBefore)
    })
  }

  test('the errors reach the form as the Inertia `errors` prop after the redirect', async ({
    client,
    assert,
  }) => {
    const admin = await accountWithRole('admin_pk')
    const existing = await makeOfficer()
    const response = await client
      .post('/officer/store')
      .loginAs(admin)
      .withCsrfToken()
      .withInertia()
      .header('referer', '/officer/create')
      .json(officerPayload({ nip: existing.nip, email: 'x' }))

    response.assertStatus(200)
    response.assertInertiaComponent('officers/form')
    const errors = response.inertiaProps.errors
    assert.properties(errors, ['nip', 'email'])
    assert.equal(errors.nip, 'NIP sudah digunakan.')
    assert.notProperty(errors, 'name')
  })
})

test.group('Officers | edit form validation', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  const cases: [string, (other: User) => Record<string, unknown>, string[]][] = [
    ['name shorter than 3', () => ({ name: 'Ab' }), ['name']],
    ['nip with letters', () => ({ nip: 'NIP-1990' }), ['nip']],
    ['nip of another officer', (other) => ({ nip: other.nip }), ['nip']],
    ['email of another officer', (other) => ({ email: other.email }), ['email']],
    [
      'email of another officer with another case',
      (other) => ({ email: other.email.toUpperCase() }),
      ['email'],
    ],
    ['email malformed', () => ({ email: 'a@' }), ['email']],
    ['rank missing', () => ({ rank: null }), ['rank']],
    ['position missing', () => ({ position: null }), ['position']],
    [
      'new password shorter than 8',
      () => ({ password: 'pendek', confirmation_password: 'pendek' }),
      ['password'],
    ],
    [
      'new password confirmation differs',
      () => ({ password: STRONG, confirmation_password: 'Kuda-Lari-Pagi-2027' }),
      ['password'],
    ],
    [
      'new password too weak',
      () => ({ password: 'password123', confirmation_password: 'password123' }),
      ['password'],
    ],
  ]

  for (const [name, overrides, fields] of cases) {
    test(`PUT /officer/:id/update refuses: ${name} (error under ${fields.join(', ')}; nothing changes)`, async ({
      client,
      assert,
    }) => {
      const admin = await accountWithRole('head_of_ukpr_laboratory')
      const target = await makeOfficer()
      const other = await makeOfficer()
      const fresh = await User.findOrFail(target.id)
      const before = fresh.serialize()
      const response = await client
        .put(`/officer/${target.id}/update`)
        .loginAs(admin)
        .withCsrfToken()
        .withInertia()
        .header('referer', `/officer/${target.id}/edit`)
        .json({
          name: target.name,
          nip: target.nip,
          rank: target.rank,
          position: target.position,
          email: target.email,
          ...overrides(other),
        })
        .redirects(0)
      assertRedirect(assert, response, `/officer/${target.id}/edit`)
      assert.deepEqual(errorFields(response), fields)
      const after = await User.findOrFail(target.id)
      assert.deepEqual(after.serialize(), before)
      assert.isTrue(await hash.verify(after.password, 'kalibra2026'))
      assert.lengthOf(await auditEntries('officer.update', target.id), 0)
    })
  }

  test('keeping its own NIP and email (even in another case) is not a duplicate', async ({
    client,
    assert,
  }) => {
    const admin = await accountWithRole('admin_sarpras')
    const target = await makeOfficer()
    const response = await client
      .put(`/officer/${target.id}/update`)
      .loginAs(admin)
      .withCsrfToken()
      .withInertia()
      .json({
        name: target.name,
        nip: target.nip,
        rank: 'Penata Tk. I (III/d)',
        position: target.position,
        email: target.email.toUpperCase(),
        password: null,
        confirmation_password: null,
      })
      .redirects(0)
    assertRedirect(assert, response, '/officer')
    assert.deepEqual(errorFields(response), [])
    const after = await User.findOrFail(target.id)
    assert.equal(after.rank, 'Penata Tk. I (III/d)')
    assert.equal(after.email, target.email)
  })
})

test.group('Officers | create and update', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('creating an officer stores every field, hashes the password, gives no role and audits the new values', async ({
    client,
    assert,
  }) => {
    const head = await accountWithRole('head_of_pk_laboratory')
    const payload = officerPayload({
      email: `  Baru.${marker().toLowerCase()}@Kalibra.TEST `,
      password: STRONG,
      confirmation_password: STRONG,
    })
    const response = await client
      .post('/officer/store')
      .loginAs(head)
      .withCsrfToken()
      .withInertia()
      .json(payload)
      .redirects(0)

    const officer = await User.findByOrFail('nip', payload.nip)
    // On to the edit page, which offers the set-password link and the way to the roles.
    assertRedirect(assert, response, `/officer/${officer.id}/edit`)
    response.assertFlashMessage('success')
    assert.equal(officer.name, payload.name)
    assert.equal(officer.rank, payload.rank)
    assert.equal(officer.position, payload.position)
    assert.equal(officer.email, String(payload.email).trim().toLowerCase())
    assert.isNull(officer.fasyankesId)
    assert.deepEqual(officer.roles, [])
    assert.notEqual(officer.password, STRONG)
    assert.isTrue(await hash.verify(officer.password, STRONG))

    const [entry, ...rest] = await auditEntries('officer.create', officer.id)
    assert.lengthOf(rest, 0)
    assert.equal(entry.userId, head.id)
    assert.equal(entry.subjectType, 'user')
    assert.isNull(entry.changesFrom)
    assert.deepEqual(entry.changesTo, {
      name: payload.name,
      nip: payload.nip,
      rank: payload.rank,
      position: payload.position,
      email: officer.email,
    })
    assert.notProperty(entry.changesTo!, 'password')
  })

  test('updating an officer changes only the sent fields, keeps the password when none is given and audits old and new values of the changed fields', async ({
    client,
    assert,
  }) => {
    const admin = await accountWithRole('admin_ukpr')
    const target = await makeOfficer({ rank: 'Pengatur (II/c)', position: 'Teknisi Lama' }, [
      'officer_ukpr',
    ])
    const response = await client
      .put(`/officer/${target.id}/update`)
      .loginAs(admin)
      .withCsrfToken()
      .withInertia()
      .json({
        name: target.name,
        nip: target.nip,
        rank: 'Penata Muda (III/a)',
        position: 'Fisikawan Medis Ahli Pertama',
        email: target.email,
        password: null,
        confirmation_password: null,
      })
      .redirects(0)
    assertRedirect(assert, response, '/officer')
    response.assertFlashMessage('success')

    const after = await User.findOrFail(target.id)
    assert.equal(after.rank, 'Penata Muda (III/a)')
    assert.equal(after.position, 'Fisikawan Medis Ahli Pertama')
    assert.equal(after.name, target.name)
    assert.deepEqual(after.roles, ['officer_ukpr'])
    assert.isTrue(await hash.verify(after.password, 'kalibra2026'))

    const entries = await auditEntries('officer.update', target.id)
    assert.lengthOf(entries, 1)
    assert.equal(entries[0].userId, admin.id)
    assert.deepEqual(entries[0].changesFrom, { rank: 'Pengatur (II/c)', position: 'Teknisi Lama' })
    assert.deepEqual(entries[0].changesTo, {
      rank: 'Penata Muda (III/a)',
      position: 'Fisikawan Medis Ahli Pertama',
    })
  })

  test('a new password on edit replaces the old one, and the audit says so without storing it', async ({
    client,
    assert,
  }) => {
    const admin = await accountWithRole('admin_pk')
    const target = await makeOfficer()
    const response = await client
      .put(`/officer/${target.id}/update`)
      .loginAs(admin)
      .withCsrfToken()
      .withInertia()
      .json({
        name: target.name,
        nip: target.nip,
        rank: target.rank,
        position: target.position,
        email: target.email,
        password: 'sandiBaru2026',
        confirmation_password: 'sandiBaru2026',
      })
      .redirects(0)
    assertRedirect(assert, response)
    const after = await User.findOrFail(target.id)
    assert.isTrue(await hash.verify(after.password, 'sandiBaru2026'))
    const [entry] = await auditEntries('officer.update', target.id)
    assert.equal(entry.changesTo?.password, '(diubah)')
    assert.notInclude(JSON.stringify(entry.changesTo), 'sandiBaru2026')
  })

  test('saving the edit form unchanged writes no audit entry', async ({ client, assert }) => {
    const admin = await accountWithRole('admin_pk')
    const target = await makeOfficer()
    await client
      .put(`/officer/${target.id}/update`)
      .loginAs(admin)
      .withCsrfToken()
      .withInertia()
      .json({
        name: target.name,
        nip: target.nip,
        rank: target.rank,
        position: target.position,
        email: target.email,
      })
      .redirects(0)
    assert.lengthOf(await auditEntries('officer.update', target.id), 0)
  })

  test('the edit form is filled with the officer and never carries the password', async ({
    client,
    assert,
  }) => {
    const admin = await accountWithRole('admin_pk')
    const target = await makeOfficer()
    const response = await client.get(`/officer/${target.id}/edit`).loginAs(admin).withInertia()
    response.assertStatus(200)
    response.assertInertiaComponent('officers/form')
    assert.deepEqual(response.inertiaProps.officer, {
      id: target.id,
      name: target.name,
      nip: target.nip,
      rank: target.rank,
      position: target.position,
      email: target.email,
    })
    assert.notInclude(JSON.stringify(response.inertiaProps), target.password)
  })

  test('an unknown officer id answers 404', async ({ client }) => {
    const admin = await accountWithRole('admin_pk')
    const response = await client.get('/officer/99999999/edit').loginAs(admin).withInertia()
    response.assertStatus(404)
  })
})

test.group('Officers | list filters and exports', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  const COLUMNS = ['name', 'nip', 'rank', 'position'] as const

  /** The filter as the spec reads, applied to every staff account. */
  async function expectedNips(filters: Record<string, string>) {
    const rows = await db.from('users').whereNull('fasyankes_id').select('*')
    return rows
      .filter((row) =>
        COLUMNS.every(
          (column) =>
            !filters[column] ||
            String(row[column] ?? '')
              .toLowerCase()
              .includes(filters[column].toLowerCase())
        )
      )
      .map((row) => String(row.nip))
      .sort()
  }

  test('Excel export and datatable hold exactly the officers each filter selects', async ({
    client,
    assert,
  }) => {
    const admin = await accountWithRole('admin_pk')
    const tag = marker('Ofl')
    await makeOfficer({
      name: `${tag} Satu`,
      rank: 'Penata Muda (III/a)',
      position: 'Teknisi Elektromedis',
    })
    await makeOfficer({ name: `${tag} Dua`, rank: 'Penata (III/c)', position: 'Fisikawan Medis' })
    const third = await makeOfficer({
      name: `${tag} Tiga`,
      rank: 'Penata (III/c)',
      position: 'Teknisi Elektromedis',
    })
    const cases: Record<string, string>[] = [
      { name: tag.toLowerCase() },
      { nip: third.nip!.slice(0, 12) },
      { rank: '(iii/c)' },
      { position: 'fisikawan' },
      { name: tag, rank: 'Penata (III/c)', position: 'Teknisi' },
    ]
    for (const filters of cases) {
      const expected = await expectedNips(filters)
      const { excel, datatable } = await listOutputs(client, admin, '/officer', filters)
      assert.deepEqual(
        excel.rows.map((r) => r['NIP']).sort(),
        expected,
        `excel ${JSON.stringify(filters)}`
      )
      assert.equal(datatable.total, expected.length, `datatable ${JSON.stringify(filters)}`)
    }
  })

  test('PDF export holds exactly the filtered officers', async ({ client, assert }) => {
    const admin = await accountWithRole('head_of_ukpr_laboratory')
    const tag = marker('Opd')
    const officers = [
      await makeOfficer({ name: `${tag} Satu`, position: 'Teknisi Elektromedis' }),
      await makeOfficer({ name: `${tag} Dua`, position: 'Fisikawan Medis' }),
    ]
    const { pdfLines, pdfText } = await listOutputs(client, admin, '/officer', {
      name: tag,
      position: 'Fisikawan',
    })
    assert.deepEqual(
      officers.filter((o) => pdfLines.includes(o.name)).map((o) => o.name),
      [`${tag} Dua`]
    )
    assert.include(pdfText, `Nama: ${tag}`)
    assert.include(pdfText, 'Jabatan: Fisikawan')
  })
})
