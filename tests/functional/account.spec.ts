import { test } from '@japa/runner'
import type { ApiClient } from '@japa/api-client'
import db from '@adonisjs/lucid/services/db'
import hash from '@adonisjs/core/services/hash'
import testUtils from '@adonisjs/core/services/test_utils'
import User from '#models/user'
import Fasyankes from '#models/fasyankes'
import AuditLog from '#models/audit_log'
import { DEMO_PASSWORD, freshEmail, makeStaff } from '#tests/helpers/accounts'

type Client = ApiClient
type Payload = Record<string, string | number | null>

/** A form submission the way the browser sends it (Inertia PUT). */
function put(client: Client, path: string, user: User, payload: Payload) {
  return client
    .put(path)
    .loginAs(user)
    .withCsrfToken()
    .withInertia()
    .header('referer', path)
    .json(payload)
    .redirects(0)
}

/** Field -> messages of a redirected form submission (empty when it passed). */
function fieldErrors(response: { flashMessage(key: string): any }): Record<string, string[]> {
  return response.flashMessage('inputErrorsBag') ?? {}
}

async function lastAuditId() {
  const row = await db.from('audit_logs').max('id as id').first()
  return Number(row?.id ?? 0)
}

async function auditSince(action: string, since: number) {
  return AuditLog.query().where('action', action).where('id', '>', since).orderBy('id')
}

const STAFF_NIP = '199203142015031005'

async function staff() {
  return makeStaff(['admin_ukpr'], {
    name: 'Penguji Profil Staf',
    nip: STAFF_NIP,
    rank: 'Penata (III/c)',
    position: 'Teknisi',
  })
}

const goodStaff = (overrides: Payload = {}): Payload => ({
  name: 'Penguji Profil Staf',
  nip: STAFF_NIP,
  rank: 'Penata (III/c)',
  position: 'Teknisi',
  ...overrides,
})

/* ------------------------------------------------------------------ staff profile */

