import { test } from '@japa/runner'
import type { ApiClient } from '@japa/api-client'
import db from '@adonisjs/lucid/services/db'
import testUtils from '@adonisjs/core/services/test_utils'
import AuditLog from '#models/audit_log'
import { signIn as signInAction, perAccount, perAddress } from '#actions/auth/sign_in'
import { waitText } from '#controllers/account/session_controller'
import { forgetExpired, hit, reset } from '#services/throttle'
import { freshEmail, makeStaff } from '#tests/helpers/accounts'

const THROTTLED = /^Terlalu banyak percobaan masuk\. Silakan coba lagi dalam (.+)\.$/
const REAL_PEER = /^(::ffff:)?127\.0\.0\.1$|^::1$/

function signIn(client: ApiClient, email: string, password: string, forwardedFor?: string) {
  const request = client
    .post('/auth/verify')
    .withCsrfToken()
    .header('referer', '/login')
    .form({ email, password })
    .redirects(0)
  return forwardedFor ? request.header('x-forwarded-for', forwardedFor) : request
}

async function lastAuditId() {
  const row = await db.from('audit_logs').max('id as id').first()
  return Number(row?.id ?? 0)
}

test.group('Sign-in throttle | X-Forwarded-For', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('30 wrong passwords with rotating X-Forwarded-For: 429 from the sixth, the right one too, real address audited', async ({
    client,
    assert,
  }) => {
    const user = await makeStaff(['yantek'], { email: freshEmail('xff') })
    const since = await lastAuditId()
    const statuses: number[] = []
    for (let attempt = 1; attempt <= 30; attempt++) {
      const response = await signIn(client, user.email, `salah-${attempt}`, `203.0.113.${attempt}`)
      statuses.push(response.status())
    }
    assert.deepEqual(statuses.slice(0, 5), [302, 302, 302, 302, 302])
    assert.deepEqual(
      statuses.slice(5).filter((status) => status !== 429),
      [],
      'every attempt after the fifth is refused'
    )
    const right = await signIn(client, user.email, 'rahasia123', '198.51.100.1')
    assert.equal(right.status(), 429)
    assert.notExists(right.session('auth_web'))

    const rows = await AuditLog.query()
      .where('id', '>', since)
      .whereIn('action', ['auth.sign_in_failed', 'auth.sign_in_throttled'])
    assert.lengthOf(rows, 31)
    for (const row of rows) assert.match(row.ip!, REAL_PEER, 'the peer, not the forged header')
  })
})

test.group('Sign-in throttle | per account', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('ten failures from ten addresses: the email then waits, from any address, even with the right password', async ({
    client,
    assert,
  }) => {
    const user = await makeStaff(['yantek'], { email: freshEmail('akun') })
    for (let attempt = 1; attempt <= 10; attempt++) {
      const result = await signInAction(user.email, 'salah', `10.0.0.${attempt}`)
      assert.equal(result.status, 'invalid', `attempt ${attempt}`)
    }
    const other = await signInAction(user.email.toUpperCase(), 'rahasia123', '10.9.9.9')
    assert.equal(other.status, 'throttled')

    const blocked = await signIn(client, user.email, 'rahasia123')
    assert.equal(blocked.status(), 429)
    const retryAfter = Number(blocked.header('retry-after'))
    assert.isAtLeast(retryAfter, 1)
    assert.isAtMost(retryAfter, 30)
    assert.equal(blocked.text().match(THROTTLED)?.[1], `${retryAfter} detik`)
    assert.notExists(blocked.session('auth_web'))
  })

  test('nine failures do not block; a success clears the count', async ({ assert }) => {
    const statusOf = async (password: string, ip: string) => {
      const result = await signInAction(user.email, password, ip)
      return result.status
    }
    const user = await makeStaff(['yantek'], { email: freshEmail('akun.reset') })
    for (let attempt = 1; attempt <= 9; attempt++) {
      assert.equal(await statusOf('salah', `10.1.0.${attempt}`), 'invalid')
    }
    assert.equal(await statusOf('rahasia123', '10.1.1.1'), 'signed_in')
    for (let attempt = 1; attempt <= 9; attempt++) {
      assert.equal(await statusOf('salah', `10.2.0.${attempt}`), 'invalid')
    }
    assert.equal(await statusOf('rahasia123', '10.2.1.1'), 'signed_in')
  })

  test('the wait doubles with each further failure, from 30 s to at most 15 min', async ({
    assert,
  }) => {
    const subject = freshEmail('backoff')
    let now = Date.UTC(2026, 0, 5, 8)
    for (let attempt = 1; attempt <= 10; attempt++) {
      assert.deepEqual(await hit(perAccount, subject, now), { allowed: true, attempt })
    }
    const waits: number[] = []
    for (let step = 0; step < 7; step++) {
      const refused = await hit(perAccount, subject, now + 1000)
      assert.isFalse(refused.allowed)
      const wait = refused.allowed ? 0 : refused.retryAfterSeconds + 1
      waits.push(wait)
      // Refused attempts do not count: right after the wait, one more attempt goes through.
      now += wait * 1000
      assert.deepEqual(await hit(perAccount, subject, now), { allowed: true, attempt: 11 + step })
    }
    assert.deepEqual(waits, [30, 60, 120, 240, 480, 900, 900])

    await reset(perAccount, subject)
    assert.deepEqual(await hit(perAccount, subject, now + 1), { allowed: true, attempt: 1 })
  })

  test('the account count is forgotten a day after its first failure', async ({ assert }) => {
    const subject = freshEmail('sehari')
    const start = Date.UTC(2026, 0, 5, 8)
    for (let attempt = 1; attempt <= 9; attempt++) await hit(perAccount, subject, start)
    const nextDay = start + 24 * 60 * 60 * 1000
    assert.deepEqual(await hit(perAccount, subject, nextDay), { allowed: true, attempt: 1 })
  })
})

test.group('Sign-in throttle | store', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('20 attempts at once on one email and address: exactly five are let through', async ({
    assert,
  }) => {
    const subject = `${freshEmail('serentak')}\n10.3.0.1`
    const now = Date.now()
    const decisions = await Promise.all(
      Array.from({ length: 20 }, () => hit(perAddress, subject, now))
    )
    const allowed = decisions.filter((decision) => decision.allowed)
    assert.lengthOf(allowed, 5)
    assert.sameMembers(
      allowed.map((decision) => (decision.allowed ? decision.attempt : 0)),
      [1, 2, 3, 4, 5]
    )
    for (const decision of decisions.filter((one) => !one.allowed)) {
      assert.equal(decision.allowed ? 0 : decision.retryAfterSeconds, 60)
    }
  })

  test('counters whose window and block are over are dropped', async ({ assert }) => {
    const now = Date.now()
    const old = `${freshEmail('lama')}\n10.4.0.1`
    const current = `${freshEmail('baru')}\n10.4.0.2`
    const then = now - 3 * 60 * 1000
    await hit(perAddress, old, then)
    await hit(perAddress, current, now)
    await forgetExpired(now)
    // Read back at the old time: a kept counter would say attempt 2.
    assert.deepEqual(await hit(perAddress, old, then + 1), { allowed: true, attempt: 1 })
    assert.deepEqual(await hit(perAddress, current, now), { allowed: true, attempt: 2 })
  })

  test('the wait is told in seconds up to a minute, then in minutes', ({ assert }) => {
    assert.equal(waitText(1), '1 detik')
    assert.equal(waitText(60), '60 detik')
    assert.equal(waitText(90), '1 menit 30 detik')
    assert.equal(waitText(900), '15 menit')
  })
})
