import { test } from '@japa/runner'
import type { ApiClient } from '@japa/api-client'
import db from '@adonisjs/lucid/services/db'
import hash from '@adonisjs/core/services/hash'
import testUtils from '@adonisjs/core/services/test_utils'
import User from '#models/user'
import AuditLog from '#models/audit_log'
import { homePathFor } from '#services/navigation'
import type { Role } from '#enums/roles'
import { DEMO_PASSWORD, demoUser, freshEmail, makeStaff } from '#tests/helpers/accounts'

const INVALID = 'Email atau kata sandi salah.'
const THROTTLED = /^Terlalu banyak percobaan masuk\. Silakan coba lagi dalam \d+ detik\.$/
const CSRF_MESSAGE = 'Sesi formulir sudah kedaluwarsa. Muat ulang halaman, lalu coba lagi.'
const SESSION_COOKIE = 'kalibra-session'

type Client = ApiClient

/** The status of one sign-in attempt. */
async function statusOf(client: Client, email: string, password: string) {
  const response = await signIn(client, email, password)
  return response.status()
}

/** The user id a sign-in attempt put in the session (undefined when it did not sign in). */
async function signedInAs(client: Client, email: string, password: string) {
  const response = await signIn(client, email, password)
  return response.session('auth_web') as number | undefined
}

function signIn(client: Client, email: string, password: string) {
  return client
    .post('/auth/verify')
    .withCsrfToken()
    .header('referer', '/login')
    .form({ email, password })
    .redirects(0)
}

async function auditRows(action: string, since: number) {
  return AuditLog.query().where('action', action).where('id', '>', since).orderBy('id')
}

async function lastAuditId() {
  const row = await db.from('audit_logs').max('id as id').first()
  return Number(row?.id ?? 0)
}

/** The Set-Cookie header line of one cookie (attributes included). */
function setCookieLine(response: { header(name: string): any }, name: string) {
  const raw = response.header('set-cookie')
  const lines: string[] = Array.isArray(raw) ? raw : raw ? [raw] : []
  return lines.find((line) => line.startsWith(`${name}=`))
}

test.group('Auth | login screen', () => {
  test('GET /login renders the Inertia page auth/login for a guest', async ({ client }) => {
    const response = await client.get('/login').withInertia()
    response.assertStatus(200)
    response.assertInertiaComponent('auth/login')
    response.assertInertiaPropsContains({ auth: null })
  })

  test('the first visit sets the XSRF cookie Inertia sends back, readable by the page', async ({
    client,
    assert,
  }) => {
    const response = await client.get('/login')
    const xsrf = setCookieLine(response, 'XSRF-TOKEN')
    assert.exists(xsrf, 'XSRF-TOKEN cookie')
    assert.notMatch(xsrf!, /HttpOnly/i, 'the page script must be able to read it')
  })

  test('the session cookie is HttpOnly and SameSite', async ({ client, assert }) => {
    const response = await client.get('/login')
    const line = setCookieLine(response, SESSION_COOKIE)
    assert.exists(line, 'session cookie')
    assert.match(line!, /HttpOnly/i)
    assert.match(line!, /SameSite=(Lax|Strict)/i)
  })
})

