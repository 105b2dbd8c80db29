import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import testUtils from '@adonisjs/core/services/test_utils'
import { configProvider } from '@adonisjs/core'
import type {
  ResolvedSessionConfig,
  SessionStoreWithTaggingContract,
} from '@adonisjs/session/types'
import User from '#models/user'
import AuditLog from '#models/audit_log'
import { resolveSessionDriver, sessionDriver } from '#config/session'
import { endUserSessions } from '#services/user_sessions'
import { HttpSession } from '#tests/helpers/http_session'
import { demoUser, hasPassword, makeStaff } from '#tests/helpers/accounts'

/**
 * Sessions live on the server (issue 8, point 3). Every test here signs in
 * through the login form and replays the cookies a browser got, over plain
 * HTTP: a cookie saved before logout, before a password change, before a role
 * was removed or before an admin ended the sessions must not open anything.
 *
 * The suite runs on the configured store (SESSION_DRIVER, `database` unless
 * set); `SESSION_DRIVER=redis npm test -- --files=tests/functional/sessions.spec.ts`
 * runs the same tests on Redis.
 */
const PASSWORD = 'rahasia123'
const NEW_PASSWORD = 'Kuda-Lari-Pagi-2026'

/** A staff login that lands on /internal (treasurer) and may open /profile and /password. */
async function signedInStaff(roles: Parameters<typeof makeStaff>[0] = ['treasurer']) {
  const user = await makeStaff(roles, { name: 'Penguji Sesi', nip: null })
  // Each test's rollback frees its user ids for the next test; Redis keeps sessions outside that rollback.
  await endUserSessions(user.id)
  const browser = await HttpSession.signIn(user.email, PASSWORD)
  return { user, browser }
}

/** Signed in: /internal answers the page; signed out: a redirect to /login. */
async function isSignedIn(browser: HttpSession) {
  const response = await browser.get('/internal')
  if (response.status === 200) return true
  if (response.status === 302 && response.location === '/login') return false
  throw new Error(`/internal answered ${response.status} -> ${response.location}`)
}

async function lastAuditId() {
  const row = await db.from('audit_logs').max('id as id').first()
  return Number(row?.id ?? 0)
}

/** The sessions the store holds for the user. */
async function storedSessionsOf(userId: number) {
  const store = await configuredStore()
  return store.tagged(String(userId))
}

async function storedSession(id: string) {
  const store = await configuredStore()
  return store.read(id)
}

/** The store the app is configured with, as one request would use it. */
async function configuredStore() {
  const config = await configProvider.resolve<ResolvedSessionConfig>(app, app.config.get('session'))
  return config!.stores[config!.store](null as any, config!) as SessionStoreWithTaggingContract
}

test.group('Sessions | configuration', () => {
  test('the configured store keeps sessions on the server (never the cookie store)', ({
    assert,
  }) => {
    assert.include(['database', 'redis', 'memory'], sessionDriver)
  })

  test('SESSION_DRIVER=cookie of older installations is read as database', ({ assert }) => {
    assert.equal(resolveSessionDriver('cookie'), 'database')
    assert.equal(resolveSessionDriver(undefined), 'database')
    assert.equal(resolveSessionDriver('redis'), 'redis')
    assert.equal(resolveSessionDriver('memory'), 'memory')
  })
})