test.group('Account | staff profile', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('GET /profile shows the staff form filled with the account', async ({ client }) => {
    const user = await staff()
    const response = await client.get('/profile').loginAs(user).withInertia()
    response.assertStatus(200)
    response.assertInertiaComponent('account/profile')
    response.assertInertiaPropsContains({
      staff: {
        name: 'Penguji Profil Staf',
        nip: STAFF_NIP,
        rank: 'Penata (III/c)',
        position: 'Teknisi',
        email: user.email,
      },
      facility: null,
    })
  })

  const refused: [string, Payload, string, RegExp][] = [
    ['name missing', { name: null }, 'name', /^Nama wajib diisi\.$/],
    ['name of two letters', { name: 'Ab' }, 'name', /^Nama minimal 3 karakter\.$/],
    ['name of spaces only', { name: '     ' }, 'name', /Nama/],
    ['name of 151 letters', { name: 'A'.repeat(151) }, 'name', /^Nama maksimal 150 karakter\.$/],
    ['NIP with letters', { nip: '19920314abc' }, 'nip', /NIP/],
    ['NIP with a space inside', { nip: '19920314 2015031005' }, 'nip', /NIP/],
    ['NIP of 5 digits', { nip: '12345' }, 'nip', /NIP/],
    ['NIP of another officer', { nip: '198504122010121003' }, 'nip', /^NIP sudah digunakan\.$/],
  ]
  for (const [label, change, field, message] of refused) {
    test('PUT /profile refuses {label}: error under {field}, nothing saved')
      .with([{ label, change, field, message }])
      .run(async ({ client, assert }, current) => {
        const user = await staff()
        const since = await lastAuditId()
        const response = await put(client, '/profile', user, goodStaff(current.change))
        assert.include([302, 303], response.status())
        assert.equal(response.header('location'), '/profile')
        const errors = fieldErrors(response)
        assert.property(errors, current.field, JSON.stringify(errors))
        assert.match(errors[current.field][0], current.message)
        assert.notExists(response.flashMessage('success'))
        await user.refresh()
        assert.equal(user.name, 'Penguji Profil Staf')
        assert.equal(user.nip, STAFF_NIP)
        assert.lengthOf(await auditSince('profile.update', since), 0)
      })
  }

  test('several bad fields are all reported at once', async ({ client, assert }) => {
    const user = await staff()
    const response = await put(client, '/profile', user, goodStaff({ name: 'A', nip: 'x' }))
    assert.includeMembers(Object.keys(fieldErrors(response)), ['name', 'nip'])
  })

  test('saving writes the values and one audit row with from and to', async ({
    client,
    assert,
  }) => {
    const user = await staff()
    const since = await lastAuditId()
    const response = await put(
      client,
      '/profile',
      user,
      goodStaff({ name: '  Penguji Berganti Nama  ', position: 'Koordinator Teknisi' })
    )
    assert.include([302, 303], response.status())
    assert.equal(response.header('location'), '/profile')
    assert.equal(response.flashMessage('success'), 'Profil berhasil diperbarui.')
    assert.deepEqual(fieldErrors(response), {})
    await user.refresh()
    assert.equal(user.name, 'Penguji Berganti Nama', 'trimmed')
    assert.equal(user.position, 'Koordinator Teknisi')
    assert.equal(user.nip, STAFF_NIP)

    const [row, ...more] = await auditSince('profile.update', since)
    assert.lengthOf(more, 0)
    assert.equal(row.userId, user.id)
    assert.equal(row.subjectId, String(user.id))
    assert.equal(row.role, 'admin_ukpr')
    assert.deepEqual(row.changesFrom, {
      name: 'Penguji Profil Staf',
      position: 'Teknisi',
    })
    assert.deepEqual(row.changesTo, {
      name: 'Penguji Berganti Nama',
      position: 'Koordinator Teknisi',
    })
  })

  test('keeping its own NIP is allowed; an empty NIP clears it', async ({ client, assert }) => {
    const user = await staff()
    const same = await put(client, '/profile', user, goodStaff({ rank: 'Penata Tk. I (III/d)' }))
    assert.deepEqual(fieldErrors(same), {})
    const cleared = await put(
      client,
      '/profile',
      user,
      goodStaff({ nip: '', rank: 'Penata Tk. I (III/d)' })
    )
    assert.deepEqual(fieldErrors(cleared), {})
    await user.refresh()
    assert.isNull(user.nip)
    assert.equal(user.rank, 'Penata Tk. I (III/d)')
  })

  test('saving unchanged values writes no audit row', async ({ client, assert }) => {
    const user = await staff()
    const since = await lastAuditId()
    const response = await put(client, '/profile', user, goodStaff())
    assert.equal(response.flashMessage('success'), 'Profil berhasil diperbarui.')
    assert.lengthOf(await auditSince('profile.update', since), 0)
  })

  test('the staff form cannot change the email or roles', async ({ client, assert }) => {
    const user = await staff()
    await put(client, '/profile', user, {
      ...goodStaff(),
      email: 'baru@kalibra.test',
      roles: 'yantek',
    } as Payload)
    const fresh = await User.findOrFail(user.id)
    assert.equal(fresh.email, user.email)
    assert.deepEqual(fresh.roles, ['admin_ukpr'])
  })
})

/* ------------------------------------------------------------------ facility profile */

async function facilityAccount() {
  const user = await User.findByOrFail('email', 'fasyankes@kalibra.test')
  const facility = await Fasyankes.findOrFail(user.fasyankesId)
  return { user, facility }
}

function facilityPayload(facility: Fasyankes, overrides: Payload = {}): Payload {
  return {
    name: facility.fasyankesName,
    phone: facility.phone,
    address: facility.address,
    type: facility.type,
    province: facility.provinceCode,
    city: facility.cityCode,
    category_id: facility.categoryId,
    class_id: facility.classId,
    pic_name: facility.pic,
    pic_phone: facility.picPhone,
    email: 'fasyankes@kalibra.test',
    ...overrides,
  }
}

