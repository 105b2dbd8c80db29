import { test } from '@japa/runner'
import type { ApiClient } from '@japa/api-client'
import { DateTime } from 'luxon'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import hash from '@adonisjs/core/services/hash'
import User from '#models/user'
import AuditLog from '#models/audit_log'
import PasswordLink from '#models/password_link'
import { PASSWORD_LINK_HOURS } from '#actions/password_links/password_links'
import { WEAK_PASSWORD_MESSAGE } from '#validators/rules/strong_password'
import { HttpSession } from '#tests/helpers/http_session'
import { demoUser, makeStaff } from '#tests/helpers/accounts'

/**
 * Set-password links (issue 8, point 1, "better"): an editor issues a one-time
 * link instead of typing someone's password; it is shown once, expires, works
 * once, is stored only as a hash, and using it ends the account's sessions.
 */
const OLD_PASSWORD = 'rahasia123'
const NEW_PASSWORD = 'Kuda-Lari-Pagi-2026'

async function issue(client: ApiClient, editor: User, target: User) {
  return client
    .post(`/officer/${target.id}/password-link`)
    .loginAs(editor)
    .withCsrfToken()
    .header('accept', 'application/json')
    .redirects(0)
}

/** Issues a link as the demo admin_pk and returns its path (/password/set/<token>) and token. */
async function issuedLink(client: ApiClient, target: User) {
  const response = await issue(client, await demoUser('admin_pk'), target)
  if (response.status() !== 200) throw new Error(`issuing answered ${response.status()}`)
  const url = new URL(response.body().url)
  return { path: url.pathname, token: url.pathname.split('/').pop()!, body: response.body() }
}

/** Submits the link form as a browser does (its own cookies, its XSRF token). */
async function useLink(path: string, password: string, confirmation = password) {
  const browser = new HttpSession()
  const page = await browser.get(path)
  const response = await browser.post(path, {
    form: { password, password_confirmation: confirmation },
    headers: { referer: path },
  })
  return { page, response, browser }
}

async function passwordOf(id: number) {
  const user = await User.findOrFail(id)
  return user.password
}

async function lastAuditId() {
  const row = await db.from('audit_logs').max('id as id').first()
  return Number(row?.id ?? 0)
}

test.group('Password links | issuing', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('an editor gets a link shown once, valid 72 hours, stored only as a hash, and audited without the token', async ({
    client,
    assert,
  }) => {
    const admin = await demoUser('admin_pk')
    const target = await makeStaff(['officer_pk'])
    const since = await lastAuditId()
    const response = await issue(client, admin, target)
    response.assertStatus(200)
    assert.equal(response.header('cache-control'), 'no-store')
    const { url, hours, expiresAt } = response.body()
    assert.equal(hours, PASSWORD_LINK_HOURS)
    assert.equal(PASSWORD_LINK_HOURS, 72)
    assert.match(expiresAt, /^\d{1,2} \w+ \d{4} \d{2}:\d{2} WITA$/)
    // Without APP_URL, the address the editor used.
    assert.equal(new URL(url).origin, `http://localhost:${process.env.PORT}`)
    const token = url.split('/password/set/')[1]
    assert.match(token, /^[\w-]{43}$/, '256 random bits, base64url')

    const [link, ...others] = await PasswordLink.query().where('user_id', target.id)
    assert.lengthOf(others, 0)
    assert.notEqual(link.tokenHash, token)
    assert.lengthOf(link.tokenHash, 64)
    const hoursLeft = link.expiresAt.diff(DateTime.now(), 'hours').hours
    assert.isAbove(hoursLeft, 71.9)
    assert.isAtMost(hoursLeft, 72)

    const rows = await db.from('audit_logs').where('id', '>', since)
    assert.deepEqual(
      rows.map((row) => row.action),
      ['officer.password_link']
    )
    assert.equal(rows[0].user_id, admin.id)
    assert.equal(rows[0].subject_id, String(target.id))
    const everything = JSON.stringify(
      await db.from('audit_logs').where('id', '>', since).select('*')
    )
    assert.notInclude(everything, token)
    // Nor does the token reach the stored sessions (it is answered as JSON, never flashed).
    assert.notInclude(JSON.stringify(await db.from('sessions').select('*')), token)
  })

  test('issuing is refused (403, no link) for an account the editor may not manage, and for its own', async ({
    client,
    assert,
  }) => {
    const admin = await demoUser('admin_ukpr')
    for (const role of [
      'head_of_pk_laboratory',
      'yantek',
      'treasurer',
      'human_resource',
    ] as const) {
      const target = await demoUser(role)
      const response = await issue(client, admin, target)
      assert.equal(response.status(), 403, role)
      assert.match(response.body().message, /tidak berwenang/)
      assert.lengthOf(await PasswordLink.query().where('user_id', target.id), 0)
    }
    const own = await issue(client, admin, admin)
    assert.equal(own.status(), 403)
  })

  test('a new link replaces the older one: the old link no longer opens', async ({
    client,
    assert,
  }) => {
    const target = await makeStaff(['officer_pk'])
    const first = await issuedLink(client, target)
    const second = await issuedLink(client, target)
    assert.notEqual(first.token, second.token)

    const old = await useLink(first.path, NEW_PASSWORD)
    assert.equal(old.page.status, 404)
    assert.include(old.page.page().props.message, 'sudah diganti dengan tautan yang lebih baru')
    assert.equal(old.response.status, 404)
    assert.isTrue(await hash.verify(await passwordOf(target.id), OLD_PASSWORD))

    const fresh = await useLink(second.path, NEW_PASSWORD)
    assert.equal(fresh.response.location, '/login')
    assert.isTrue(await hash.verify(await passwordOf(target.id), NEW_PASSWORD))
  })
})