test.group('Sessions | logout', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('a cookie saved before logout opens nothing afterwards, and a PUT /profile with it changes nothing', async ({
    assert,
  }) => {
    const { user, browser } = await signedInStaff()
    assert.isTrue(await isSignedIn(browser))
    const saved = browser.copy()

    const logout = await browser.get('/auth/logout')
    assert.equal(logout.location, '/login')
    assert.isFalse(await isSignedIn(browser))

    // The replayed cookies (session id and XSRF token as they were before logout).
    const thief = saved.copy()
    const before = await lastAuditId()
    const directWrite = await thief.put('/profile', {
      form: { name: 'Nama Dari Cookie Lama', nip: '', rank: '', position: '' },
      headers: { referer: '/profile' },
    })
    assert.equal(directWrite.status, 302)
    assert.isFalse(await isSignedIn(saved.copy()))
    // Even with a fresh XSRF token of the replayed session, the write is sent to /login.
    await thief.get('/login')
    const withFreshToken = await thief.put('/profile', {
      form: { name: 'Nama Dari Cookie Lama', nip: '', rank: '', position: '' },
      headers: { referer: '/profile' },
    })
    assert.equal(withFreshToken.status, 302)
    assert.equal(withFreshToken.location, '/login')

    const stored = await User.findOrFail(user.id)
    assert.equal(stored.name, 'Penguji Sesi')
    assert.lengthOf(
      await AuditLog.query().where('action', 'profile.update').where('id', '>', before),
      0
    )
  })

  test('the browser holds only the signed session id: no cookie carries the session data', async ({
    assert,
  }) => {
    const { browser } = await signedInStaff()
    assert.sameMembers(browser.cookieNames, ['kalibra-session', 'XSRF-TOKEN'])
    const signed = decodeURIComponent(browser.sessionCookie!)
    const payload = Buffer.from(signed.slice(2).split('.')[0], 'base64url').toString()
    assert.match(payload, /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/)
    assert.notInclude(payload, 'auth_web')
  })

  test('logout deletes the stored session: its id is gone from the store', async ({ assert }) => {
    const { user, browser } = await signedInStaff()
    const store = await configuredStore()
    const [signedIn] = await store.tagged(String(user.id))
    assert.exists(signedIn, 'the sign-in tagged its session with the user id')
    assert.equal(signedIn.data.auth_web, user.id)

    await browser.get('/auth/logout')
    assert.isNull(await store.read(signedIn.id))
    assert.lengthOf(await store.tagged(String(user.id)), 0)
  })

  test('a request that read the session before logout cannot bring it back when it finishes', async ({
    assert,
  }) => {
    const { user } = await signedInStaff()
    const [session] = await storedSessionsOf(user.id)
    // The request in flight has read the session...
    const inFlight = await configuredStore()
    const values = await inFlight.read(session.id)
    assert.equal(values?.auth_web, user.id)
    // ...the session is ended meanwhile (logout elsewhere, password change, admin)...
    await endUserSessions(user.id)
    // ...and the request then writes what it had read, plus a flash message.
    await inFlight.write(session.id, { ...values, __flash__: { success: 'x' } })
    assert.isNull(await storedSession(session.id))
  }).skip(sessionDriver === 'memory', 'the memory store (tests only) keeps no guard')
})