test.group('Account | facility profile', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('GET /profile shows the facility form with its region and the province list', async ({
    client,
    assert,
  }) => {
    const { user, facility } = await facilityAccount()
    const response = await client.get('/profile').loginAs(user).withInertia()
    response.assertInertiaComponent('account/profile')
    response.assertInertiaPropsContains({
      staff: null,
      facility: {
        name: facility.fasyankesName,
        type: facility.type,
        province: facility.provinceCode,
        city: facility.cityCode,
        email: 'fasyankes@kalibra.test',
      },
    })
    assert.exists(response.inertiaProps.options)
  })

  const refused: [string, Payload, string][] = [
    ['a city of another province (Palu with Sulawesi Selatan)', { city: '72.71' }, 'city'],
    ['an unknown city', { city: '99.99' }, 'city'],
    ['an unknown province', { province: '99', city: '73.71' }, 'province'],
    ['type Pemerintah (only Negeri or Swasta)', { type: 'Pemerintah' }, 'type'],
    ['type in lower case', { type: 'negeri' }, 'type'],
    ['the email of another facility', { email: 'fasyankes2@kalibra.test' }, 'email'],
    ['the email of another facility in capitals', { email: 'FASYANKES2@KALIBRA.TEST' }, 'email'],
    ['the email of a staff account', { email: 'yantek@kalibra.test' }, 'email'],
    ['a malformed email', { email: 'bukan-email' }, 'email'],
    ['a name of two letters', { name: 'RS' }, 'name'],
    ['a phone with letters', { phone: 'telepon' }, 'phone'],
    ['an unknown category', { category_id: 999999 }, 'category_id'],
    ['an unknown class', { class_id: 999999 }, 'class_id'],
    ['no person in charge', { pic_name: '' }, 'pic_name'],
  ]
  for (const [label, change, field] of refused) {
    test('PUT /profile (facility) refuses {label}: error under {field}, nothing saved')
      .with([{ label, change, field }])
      .run(async ({ client, assert }, current) => {
        const { user, facility } = await facilityAccount()
        const since = await lastAuditId()
        const response = await put(
          client,
          '/profile',
          user,
          facilityPayload(facility, current.change)
        )
        const errors = fieldErrors(response)
        assert.property(errors, current.field, JSON.stringify(errors))
        assert.notExists(response.flashMessage('success'))
        const fresh = await Fasyankes.findOrFail(facility.id)
        assert.deepEqual(fresh.serialize(), facility.serialize())
        const account = await User.findOrFail(user.id)
        assert.equal(account.email, 'fasyankes@kalibra.test')
        assert.lengthOf(await auditSince('profile.update', since), 0)
      })
  }

  test('the messages are in Indonesian', async ({ client, assert }) => {
    const { user, facility } = await facilityAccount()
    const response = await put(
      client,
      '/profile',
      user,
      facilityPayload(facility, {
        city: '72.71',
        type: 'Pemerintah',
        email: 'fasyankes2@kalibra.test',
      })
    )
    const errors = fieldErrors(response)
    assert.equal(errors.city?.[0], 'Kabupaten/Kota tidak ditemukan.')
    assert.equal(errors.type?.[0], 'Jenis tidak valid.')
    assert.equal(errors.email?.[0], 'Email sudah digunakan.')
  })

  test('a valid change saves the facility and the login email, audited with from and to', async ({
    client,
    assert,
  }) => {
    const { user, facility } = await facilityAccount()
    const since = await lastAuditId()
    const newEmail = freshEmail('rsud.daya')
    const response = await put(
      client,
      '/profile',
      user,
      facilityPayload(facility, {
        type: 'Swasta',
        province: '72',
        city: '72.71',
        pic_name: 'dr. Penanggung Jawab Baru',
        email: newEmail.toUpperCase(),
      })
    )
    assert.deepEqual(fieldErrors(response), {})
    assert.equal(response.flashMessage('success'), 'Profil berhasil diperbarui.')
    const fresh = await Fasyankes.findOrFail(facility.id)
    assert.equal(fresh.type, 'Swasta')
    assert.equal(fresh.provinceCode, '72')
    assert.equal(fresh.cityCode, '72.71')
    assert.equal(fresh.pic, 'dr. Penanggung Jawab Baru')
    const account = await User.findOrFail(user.id)
    assert.equal(account.email, newEmail, 'stored in lower case')

    const [row, ...more] = await auditSince('profile.update', since)
    assert.lengthOf(more, 0)
    assert.equal(row.subjectType, 'fasyankes')
    assert.equal(row.subjectId, String(facility.id))
    assert.containsSubset(row.changesFrom, {
      type: 'Negeri',
      province: facility.provinceCode,
      city: facility.cityCode,
      email: 'fasyankes@kalibra.test',
    })
    assert.containsSubset(row.changesTo, {
      type: 'Swasta',
      province: '72',
      city: '72.71',
      email: newEmail,
    })
    assert.notProperty(row.changesTo, 'name', 'unchanged fields are not recorded')

    // The new email is the login from now on.
    const login = await client
      .post('/auth/verify')
      .withCsrfToken()
      .form({ email: newEmail, password: DEMO_PASSWORD })
      .redirects(0)
    assert.equal(login.session('auth_web'), user.id)
  })
})