test.group('Password links | using', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('the link page names the account and when the link ends', async ({ client, assert }) => {
    const target = await makeStaff(['officer_pk'], { name: 'Penerima Tautan' })
    const { path } = await issuedLink(client, target)
    const page = await new HttpSession().get(path)
    assert.equal(page.status, 200)
    assert.equal(page.headers.get('cache-control'), 'no-store')
    assert.equal(page.headers.get('referrer-policy'), 'same-origin')
    const { component, props } = page.page()
    assert.equal(component, 'auth/set_password')
    assert.equal(props.state, 'ready')
    assert.deepEqual(props.account, { name: 'Penerima Tautan', email: target.email })
    assert.match(props.expiresAt, /WITA$/)
  })

  test('the user sets a password once: it signs in, the link is spent, a second use is refused, all sessions ended', async ({
    client,
    assert,
  }) => {
    const target = await makeStaff(['officer_pk'])
    const laptop = await HttpSession.signIn(target.email, OLD_PASSWORD)
    const phone = await HttpSession.signIn(target.email, OLD_PASSWORD)
    const { path, token } = await issuedLink(client, target)
    const since = await lastAuditId()

    const { response, browser } = await useLink(path, NEW_PASSWORD)
    assert.equal(response.status, 302)
    assert.equal(response.location, '/login')
    const loginPage = await browser.get('/login')
    const login = loginPage.page()
    assert.equal(
      login.flash?.success ?? login.props.flash?.success,
      'Kata sandi berhasil diatur. Silakan masuk dengan kata sandi baru Anda.'
    )

    assert.isTrue(await hash.verify(await passwordOf(target.id), NEW_PASSWORD))
    for (const device of [laptop, phone]) {
      const visit = await device.get('/internal')
      assert.equal(visit.location, '/login', 'every session of the account ended')
    }
    const link = await PasswordLink.findByOrFail('user_id', target.id)
    assert.exists(link.usedAt)

    const [entry, ...more] = await AuditLog.query()
      .where('action', 'password.set_by_link')
      .where('id', '>', since)
    assert.lengthOf(more, 0)
    assert.equal(entry.userId, target.id)
    const audited = JSON.stringify(await db.from('audit_logs').where('id', '>', since))
    assert.notInclude(audited, NEW_PASSWORD)
    assert.notInclude(audited, token)

    // The new password signs in.
    await HttpSession.signIn(target.email, NEW_PASSWORD)

    // Second use: refused with the Indonesian page, the password stays.
    const again = await useLink(path, 'Kopi-Pahit-Sore-99')
    assert.equal(again.page.status, 410)
    assert.include(again.page.page().props.message, 'sudah dipakai')
    assert.equal(again.response.status, 410)
    assert.isTrue(await hash.verify(await passwordOf(target.id), NEW_PASSWORD))
  })

  test('an expired link is refused with its own message and changes nothing', async ({
    client,
    assert,
  }) => {
    const target = await makeStaff(['officer_pk'])
    const { path } = await issuedLink(client, target)
    const link = await PasswordLink.findByOrFail('user_id', target.id)
    link.expiresAt = DateTime.now().minus({ minutes: 1 })
    await link.save()
    const { page, response } = await useLink(path, NEW_PASSWORD)
    assert.equal(page.status, 410)
    assert.include(page.page().props.message, 'sudah kedaluwarsa')
    assert.equal(response.status, 410)
    assert.isTrue(await hash.verify(await passwordOf(target.id), OLD_PASSWORD))
  })

  test('an unknown or malformed token answers the Indonesian page, never a 500', async ({
    assert,
  }) => {
    for (const token of ['x'.repeat(43), 'pendek', '%00%3Cscript%3E', 'a'.repeat(500)]) {
      const { page, response } = await useLink(`/password/set/${token}`, NEW_PASSWORD)
      assert.equal(page.status, 404, token)
      assert.include(page.page().props.message, 'Tautan ini tidak dikenal')
      assert.equal(response.status, 404, token)
    }
  })

  test('a weak password, or a confirmation that differs, is refused under the field and the link stays usable', async ({
    client,
    assert,
  }) => {
    const target = await makeStaff(['officer_pk'], { name: 'Budi Santoso' })
    const { path } = await issuedLink(client, target)
    for (const [password, confirmation, field, message] of [
      ['password123', 'password123', 'password', WEAK_PASSWORD_MESSAGE],
      ['BudiSantoso1985', 'BudiSantoso1985', 'password', WEAK_PASSWORD_MESSAGE],
      [NEW_PASSWORD, 'Kuda-Lari-Pagi-2027', 'password', 'Kata sandi harus sama'],
    ]) {
      const { response, browser } = await useLink(path, password, confirmation)
      assert.equal(response.status, 302, password)
      assert.equal(response.location, path)
      const form = await browser.get(path)
      assert.include(form.page().props.errors[field], message, password)
      assert.notInclude(form.text, password, 'the password is not sent back')
    }
    assert.isTrue(await hash.verify(await passwordOf(target.id), OLD_PASSWORD))
    const { response } = await useLink(path, NEW_PASSWORD)
    assert.equal(response.location, '/login')
  })

  test('a new officer created without a password cannot sign in until the link is used', async ({
    client,
    assert,
  }) => {
    const admin = await demoUser('admin_pk')
    const create = await client
      .post('/officer/store')
      .loginAs(admin)
      .withCsrfToken()
      .withInertia()
      .json({
        name: 'Petugas Tautan Baru',
        nip: '199102032015031999',
        rank: 'Penata Muda (III/a)',
        position: 'Teknisi',
        email: 'petugas.tautan.baru@kalibra.test',
      })
      .redirects(0)
    const officer = await User.findByOrFail('email', 'petugas.tautan.baru@kalibra.test')
    assert.equal(create.header('location'), `/officer/${officer.id}/edit`)
    assert.include(create.flashMessage('success'), 'Buat tautan atur kata sandi')
    const page = await client.get(`/officer/${officer.id}/edit`).loginAs(admin).withInertia()
    assert.deepEqual(page.inertiaProps.account, {
      manageable: true,
      refusal: null,
      linkHours: PASSWORD_LINK_HOURS,
    })

    for (const guess of ['', 'kalibra2026', officer.email, officer.nip!]) {
      assert.isFalse(await hash.verify(officer.password, guess))
    }
    const { path } = await issuedLink(client, officer)
    await useLink(path, NEW_PASSWORD)
    await HttpSession.signIn(officer.email, NEW_PASSWORD)
  })
})