test.group('Auth | signing in', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  const landings: [Role, string][] = [
    ['yantek', '/dashboard'],
    ['treasurer', '/internal'],
    // Insitu comes first in their menus.
    ['human_resource', '/insitu'],
    ['head_of_ukpr_laboratory', '/insitu'],
    ['supervisor_of_pk_laboratory', '/profile'],
    ['fasyankes', '/dashboard'],
  ]
  for (const [role, home] of landings) {
    test('{role} signs in with the demo password and lands on {home}')
      .with([{ role, home }])
      .run(async ({ client, assert }, { role: current, home: expected }) => {
        const user = await demoUser(current)
        assert.equal(homePathFor(user), expected)
        const response = await signIn(client, `${current}@kalibra.test`, DEMO_PASSWORD)
        assert.equal(response.status(), 302)
        assert.equal(response.header('location'), expected)
        assert.equal(response.session('auth_web'), user.id)
        assert.equal(response.flashMessage('success'), `Selamat datang, ${user.name}`)
      })
  }

  test('the session id changes at login; the id from before the login stays anonymous', async ({
    client,
    assert,
  }) => {
    const user = await makeStaff(['yantek'])
    const request = signIn(client, user.email, 'rahasia123').withSession({ theme: 'light' })
    const before = request.sessionClient.sessionId
    const response = await request
    assert.equal(response.header('location'), '/dashboard')
    const after = response.cookie(SESSION_COOKIE)?.value
    assert.exists(after)
    assert.notEqual(after, before, 'a new session id is issued at login')

    // Replaying the pre-login id (session fixation) must not reach a protected page.
    const replay = client.get('/dashboard').redirects(0)
    replay.sessionClient.sessionId = before
    const replayed = await replay
    assert.equal(replayed.status(), 302)
    assert.equal(replayed.header('location'), '/login')
  })

  test('an Inertia sign-in redirects the same way', async ({ client, assert }) => {
    const user = await makeStaff(['treasurer'])
    const response = await client
      .post('/auth/verify')
      .withCsrfToken()
      .withInertia()
      .json({ email: user.email, password: 'rahasia123' })
      .redirects(0)
    assert.include([302, 303], response.status())
    assert.equal(response.header('location'), '/internal')
    assert.equal(response.session('auth_web'), user.id)
  })

  test('a wrong password and an unknown email get the same answer and no session', async ({
    client,
    assert,
  }) => {
    const user = await makeStaff(['yantek'])
    const wrongPassword = await signIn(client, user.email, 'bukan-sandinya')
    const unknownEmail = await signIn(client, freshEmail('tidak.ada'), 'bukan-sandinya')
    for (const response of [wrongPassword, unknownEmail]) {
      assert.equal(response.status(), 302)
      assert.equal(response.header('location'), '/login')
      assert.deepEqual(response.flashMessage('inputErrorsBag'), { email: [INVALID] })
      assert.notExists(response.session('auth_web'))
      assert.notExists(response.flashMessage('password'), 'the password is never flashed back')
    }
    assert.deepEqual(
      Object.keys(wrongPassword.flashMessages()).sort(),
      Object.keys(unknownEmail.flashMessages()).sort(),
      'nothing tells the two cases apart'
    )
    assert.equal(wrongPassword.flashMessage('email'), user.email, 'the email is kept in the form')
  })

  test('the message reaches the login form as the errors prop', async ({ client, assert }) => {
    const failed = await signIn(client, freshEmail('form'), 'salah-sekali')
    const page = await client.get('/login').withInertia().withFlashMessages(failed.flashMessages())
    page.assertInertiaComponent('auth/login')
    assert.equal(page.inertiaProps.errors?.email, INVALID)
  })

  test('an empty or malformed form is refused under its fields', async ({ client, assert }) => {
    const before = await lastAuditId()
    const empty = await signIn(client, '', '')
    assert.equal(empty.status(), 302)
    assert.properties(empty.flashMessage('inputErrorsBag') ?? {}, ['email', 'password'])
    const malformed = await signIn(client, 'bukan-email', 'apa-saja')
    assert.property(malformed.flashMessage('inputErrorsBag') ?? {}, 'email')
    assert.notExists(malformed.session('auth_web'))
    assert.lengthOf(await auditRows('auth.sign_in', before), 0)
  })
})

