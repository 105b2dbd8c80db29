import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import ExcelJS from 'exceljs'
import User from '#models/user'
import AuditLog from '#models/audit_log'
import type { Role } from '#enums/roles'
import { OWN_ROLES_REFUSED } from '#actions/officers/update_officer_roles'
import { demoUser, makeStaff } from '#tests/helpers/accounts'

/**
 * Account takeover (issue 8, point 1): an editor changes the email or password
 * of an account only when every role it holds is one the editor could grant,
 * never its own through the officer pages, and a head never grants itself a
 * role. Each attempt: 403 (form) or a row error (batch), and the target's
 * password hash and email unchanged in the database.
 */
const STRONG = 'Kuda-Lari-Pagi-2026'

async function stored(id: number) {
  return db.from('users').where('id', id).select('email', 'password', 'name', 'rank').firstOrFail()
}

async function lastAuditId() {
  const row = await db.from('audit_logs').max('id as id').first()
  return Number(row?.id ?? 0)
}

function formOf(target: User, overrides: Record<string, unknown>) {
  return {
    name: target.name,
    nip: target.nip,
    rank: target.rank,
    position: target.position,
    email: target.email,
    ...overrides,
  }
}

const TAKEOVERS: [string, Record<string, unknown>][] = [
  ['a new password', { password: STRONG, confirmation_password: STRONG }],
  ['a new email', { email: 'pengambil.alih@kalibra.test' }],
  [
    'a new email and password',
    { email: 'pengambil.alih@kalibra.test', password: STRONG, confirmation_password: STRONG },
  ],
]

test.group('Account takeover | the officer form', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  const targets: Role[] = ['head_of_pk_laboratory', 'yantek', 'treasurer', 'human_resource']
  for (const targetRole of targets) {
    test(`admin_ukpr cannot set the email or password of ${targetRole}: 403, nothing changed`, async ({
      client,
      assert,
    }) => {
      const admin = await demoUser('admin_ukpr')
      const target = await demoUser(targetRole)
      const before = await stored(target.id)
      const since = await lastAuditId()
      for (const [label, overrides] of TAKEOVERS) {
        const response = await client
          .put(`/officer/${target.id}/update`)
          .loginAs(admin)
          .withCsrfToken()
          .withInertia()
          .json(formOf(target, overrides))
          .redirects(0)
        assert.equal(response.status(), 403, label)
        response.assertInertiaComponent('errors/forbidden')
        assert.match(response.inertiaProps.message, /tidak berwenang mengubah email, kata sandi/)
      }
      assert.deepEqual(await stored(target.id), before)
      assert.lengthOf(await AuditLog.query().where('id', '>', since), 0)
    })
  }

  test('an admin cannot change its own email or password through the officer form', async ({
    client,
    assert,
  }) => {
    const admin = await demoUser('admin_pk')
    const before = await stored(admin.id)
    for (const [label, overrides] of TAKEOVERS) {
      const response = await client
        .put(`/officer/${admin.id}/update`)
        .loginAs(admin)
        .withCsrfToken()
        .withInertia()
        .json(formOf(admin, overrides))
        .redirects(0)
      assert.equal(response.status(), 403, label)
      assert.match(response.inertiaProps.message, /Profil dan Ubah Kata Sandi/)
    }
    assert.deepEqual(await stored(admin.id), before)
  })

  test('the other fields of such an account still save (rank), and its edit page still opens', async ({
    client,
    assert,
  }) => {
    const admin = await demoUser('admin_ukpr')
    const target = await demoUser('yantek')
    const page = await client.get(`/officer/${target.id}/edit`).loginAs(admin).withInertia()
    page.assertStatus(200)
    page.assertInertiaComponent('officers/form')
    assert.isFalse(page.inertiaProps.account.manageable)
    assert.match(page.inertiaProps.account.refusal, /Pelayanan Teknik/)

    const response = await client
      .put(`/officer/${target.id}/update`)
      .loginAs(admin)
      .withCsrfToken()
      .withInertia()
      // The email as the form shows it (another case is no change).
      .json(formOf(target, { rank: 'Pembina (IV/a)', email: target.email.toUpperCase() }))
      .redirects(0)
    assert.equal(response.header('location'), '/officer')
    const after = await stored(target.id)
    assert.equal(after.rank, 'Pembina (IV/a)')
    assert.equal(after.email, target.email)
  })

  test('an account whose every role the editor may grant: email and password change', async ({
    client,
    assert,
  }) => {
    const admin = await demoUser('admin_ukpr')
    const target = await makeStaff(['officer_ukpr', 'supervisor_of_ukpr_laboratory'], {
      nip: '199001012015031777',
      rank: 'Penata (III/c)',
      position: 'Teknisi',
    })
    const page = await client.get(`/officer/${target.id}/edit`).loginAs(admin).withInertia()
    assert.isTrue(page.inertiaProps.account.manageable)
    const response = await client
      .put(`/officer/${target.id}/update`)
      .loginAs(admin)
      .withCsrfToken()
      .withInertia()
      .json(
        formOf(target, {
          email: 'baru.ukpr@kalibra.test',
          password: STRONG,
          confirmation_password: STRONG,
        })
      )
      .redirects(0)
    assert.equal(response.header('location'), '/officer')
    const after = await User.findOrFail(target.id)
    assert.equal(after.email, 'baru.ukpr@kalibra.test')
    const { default: hash } = await import('@adonisjs/core/services/hash')
    assert.isTrue(await hash.verify(after.password, STRONG))
  })

  test('a lab admin may not manage another lab’s officer', async ({ client, assert }) => {
    const admin = await demoUser('admin_sarpras')
    const target = await demoUser('officer_pk')
    const before = await stored(target.id)
    const response = await client
      .put(`/officer/${target.id}/update`)
      .loginAs(admin)
      .withCsrfToken()
      .withInertia()
      .json(formOf(target, { password: STRONG, confirmation_password: STRONG }))
      .redirects(0)
    assert.equal(response.status(), 403)
    assert.deepEqual(await stored(target.id), before)
  })
})