test.group('Sessions | password change', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('changing the password ends every other session, not the one that changed it', async ({
    assert,
  }) => {
    const { user, browser: laptop } = await signedInStaff()
    const phone = await HttpSession.signIn(user.email, PASSWORD)
    assert.isTrue(await isSignedIn(phone))

    const response = await laptop.put('/password', {
      form: {
        old_password: PASSWORD,
        new_password: NEW_PASSWORD,
        password_confirmation: NEW_PASSWORD,
      },
      headers: { referer: '/password' },
    })
    assert.equal(response.status, 302)
    assert.equal(response.location, '/password')
    assert.isTrue(await hasPassword(user.id, NEW_PASSWORD))

    assert.isTrue(await isSignedIn(laptop), 'the session that changed the password stays')
    assert.isFalse(await isSignedIn(phone), 'another device is signed out')
  })

  test('a cookie copied from another session before the password change no longer opens anything', async ({
    assert,
  }) => {
    const { user, browser: victim } = await signedInStaff()
    const other = await HttpSession.signIn(user.email, PASSWORD)
    const thief = other.copy()
    assert.isTrue(await isSignedIn(thief))

    await victim.put('/password', {
      form: {
        old_password: PASSWORD,
        new_password: NEW_PASSWORD,
        confirmation_password: NEW_PASSWORD,
      },
      headers: { referer: '/password' },
    })
    assert.isFalse(await isSignedIn(thief))
    const write = await thief.put('/profile', {
      form: { name: 'Diubah Pencuri', nip: '', rank: '', position: '' },
      headers: { referer: '/profile' },
    })
    assert.equal(write.status, 302)
    const stored = await User.findOrFail(user.id)
    assert.equal(stored.name, 'Penguji Sesi')
  })

  test('a refused change (wrong old password) ends nothing', async ({ assert }) => {
    const { user, browser } = await signedInStaff()
    const other = await HttpSession.signIn(user.email, PASSWORD)
    await browser.put('/password', {
      form: {
        old_password: 'bukan-sandi-lama',
        new_password: NEW_PASSWORD,
        password_confirmation: NEW_PASSWORD,
      },
      headers: { referer: '/password' },
    })
    assert.isTrue(await isSignedIn(other))
  })

  test('a refused form never keeps a password in the stored session', async ({ assert }) => {
    const { user, browser } = await signedInStaff()
    await browser.put('/password', {
      form: {
        old_password: 'Sandi-Lama-Rahasia-77',
        new_password: 'pendek',
        confirmation_password: 'pendek',
      },
      headers: { referer: '/password' },
    })
    const [stored] = await storedSessionsOf(user.id)
    const text = JSON.stringify(stored.data)
    assert.include(text, 'inputErrorsBag', 'the errors were flashed')
    assert.notInclude(text, 'Sandi-Lama-Rahasia-77')
    assert.notInclude(text, 'pendek"')
  })
})

test.group('Sessions | role removal and "end all sessions"', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test("removing a role ends all of the officer's sessions; adding one ends none", async ({
    client,
    assert,
  }) => {
    const head = await demoUser('head_of_pk_laboratory')
    const { user, browser } = await signedInStaff(['officer_pk', 'supervisor_of_pk_laboratory'])
    const second = await HttpSession.signIn(user.email, PASSWORD)

    const add = await client
      .put(`/officer/${user.id}/role`)
      .loginAs(head)
      .withCsrfToken()
      .withInertia()
      .json({ roles: ['officer_pk', 'supervisor_of_pk_laboratory', 'admin_pk'] })
      .redirects(0)
    assert.equal(add.header('location'), '/officer')
    assert.isTrue(await isSignedIn(browser), 'a granted role ends no session')

    const remove = await client
      .put(`/officer/${user.id}/role`)
      .loginAs(head)
      .withCsrfToken()
      .withInertia()
      .json({ roles: ['officer_pk'] })
      .redirects(0)
    assert.equal(remove.header('location'), '/officer')
    assert.isFalse(await isSignedIn(browser))
    assert.isFalse(await isSignedIn(second))
  })

  test('an admin ends all sessions of an officer it may manage; it is audited', async ({
    client,
    assert,
  }) => {
    const admin = await demoUser('admin_pk')
    const { user, browser } = await signedInStaff(['officer_pk'])
    const second = await HttpSession.signIn(user.email, PASSWORD)
    const before = await lastAuditId()

    const response = await client
      .post(`/officer/${user.id}/sessions/end`)
      .loginAs(admin)
      .withCsrfToken()
      .withInertia()
      .redirects(0)
    assert.equal(response.header('location'), `/officer/${user.id}/edit`)
    assert.equal(response.flashMessage('success'), 'Semua sesi Penguji Sesi telah diakhiri.')
    assert.isFalse(await isSignedIn(browser))
    assert.isFalse(await isSignedIn(second))

    const [entry, ...more] = await AuditLog.query()
      .where('action', 'officer.sessions_end')
      .where('id', '>', before)
    assert.lengthOf(more, 0)
    assert.equal(entry.userId, admin.id)
    assert.equal(entry.subjectId, String(user.id))

    // The officer signs in again afterwards.
    assert.isTrue(await isSignedIn(await HttpSession.signIn(user.email, PASSWORD)))
  })

  test('ending the sessions of an account the editor may not manage answers 403 and ends nothing', async ({
    client,
    assert,
  }) => {
    const admin = await demoUser('admin_ukpr')
    const cases: [string, Parameters<typeof makeStaff>[0]][] = [
      ['yantek', ['yantek']],
      ['head_of_pk_laboratory', ['head_of_pk_laboratory']],
      ['officer_pk (another lab)', ['officer_pk']],
    ]
    for (const [label, roles] of cases) {
      const { browser, user } = await signedInStaff(roles)
      const response = await client
        .post(`/officer/${user.id}/sessions/end`)
        .loginAs(admin)
        .withCsrfToken()
        .withInertia()
        .redirects(0)
      assert.equal(response.status(), 403, label)
      const stillIn = await browser.get('/profile')
      assert.equal(stillIn.status, 200, `${label} is still signed in`)
    }
    const own = await client
      .post(`/officer/${admin.id}/sessions/end`)
      .loginAs(admin)
      .withCsrfToken()
      .withInertia()
      .redirects(0)
    assert.equal(own.status(), 403, 'not through the officer pages for one own account')
  })
})