test.group('Auth | throttling', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('five failures within a minute: the sixth attempt answers 429, even with the right password', async ({
    client,
    assert,
  }) => {
    const user = await makeStaff(['yantek'], { email: freshEmail('kunci') })
    for (let attempt = 1; attempt <= 5; attempt++) {
      const response = await signIn(client, user.email, `salah-${attempt}`)
      assert.equal(response.status(), 302, `attempt ${attempt}`)
      assert.deepEqual(response.flashMessage('inputErrorsBag'), { email: [INVALID] })
    }
    const blocked = await signIn(client, user.email, 'rahasia123')
    assert.equal(blocked.status(), 429)
    assert.match(blocked.text(), THROTTLED)
    const retryAfter = Number(blocked.header('retry-after'))
    assert.isAtLeast(retryAfter, 1)
    assert.isAtMost(retryAfter, 60)
    assert.include(blocked.text(), `dalam ${retryAfter} detik`)
    assert.notExists(blocked.session('auth_web'))
  })

  test('an Inertia visit gets the 429 on the login page with the message', async ({
    client,
    assert,
  }) => {
    const email = freshEmail('kunci.inertia')
    for (let attempt = 1; attempt <= 5; attempt++) await signIn(client, email, 'salah')
    const blocked = await client
      .post('/auth/verify')
      .withCsrfToken()
      .withInertia()
      .json({ email, password: 'salah' })
      .redirects(0)
    assert.equal(blocked.status(), 429)
    blocked.assertInertiaComponent('auth/login')
    assert.match(blocked.inertiaProps.throttleMessage, THROTTLED)
    assert.isAtLeast(Number(blocked.header('retry-after')), 1)
  })

  test('the count is per email: another account from the same address still signs in', async ({
    client,
    assert,
  }) => {
    const locked = freshEmail('kunci.lain')
    for (let attempt = 1; attempt <= 6; attempt++) await signIn(client, locked, 'salah')
    assert.equal(await statusOf(client, locked, 'salah'), 429)
    const other = await makeStaff(['yantek'])
    const response = await signIn(client, other.email, 'rahasia123')
    assert.equal(response.status(), 302)
    assert.equal(response.session('auth_web'), other.id)
  })

  test('a successful sign-in clears the count', async ({ client, assert }) => {
    const user = await makeStaff(['yantek'], { email: freshEmail('kunci.reset') })
    for (let attempt = 1; attempt <= 4; attempt++) await signIn(client, user.email, 'salah')
    assert.equal(await signedInAs(client, user.email, 'rahasia123'), user.id)
    for (let attempt = 1; attempt <= 4; attempt++) {
      assert.equal(await statusOf(client, user.email, 'salah'), 302, `attempt ${attempt}`)
    }
    assert.equal(await signedInAs(client, user.email, 'rahasia123'), user.id)
  })

  test('the email is counted whatever its case', async ({ client, assert }) => {
    const email = freshEmail('kunci.huruf')
    for (let attempt = 1; attempt <= 5; attempt++) {
      const variant = attempt % 2 ? email.toUpperCase() : email
      await signIn(client, variant, 'salah')
    }
    assert.equal(await statusOf(client, email, 'salah'), 429)
  })
})

test.group('Auth | signing out', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('logout ends the session: a protected page afterwards sends to /login', async ({
    client,
    assert,
  }) => {
    const user = await makeStaff(['yantek'])
    const request = client.get('/auth/logout').loginAs(user).redirects(0)
    const before = request.sessionClient.sessionId
    const response = await request
    assert.equal(response.status(), 302)
    assert.equal(response.header('location'), '/login')
    assert.notExists(response.session('auth_web'))
    assert.equal(response.flashMessage('success'), 'Anda telah keluar.')
    assert.notEqual(response.cookie(SESSION_COOKIE)?.value, before, 'a fresh session id')

    // What the browser holds afterwards does not open the dashboard.
    const withNewSession = await client
      .get('/dashboard')
      .withSession(response.session())
      .redirects(0)
    assert.equal(withNewSession.header('location'), '/login')
    // Nor does the old session id.
    const replay = client.get('/dashboard').redirects(0)
    replay.sessionClient.sessionId = before
    const replayed = await replay
    assert.equal(replayed.status(), 302)
    assert.equal(replayed.header('location'), '/login')
  })

  test('a guest visiting /auth/logout is simply sent to /login', async ({ client, assert }) => {
    const before = await lastAuditId()
    const response = await client.get('/auth/logout').redirects(0)
    assert.equal(response.header('location'), '/login')
    assert.lengthOf(await auditRows('auth.sign_out', before), 0)
  })
})