/* ------------------------------------------------------------------ password */

test.group('Account | password', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('GET /password shows the form', async ({ client }) => {
    const user = await makeStaff(['yantek'])
    const response = await client.get('/password').loginAs(user).withInertia()
    response.assertStatus(200)
    response.assertInertiaComponent('account/password')
  })

  const refused: [string, Payload, string[], RegExp][] = [
    [
      'a new password of 7 characters',
      { old_password: 'rahasia123', new_password: 'pendek7', password_confirmation: 'pendek7' },
      ['new_password'],
      /^Kata sandi baru minimal 8 karakter\.$/,
    ],
    [
      'a confirmation (password_confirmation) that differs',
      {
        old_password: 'rahasia123',
        new_password: 'sandibaru123',
        password_confirmation: 'sandibaru124',
      },
      ['password_confirmation', 'confirmation_password'],
      /Konfirmasi kata sandi/,
    ],
    [
      'a confirmation (confirmation_password) that differs',
      {
        old_password: 'rahasia123',
        new_password: 'sandibaru123',
        confirmation_password: 'sandibaru124',
      },
      ['password_confirmation', 'confirmation_password'],
      /Konfirmasi kata sandi/,
    ],
    [
      'no confirmation at all',
      { old_password: 'rahasia123', new_password: 'sandibaru123' },
      ['password_confirmation', 'confirmation_password'],
      /Konfirmasi kata sandi/,
    ],
    [
      'a wrong old password',
      {
        old_password: 'bukan-sandi-lama',
        new_password: 'sandibaru123',
        password_confirmation: 'sandibaru123',
      },
      ['old_password'],
      /^Kata sandi lama tidak sesuai\.$/,
    ],
    [
      'an empty old password',
      { old_password: '', new_password: 'sandibaru123', password_confirmation: 'sandibaru123' },
      ['old_password'],
      /Kata sandi lama/,
    ],
    [
      'a new password equal to the old one',
      {
        old_password: 'rahasia123',
        new_password: 'rahasia123',
        password_confirmation: 'rahasia123',
      },
      ['new_password'],
      /Kata sandi baru/,
    ],
  ]
  for (const [label, payload, fields, message] of refused) {
    test('PUT /password refuses {label}: error under the field, password unchanged')
      .with([{ label, payload, fields, message }])
      .run(async ({ client, assert }, current) => {
        const user = await makeStaff(['yantek'])
        const since = await lastAuditId()
        const response = await put(client, '/password', user, current.payload)
        assert.include([302, 303], response.status())
        assert.equal(response.header('location'), '/password')
        const errors = fieldErrors(response)
        const field = current.fields.find((name) => errors[name])
        assert.exists(
          field,
          `expected an error under ${current.fields.join(' or ')}: ${JSON.stringify(errors)}`
        )
        assert.match(errors[field!][0], current.message)
        assert.notExists(response.flashMessage('success'))
        const fresh = await User.findOrFail(user.id)
        assert.isTrue(await hash.verify(fresh.password, 'rahasia123'))
        assert.lengthOf(await auditSince('password.change', since), 0)
      })
  }

  test('the wrong-old-password error reaches the form as the errors prop', async ({
    client,
    assert,
  }) => {
    const user = await makeStaff(['yantek'])
    const response = await put(client, '/password', user, {
      old_password: 'bukan-sandi-lama',
      new_password: 'sandibaru123',
      password_confirmation: 'sandibaru123',
    })
    const page = await client
      .get('/password')
      .loginAs(user)
      .withInertia()
      .withFlashMessages(response.flashMessages())
    assert.equal(page.inertiaProps.errors?.old_password, 'Kata sandi lama tidak sesuai.')
  })

  for (const confirmation of ['password_confirmation', 'confirmation_password']) {
    test('a valid change (confirmation sent as {confirmation}) takes effect and is audited')
      .with([{ confirmation }])
      .run(async ({ client, assert }, current) => {
        const user = await makeStaff(['yantek'])
        const since = await lastAuditId()
        const response = await put(client, '/password', user, {
          old_password: 'rahasia123',
          new_password: 'SandiBaru#2026',
          [current.confirmation]: 'SandiBaru#2026',
        })
        assert.include([302, 303], response.status())
        assert.equal(response.header('location'), '/password')
        assert.equal(response.flashMessage('success'), 'Kata sandi berhasil diubah.')
        const fresh = await User.findOrFail(user.id)
        assert.isTrue(await hash.verify(fresh.password, 'SandiBaru#2026'))

        const [row, ...more] = await auditSince('password.change', since)
        assert.lengthOf(more, 0)
        assert.equal(row.userId, user.id)
        assert.notInclude(JSON.stringify(row.serialize()), 'SandiBaru#2026')
        assert.notInclude(JSON.stringify(row.serialize()), 'rahasia123')

        // The new password signs in; the old one no longer does.
        const signIn = (password: string) =>
          client
            .post('/auth/verify')
            .withCsrfToken()
            .form({ email: user.email, password })
            .redirects(0)
        const withOld = await signIn('rahasia123')
        assert.notExists(withOld.session('auth_web'))
        const withNew = await signIn('SandiBaru#2026')
        assert.equal(withNew.session('auth_web'), user.id)
      })
  }

  test('a facility account changes its password the same way', async ({ client, assert }) => {
    const user = await User.findByOrFail('email', 'fasyankes2@kalibra.test')
    const response = await put(client, '/password', user, {
      old_password: DEMO_PASSWORD,
      new_password: 'FasyankesBaru2026',
      confirmation_password: 'FasyankesBaru2026',
    })
    assert.equal(response.flashMessage('success'), 'Kata sandi berhasil diubah.')
    const fresh = await User.findOrFail(user.id)
    assert.isTrue(await hash.verify(fresh.password, 'FasyankesBaru2026'))
  })

  test('a guest cannot change a password', async ({ client, assert }) => {
    const response = await client
      .put('/password')
      .withCsrfToken()
      .json({
        old_password: 'x',
        new_password: 'sandibaru123',
        password_confirmation: 'sandibaru123',
      })
      .redirects(0)
    assert.equal(response.header('location'), '/login')
  })
})