test.group('Sessions | a visitor who has not signed in', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  const storedRows = async () => {
    if (sessionDriver !== 'database') return 0
    const row = await db.from('sessions').count('* as n').first()
    return Number(row?.n ?? 0)
  }

  test('guest pages store no session (issue 34); a refused sign-in still shows its error; signing in stores one, signing out removes it', async ({
    assert,
  }) => {
    const user = await makeStaff(['treasurer'], { nip: null })
    await endUserSessions(user.id)
    const before = await storedRows()
    const browser = new HttpSession()
    for (const path of ['/login', '/login', '/login', '/simulation']) {
      const page = await browser.get(path)
      assert.equal(page.status, 200, path)
    }
    assert.include(browser.cookieNames, 'kalibra-session')
    assert.equal(await storedRows(), before)

    const wrong = await browser.post('/auth/verify', {
      form: { email: user.email, password: 'bukan-sandinya' },
      headers: { referer: '/login' },
    })
    assert.equal(wrong.location, '/login')
    const form = await browser.get('/login')
    assert.equal(form.page().props.errors?.email, 'Email atau kata sandi salah.')
    assert.equal(await storedRows(), before)

    const signedIn = await browser.post('/auth/verify', {
      form: { email: user.email, password: PASSWORD },
      headers: { referer: '/login' },
    })
    assert.notEqual(signedIn.location, '/login')
    assert.isTrue(await isSignedIn(browser))
    assert.lengthOf(await storedSessionsOf(user.id), 1)

    await browser.get('/auth/logout')
    assert.isFalse(await isSignedIn(browser))
    assert.lengthOf(await storedSessionsOf(user.id), 0)
    assert.equal(await storedRows(), before)
  })

  test('expired sessions are swept from the table, live ones stay', async ({ assert }) => {
    if (sessionDriver !== 'database') return
    const { sweepExpiredSessions } = await import('#services/session_sweep')
    const hour = 3600_000
    await db.table('sessions').multiInsert([
      { id: 'swept-1', data: '{}', expires_at: new Date(Date.now() - hour) },
      { id: 'swept-2', data: '{}', expires_at: new Date(Date.now() - 2 * hour) },
      { id: 'kept-1', data: '{}', expires_at: new Date(Date.now() + hour) },
    ])
    assert.isAtLeast(await sweepExpiredSessions(), 2)
    const left = await db.from('sessions').whereIn('id', ['swept-1', 'swept-2', 'kept-1'])
    assert.deepEqual(
      left.map((row) => row.id),
      ['kept-1']
    )
  })
})
