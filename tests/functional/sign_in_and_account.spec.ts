import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import hash from '@adonisjs/core/services/hash'
import testUtils from '@adonisjs/core/services/test_utils'
import User from '#models/user'
import UserRole from '#models/user_role'
import Fasyankes from '#models/fasyankes'

const INVALID = 'Email atau kata sandi salah.'

async function staffUser(email: string, password = 'rahasia123') {
  const user = await User.create({ name: 'Penguji Masuk', email, password, nip: null })
  await UserRole.create({ userId: user.id, role: 'yantek' })
  return user
}

async function auditCount(action: string) {
  const row = await db.from('audit_logs').where('action', action).count('* as total').first()
  return Number(row?.total ?? 0)
}

test.group('Sign-in', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('the login screen renders', async ({ client }) => {
    const response = await client.get('/login').withInertia()
    response.assertStatus(200)
    response.assertInertiaComponent('auth/login')
  })

  test('correct credentials sign in, change the session id and land on the home page', async ({
    client,
    assert,
  }) => {
    await staffUser('masuk.benar@kalibra.test')
    const before = await auditCount('auth.sign_in')
    const request = client
      .post('/auth/verify')
      .withCsrfToken()
      .json({ email: 'masuk.benar@kalibra.test', password: 'rahasia123' })
      .redirects(0)
    const oldId = request.sessionClient.sessionId
    const response = await request
    assert.equal(response.status(), 302)
    assert.equal(response.header('location'), '/dashboard')
    assert.exists(response.session('auth_web'))
    const cookie = response.cookie('kalibra-session')
    assert.exists(cookie)
    assert.notEqual(String(cookie!.value), oldId)
    assert.equal(await auditCount('auth.sign_in'), before + 1)
  })

  test('a wrong password and an unknown email get the same message and no session', async ({
    client,
    assert,
  }) => {
    await staffUser('masuk.salah@kalibra.test')
    const before = await auditCount('auth.sign_in_failed')
    for (const email of ['masuk.salah@kalibra.test', 'tidak.ada@kalibra.test']) {
      const response = await client
        .post('/auth/verify')
        .withCsrfToken()
        .header('referer', '/login')
        .json({ email, password: 'bukan-sandinya' })
        .redirects(0)
      assert.equal(response.status(), 302)
      assert.deepEqual((response.flashMessages() as any).inputErrorsBag?.email, [INVALID])
      assert.notExists(response.session('auth_web'))
    }
    assert.equal(await auditCount('auth.sign_in_failed'), before + 2)
  })

  test('five failures within a minute: the next attempt answers 429, even with the right password', async ({
    client,
    assert,
  }) => {
    await staffUser('masuk.kunci@kalibra.test')
    for (let attempt = 0; attempt < 5; attempt++) {
      const response = await client
        .post('/auth/verify')
        .withCsrfToken()
        .json({ email: 'masuk.kunci@kalibra.test', password: `salah-${attempt}` })
        .redirects(0)
      assert.equal(response.status(), 302)
    }
    const blocked = await client
      .post('/auth/verify')
      .withCsrfToken()
      .json({ email: 'masuk.kunci@kalibra.test', password: 'rahasia123' })
      .redirects(0)
    assert.equal(blocked.status(), 429)
    assert.match(blocked.text(), /Terlalu banyak percobaan masuk/)
    assert.isAbove(Number(blocked.header('retry-after')), 0)
    assert.notExists(blocked.session('auth_web'))
  })

  test('logout ends the session and is audited', async ({ client, assert }) => {
    const user = await staffUser('masuk.keluar@kalibra.test')
    const before = await auditCount('auth.sign_out')
    const response = await client.get('/auth/logout').loginAs(user).redirects(0)
    assert.equal(response.header('location'), '/login')
    assert.notExists(response.session('auth_web'))
    assert.equal(await auditCount('auth.sign_out'), before + 1)
  })

  test('writes without a CSRF token change nothing', async ({ client, assert }) => {
    const user = await staffUser('masuk.csrf@kalibra.test')
    const login = await client
      .post('/auth/verify')
      .json({ email: 'masuk.csrf@kalibra.test', password: 'rahasia123' })
      .redirects(0)
    assert.notExists(login.session('auth_web'))

    const profile = await client
      .put('/profile')
      .loginAs(user)
      .json({ name: 'Nama Baru Sekali' })
      .redirects(0)
    assert.notEqual(profile.status(), 200)
    await user.refresh()
    assert.equal(user.name, 'Penguji Masuk')

    const password = await client
      .put('/password')
      .loginAs(user)
      .json({
        old_password: 'rahasia123',
        new_password: 'sandibaru123',
        password_confirmation: 'sandibaru123',
      })
      .redirects(0)
    assert.notEqual(password.status(), 200)
    await user.refresh()
    assert.isTrue(await hash.verify(user.password, 'rahasia123'))
  })

  test('the audit log cannot be updated or deleted', async ({ assert }) => {
    const [row] = await db
      .table('audit_logs')
      .insert({
        action: 'test.entry',
        created_at: new Date().toISOString().slice(0, 19).replace('T', ' '),
      })
      .returning('id')
    const id = typeof row === 'object' ? row.id : row
    // Each attempt in its own savepoint, so PostgreSQL's aborted-transaction state cannot mask the second.
    await assert.rejects(() =>
      db.transaction((trx) => trx.from('audit_logs').where('id', id).update({ action: 'diubah' }))
    )
    await assert.rejects(() =>
      db.transaction((trx) => trx.from('audit_logs').where('id', id).delete())
    )
    const row2 = await db.from('audit_logs').where('id', id).first()
    assert.equal(row2.action, 'test.entry')
  })
})