test.group('Auth | audit trail', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('sign-in, failed sign-in and sign-out each write one row with who, what and where', async ({
    client,
    assert,
  }) => {
    const user = await makeStaff(['treasurer', 'human_resource'], { name: 'Penguji Audit' })
    const since = await lastAuditId()

    await signIn(client, user.email, 'rahasia123')
    const [signedIn, ...moreIn] = await auditRows('auth.sign_in', since)
    assert.lengthOf(moreIn, 0)
    assert.containsSubset(signedIn.serialize(), {
      userId: user.id,
      userName: 'Penguji Audit',
      subjectType: 'user',
      subjectId: String(user.id),
    })
    assert.sameMembers(signedIn.role!.split(','), ['treasurer', 'human_resource'])
    assert.match(signedIn.ip!, /^(::ffff:)?127\.0\.0\.1$|^::1$/)
    assert.exists(signedIn.createdAt)

    await signIn(client, user.email, 'sandi-yang-salah')
    const [failed, ...moreFailed] = await auditRows('auth.sign_in_failed', since)
    assert.lengthOf(moreFailed, 0)
    assert.isNull(failed.userId)
    assert.equal(failed.userName, user.email, 'the email that was tried')
    assert.exists(failed.ip)

    const unknown = freshEmail('orang.asing')
    await signIn(client, unknown, 'apa-saja')
    const failures = await auditRows('auth.sign_in_failed', since)
    assert.lengthOf(failures, 2)
    assert.equal(failures[1].userName, unknown)

    await client.get('/auth/logout').loginAs(user).redirects(0)
    const [signedOut, ...moreOut] = await auditRows('auth.sign_out', since)
    assert.lengthOf(moreOut, 0)
    assert.equal(signedOut.userId, user.id)
    assert.equal(signedOut.subjectId, String(user.id))
  })

  test('no password, right or wrong, is ever written to the audit log', async ({
    client,
    assert,
  }) => {
    const user = await makeStaff(['yantek'])
    const since = await lastAuditId()
    await signIn(client, user.email, 'rahasia123')
    await signIn(client, user.email, 'TebakanSandi99')
    const rows = await db.from('audit_logs').where('id', '>', since)
    assert.isAbove(rows.length, 1)
    const text = JSON.stringify(rows)
    assert.notInclude(text, 'rahasia123')
    assert.notInclude(text, 'TebakanSandi99')
  })
})

test.group('Auth | CSRF', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('POST /auth/verify without a token does not sign in, even with the right password', async ({
    client,
    assert,
  }) => {
    const user = await makeStaff(['yantek'])
    const since = await lastAuditId()
    const response = await client
      .post('/auth/verify')
      .header('referer', '/login')
      .form({ email: user.email, password: 'rahasia123' })
      .redirects(0)
    assert.notExists(response.session('auth_web'))
    assert.equal(response.status(), 302)
    assert.equal(response.header('location'), '/login', 'back to the form, not on to a page')
    assert.equal(response.flashMessage('error'), CSRF_MESSAGE)
    assert.lengthOf(await auditRows('auth.sign_in', since), 0)
  })

  test('a JSON write without a token answers 403 with the message', async ({ client, assert }) => {
    const user = await makeStaff(['yantek'])
    const response = await client
      .post('/auth/verify')
      .header('accept', 'application/json')
      .json({ email: user.email, password: 'rahasia123' })
      .redirects(0)
    assert.equal(response.status(), 403)
    assert.equal(response.body().message, CSRF_MESSAGE)
    assert.notExists(response.session('auth_web'))
  })

  test('a forged token is refused like a missing one', async ({ client, assert }) => {
    const user = await makeStaff(['yantek'])
    const response = await client
      .post('/auth/verify')
      .header('x-xsrf-token', 'dipalsukan')
      .header('x-csrf-token', 'dipalsukan')
      .form({ email: user.email, password: 'rahasia123', _csrf: 'dipalsukan' })
      .redirects(0)
    assert.notExists(response.session('auth_web'))
    assert.equal(response.flashMessage('error'), CSRF_MESSAGE)
  })

  test('PUT /profile without a token changes nothing', async ({ client, assert }) => {
    const user = await makeStaff(['yantek'], {
      name: 'Nama Lama Sekali',
      nip: '198001012000011001',
    })
    const since = await lastAuditId()
    const response = await client
      .put('/profile')
      .loginAs(user)
      .header('referer', '/profile')
      .form({ name: 'Nama Baru Sekali', nip: '198001012000011002', rank: '', position: '' })
      .redirects(0)
    assert.notExists(response.flashMessage('success'))
    assert.equal(response.flashMessage('error'), CSRF_MESSAGE)
    await user.refresh()
    assert.equal(user.name, 'Nama Lama Sekali')
    assert.equal(user.nip, '198001012000011001')
    assert.lengthOf(await auditRows('profile.update', since), 0)

    // The same request with its token goes through: the token is what decided.
    const withToken = await client
      .put('/profile')
      .loginAs(user)
      .withCsrfToken()
      .form({ name: 'Nama Baru Sekali', nip: '198001012000011002', rank: '', position: '' })
      .redirects(0)
    assert.equal(withToken.flashMessage('success'), 'Profil berhasil diperbarui.')
    await user.refresh()
    assert.equal(user.name, 'Nama Baru Sekali')
  })

  test('PUT /password without a token changes nothing', async ({ client, assert }) => {
    const user = await makeStaff(['yantek'])
    const since = await lastAuditId()
    const response = await client
      .put('/password')
      .loginAs(user)
      .header('referer', '/password')
      .form({
        old_password: 'rahasia123',
        new_password: 'sandibaru123',
        password_confirmation: 'sandibaru123',
      })
      .redirects(0)
    assert.notExists(response.flashMessage('success'))
    assert.equal(response.flashMessage('error'), CSRF_MESSAGE)
    const fresh = await User.findOrFail(user.id)
    assert.isTrue(await hash.verify(fresh.password, 'rahasia123'))
    assert.lengthOf(await auditRows('password.change', since), 0)
  })
})