/* ------------------------------------------------------------------ batch upload */

async function officerSheet(rows: Record<string, string | null>[]) {
  const workbook = new ExcelJS.Workbook()
  const sheet = workbook.addWorksheet('Data')
  const headers = ['NIP', 'Nama', 'Pangkat/Golongan', 'Jabatan', 'Email', 'Kata Sandi']
  sheet.addRow(headers)
  for (const row of rows) sheet.addRow(headers.map((header) => row[header] ?? null))
  return Buffer.from(await workbook.xlsx.writeBuffer())
}

function rowOf(target: User, overrides: Record<string, string | null>) {
  return {
    'NIP': target.nip,
    'Nama': target.name,
    'Pangkat/Golongan': target.rank,
    'Jabatan': target.position,
    'Email': target.email,
    'Kata Sandi': null,
    ...overrides,
  }
}

test.group('Account takeover | the officer batch upload', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('a row that sets the password or email of a head, yantek, treasurer or human_resource is a row error; the whole file is refused', async ({
    client,
    assert,
  }) => {
    const admin = await demoUser('admin_ukpr')
    const targets = await Promise.all(
      (['head_of_pk_laboratory', 'yantek', 'treasurer', 'human_resource'] as Role[]).map(demoUser)
    )
    const before = await Promise.all(targets.map((target) => stored(target.id)))
    const since = await lastAuditId()
    const file = await officerSheet([
      rowOf(targets[0], { 'Kata Sandi': STRONG }),
      rowOf(targets[1], { Email: 'yantek.baru@kalibra.test' }),
      rowOf(targets[2], { 'Kata Sandi': STRONG }),
      rowOf(targets[3], { 'Kata Sandi': STRONG, 'Email': 'kepegawaian.baru@kalibra.test' }),
    ])
    const response = await client
      .post('/officer/batch/update')
      .loginAs(admin)
      .withCsrfToken()
      .withInertia()
      .file('file', file, {
        filename: 'petugas.xlsx',
        contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      })
      .redirects(0)
    assert.equal(response.header('location'), '/officer/batch/edit')
    const errors = (response.flashMessages() as any).batch.errors as {
      row: number
      messages: string[]
    }[]
    assert.deepEqual(
      errors.map((error) => error.row),
      [2, 3, 4, 5]
    )
    for (const error of errors) {
      assert.isTrue(
        error.messages.some((message) => message.includes('tidak berwenang mengubah email')),
        JSON.stringify(error)
      )
    }
    assert.deepEqual(await Promise.all(targets.map((target) => stored(target.id))), before)
    assert.lengthOf(await AuditLog.query().where('id', '>', since), 0)
  })

  test('a row for such an account that leaves email and password alone still updates it', async ({
    client,
    assert,
  }) => {
    const admin = await demoUser('admin_ukpr')
    const target = await demoUser('treasurer')
    const before = await stored(target.id)
    const file = await officerSheet([rowOf(target, { 'Pangkat/Golongan': 'Penata Tk. I (III/d)' })])
    const response = await client
      .post('/officer/batch/update')
      .loginAs(admin)
      .withCsrfToken()
      .withInertia()
      .file('file', file, {
        filename: 'petugas.xlsx',
        contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      })
      .redirects(0)
    assert.equal(response.header('location'), '/officer')
    const after = await stored(target.id)
    assert.equal(after.rank, 'Penata Tk. I (III/d)')
    assert.equal(after.password, before.password)
    assert.equal(after.email, before.email)
  })

  test("the editor's own row may not change its email or password either", async ({
    client,
    assert,
  }) => {
    const admin = await demoUser('admin_pk')
    const before = await stored(admin.id)
    const file = await officerSheet([rowOf(admin, { 'Kata Sandi': STRONG })])
    const response = await client
      .post('/officer/batch/update')
      .loginAs(admin)
      .withCsrfToken()
      .withInertia()
      .file('file', file, {
        filename: 'petugas.xlsx',
        contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      })
      .redirects(0)
    assert.equal(response.header('location'), '/officer/batch/edit')
    assert.equal((response.flashMessages() as any).batch.errors[0].row, 2)
    assert.deepEqual(await stored(admin.id), before)
  })
})