test.group('Password', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('short, mismatched or unchanged new passwords are refused under their fields', async ({
    client,
    assert,
  }) => {
    const user = await staffUser('sandi.salah@kalibra.test')
    const attempts: [Record<string, string>, string][] = [
      [
        { old_password: 'rahasia123', new_password: 'pendek', password_confirmation: 'pendek' },
        'new_password',
      ],
      [
        {
          old_password: 'rahasia123',
          new_password: 'sandibaru123',
          confirmation_password: 'lainlagi123',
        },
        'password_confirmation',
      ],
      [
        {
          old_password: 'rahasia123',
          new_password: 'rahasia123',
          password_confirmation: 'rahasia123',
        },
        'new_password',
      ],
      [
        {
          old_password: 'bukan-ini-123',
          new_password: 'sandibaru123',
          password_confirmation: 'sandibaru123',
        },
        'old_password',
      ],
    ]
    for (const [payload, field] of attempts) {
      const response = await client
        .put('/password')
        .loginAs(user)
        .withCsrfToken()
        .header('referer', '/password')
        .json(payload)
        .redirects(0)
      assert.equal(response.status(), 302)
      assert.exists(
        (response.flashMessages() as any).inputErrorsBag?.[field],
        `${field} for ${JSON.stringify(payload)}`
      )
    }
    await user.refresh()
    assert.isTrue(await hash.verify(user.password, 'rahasia123'))
  })

  test('a valid change works with either confirmation name, and is audited', async ({
    client,
    assert,
  }) => {
    const user = await staffUser('sandi.benar@kalibra.test')
    const response = await client
      .put('/password')
      .loginAs(user)
      .withCsrfToken()
      .json({
        old_password: 'rahasia123',
        new_password: 'sandibaru123',
        confirmation_password: 'sandibaru123',
      })
      .redirects(0)
    assert.equal(response.header('location'), '/password')
    await user.refresh()
    assert.isTrue(await hash.verify(user.password, 'sandibaru123'))
    assert.equal(await auditCount('password.change'), 1)
  })
})

test.group('Profile', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('the staff form refuses a short name and a non-numeric NIP, and saves good values with an audit row', async ({
    client,
    assert,
  }) => {
    const user = await staffUser('profil.staf@kalibra.test')
    const bad = await client
      .put('/profile')
      .loginAs(user)
      .withCsrfToken()
      .header('referer', '/profile')
      .json({ name: 'A', nip: 'abc' })
      .redirects(0)
    assert.exists((bad.flashMessages() as any).inputErrorsBag?.name)
    assert.exists((bad.flashMessages() as any).inputErrorsBag?.nip)
    const good = await client
      .put('/profile')
      .loginAs(user)
      .withCsrfToken()
      .json({
        name: 'Penguji Profil',
        nip: '199001012015031099',
        rank: 'Penata (III/c)',
        position: 'Teknisi',
      })
      .redirects(0)
    assert.equal(good.header('location'), '/profile')
    await user.refresh()
    assert.equal(user.nip, '199001012015031099')
    const audit = await db
      .from('audit_logs')
      .where('action', 'profile.update')
      .where('subject_id', String(user.id))
      .first()
    assert.include(String(audit.changes_to), 'Penguji Profil')
  })

  test('the facility form refuses a city of another province', async ({ client, assert }) => {
    const user = await User.findByOrFail('email', 'fasyankes@kalibra.test')
    const facility = await Fasyankes.findOrFail(user.fasyankesId)
    const response = await client
      .put('/profile')
      .loginAs(user)
      .withCsrfToken()
      .header('referer', '/profile')
      .json({
        name: facility.fasyankesName,
        phone: '0411-590005',
        address: facility.address,
        type: 'Negeri',
        province: '73',
        city: '72.71',
        category_id: facility.categoryId,
        class_id: facility.classId,
        pic_name: 'dr. Andi Muhammad Fadli',
        pic_phone: '081342221905',
        email: 'fasyankes@kalibra.test',
      })
      .redirects(0)
    assert.exists((response.flashMessages() as any).inputErrorsBag?.city)
    await facility.refresh()
    assert.equal(facility.cityCode, '73.71')
  })
})

test.group('Security headers', () => {
  test('pages, 404s, JSON and downloads carry them', async ({ client, assert }) => {
    const admin = await User.findByOrFail('email', 'admin_pk@kalibra.test')
    const responses = [
      await client.get('/login'),
      await client.get('/tidak-ada-halaman-ini'),
      await client.get('/officer/datatable').loginAs(admin).header('accept', 'application/json'),
      await client.get('/officer/print/excel').loginAs(admin),
    ]
    for (const response of responses) {
      assert.include(String(response.header('content-security-policy')), "frame-ancestors 'self'")
      assert.equal(response.header('x-content-type-options'), 'nosniff')
      assert.equal(response.header('x-frame-options'), 'SAMEORIGIN')
      assert.exists(response.header('referrer-policy'))
    }
  })
})