test.group('Auth | audit log is append-only', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  async function oneRow() {
    const user = await makeStaff(['yantek'])
    const { audit } = await import('#services/audit')
    return audit({ user, ip: '10.0.0.1' }, { action: 'uji.catatan', subjectType: 'user' })
  }

  test('UPDATE on audit_logs is refused by the database', async ({ assert }) => {
    const row = await oneRow()
    // Each attempt in its own savepoint, so PostgreSQL's aborted-transaction state cannot mask it.
    await assert.rejects(() =>
      db.transaction((trx) =>
        trx.rawQuery('UPDATE audit_logs SET action = ? WHERE id = ?', ['diubah', row.id])
      )
    )
    await assert.rejects(() =>
      db.transaction((trx) => trx.from('audit_logs').update({ ip: '0.0.0.0' }))
    )
    const stored = await db.from('audit_logs').where('id', row.id).first()
    assert.equal(stored.action, 'uji.catatan')
    assert.equal(stored.ip, '10.0.0.1')
  })

  test('DELETE on audit_logs is refused by the database', async ({ assert }) => {
    const row = await oneRow()
    const total = async () => {
      const counted = await db.from('audit_logs').count('* as n').first()
      return Number(counted?.n)
    }
    const count = await total()
    await assert.rejects(() =>
      db.transaction((trx) => trx.rawQuery('DELETE FROM audit_logs WHERE id = ?', [row.id]))
    )
    await assert.rejects(() => db.transaction((trx) => trx.rawQuery('DELETE FROM audit_logs')))
    assert.equal(await total(), count)
  })

  test('the model cannot save changes to, or delete, a stored row', async ({ assert }) => {
    const row = await oneRow()
    await assert.rejects(() =>
      db.transaction(async (trx) => {
        const stored = await AuditLog.findOrFail(row.id, { client: trx })
        stored.reason = 'ditulis ulang'
        await stored.save()
      })
    )
    await assert.rejects(() =>
      db.transaction(async (trx) => {
        const stored = await AuditLog.findOrFail(row.id, { client: trx })
        await stored.delete()
      })
    )
    const stored = await AuditLog.findOrFail(row.id)
    assert.isNull(stored.reason)
  })

  test('on PostgreSQL, TRUNCATE is refused too', async ({ assert }) => {
    await oneRow()
    await assert.rejects(() => db.transaction((trx) => trx.rawQuery('TRUNCATE audit_logs')))
  }).skip(
    () => db.connection().dialect.name !== 'postgres',
    'SQLite has no TRUNCATE; its DELETE FROM is covered above'
  )
})