/* ------------------------------------------------------------------ role editor */

test.group('Account takeover | granting roles to oneself', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('a head cannot give itself a role (nor remove one): refused with a message, nothing changed', async ({
    client,
    assert,
  }) => {
    for (const role of [
      'head_of_pk_laboratory',
      'head_of_ukpr_laboratory',
      'admin_sarpras',
    ] as Role[]) {
      const head = await demoUser(role)
      const since = await lastAuditId()
      const attempts = [[role, role.replace(/^head_of_(\w+)_laboratory$/, 'admin_$1')], []]
      for (const roles of attempts) {
        const response = await client
          .put(`/officer/${head.id}/role`)
          .loginAs(head)
          .withCsrfToken()
          .withInertia()
          .json({ roles: [...new Set(roles)] })
          .redirects(0)
        assert.equal(response.header('location'), `/officer/${head.id}/role`, role)
        assert.equal(response.flashMessage('error'), OWN_ROLES_REFUSED)
        assert.deepEqual(response.flashMessage('inputErrorsBag'), { roles: [OWN_ROLES_REFUSED] })
      }
      const after = await User.findOrFail(head.id)
      assert.deepEqual(after.roles, [role])
      assert.lengthOf(
        await AuditLog.query().where('action', 'officer.roles').where('id', '>', since),
        0
      )
    }
  })

  test("one's own role page shows the roles locked, with the reason", async ({
    client,
    assert,
  }) => {
    const head = await demoUser('head_of_pk_laboratory')
    const page = await client.get(`/officer/${head.id}/role`).loginAs(head).withInertia()
    page.assertStatus(200)
    assert.equal(page.inertiaProps.locked, OWN_ROLES_REFUSED)
    assert.deepEqual(page.inertiaProps.roles, [
      { value: 'head_of_pk_laboratory', label: 'Kepala Lab. PK', grantable: false },
    ])
  })

  test('the head still grants its lab’s admin role to someone else', async ({ client, assert }) => {
    const head = await demoUser('head_of_pk_laboratory')
    const officer = await makeStaff(['officer_pk'])
    const response = await client
      .put(`/officer/${officer.id}/role`)
      .loginAs(head)
      .withCsrfToken()
      .withInertia()
      .json({ roles: ['officer_pk', 'admin_pk'] })
      .redirects(0)
    assert.equal(response.header('location'), '/officer')
    const after = await User.findOrFail(officer.id)
    assert.sameMembers(after.roles, ['officer_pk', 'admin_pk'])
  })
})
