import { test } from '@japa/runner'
import {
  Browser,
  DEMO_PASSWORD,
  sharedThrowawayDatabase,
  startServer,
  type Answer,
  type RunningServer,
  type Throwaway,
} from '#tests/helpers/app_process'

/** Staff demo accounts, one per client. */
const CLIENTS = [
  'yantek',
  'treasurer',
  'human_resource',
  'admin_pk',
  'officer_pk',
  'admin_ukpr',
  'officer_ukpr',
  'admin_sarpras',
]
const ROUNDS = 6

/** A sign-in from a browser of its own (it opens the login page first, for its token). */
async function signInElsewhere(port: number, email: string, password: string) {
  const browser = new Browser(port)
  await browser.visit('/login')
  return browser.signIn(email, password)
}

test.group('Two workers | concurrent writes', (group) => {
  let throwaway: Throwaway
  let server: RunningServer

  group.setup(async () => {
    throwaway = await sharedThrowawayDatabase()
    // An old .env may still name the limiter's store: it is accepted and ignored.
    server = await startServer(throwaway, { workers: 2, env: { LIMITER_STORE: 'database' } })
    return async () => {
      server.child.kill('SIGTERM')
      await server.exited
    }
  })

  test('8 clients writing at once on 2 workers: no 5xx, every write stored, every sign-in after it works', async ({
    assert,
  }) => {
    assert.lengthOf(server.workerPids, 2)
    const answers: { what: string; answer: Answer }[] = []
    const record = async (what: string, pending: Promise<Answer>) => {
      const answer = await pending
      answers.push({ what, answer })
      return answer
    }
    const since = await throwaway.query<{ id: number }>('SELECT MAX(id) AS id FROM audit_logs')
    const firstId = Number(since[0]?.id ?? 0)
    const unknownEmails: string[] = []

    await Promise.all(
      CLIENTS.map(async (role, index) => {
        const email = `${role}@kalibra.test`
        for (let round = 1; round <= ROUNDS; round++) {
          // Each round a new browser signs in (an audit row, the throttle cleared) ...
          const browser = new Browser(server.port)
          await record('login page', browser.visit('/login'))
          await record('sign-in', browser.signIn(email, DEMO_PASSWORD))
          // ... then, at once, a wrong password for an address nobody uses (a throttle
          // upsert and an audit row) and a profile update (a transaction and an audit row).
          const unknown = `tak.dikenal.${index}.${round}@uji.kalibra.test`
          unknownEmails.push(unknown)
          await Promise.all([
            record('wrong password', signInElsewhere(server.port, unknown, 'salah-sekali')),
            record(
              'profile update',
              browser.send('PUT', '/profile', {
                form: { name: `Uji Serentak ${role} ${round}`, nip: '', rank: '', position: '' },
                headers: { referer: '/profile' },
              })
            ),
          ])
        }
      })
    )

    const failures = answers.filter(({ answer }) => answer.status >= 500)
    assert.deepEqual(
      failures.map(({ what, answer }) => `${what}: ${answer.status} ${answer.body.slice(0, 200)}`),
      []
    )
    const byKind = (what: string) => answers.filter((one) => one.what === what)
    for (const { answer } of byKind('sign-in')) assert.equal(answer.status, 302)
    for (const { answer } of byKind('wrong password')) assert.equal(answer.status, 302)
    for (const { answer } of byKind('profile update')) {
      assert.equal(answer.status, 302)
      assert.equal(answer.headers.location, '/profile')
    }

    // Every write landed: the last name of each account, and one audit row per write.
    for (const role of CLIENTS) {
      const [user] = await throwaway.query<{ name: string }>(
        'SELECT name FROM users WHERE email = ?',
        [`${role}@kalibra.test`]
      )
      assert.equal(user.name, `Uji Serentak ${role} ${ROUNDS}`)
    }
    const audited = await throwaway.query<{ action: string; n: number }>(
      'SELECT action, COUNT(*) AS n FROM audit_logs WHERE id > ? GROUP BY action',
      [firstId]
    )
    const counts = Object.fromEntries(audited.map((row) => [row.action, Number(row.n)]))
    assert.equal(counts['auth.sign_in'], CLIENTS.length * ROUNDS)
    assert.equal(counts['auth.sign_in_failed'], unknownEmails.length)
    assert.equal(counts['profile.update'], CLIENTS.length * ROUNDS)

    // Afterwards each sign-in is served by whichever worker the cluster picks (new
    // connections alternate between the two): 20 in a row must all succeed.
    for (let attempt = 1; attempt <= 20; attempt++) {
      const browser = new Browser(server.port)
      await browser.visit('/login')
      const signedIn = await browser.signIn('yantek@kalibra.test', DEMO_PASSWORD)
      assert.equal(signedIn.status, 302, `sign-in ${attempt}`)
      assert.equal(signedIn.headers.location, '/dashboard')
      const profile = await browser.visit('/profile')
      assert.equal(profile.status, 200, `profile after sign-in ${attempt}`)
      assert.equal(JSON.parse(profile.body).component, 'account/profile')
    }
  })

  test('X-Forwarded-For is not trusted by default: 30 wrong passwords with rotating addresses get 429 from the sixth', async ({
    assert,
  }) => {
    const browser = new Browser(server.port)
    await browser.visit('/login')
    const statuses: number[] = []
    for (let attempt = 1; attempt <= 30; attempt++) {
      const answer = await browser.signIn('treasurer@kalibra.test', `salah-${attempt}`, {
        'x-forwarded-for': `203.0.113.${attempt}`,
      })
      statuses.push(answer.status)
    }
    assert.deepEqual(statuses.slice(0, 5), [302, 302, 302, 302, 302])
    assert.deepEqual([...new Set(statuses.slice(5))], [429])
    const right = await browser.signIn('treasurer@kalibra.test', DEMO_PASSWORD, {
      'x-forwarded-for': '198.51.100.7',
    })
    assert.equal(right.status, 429)
    assert.match(right.body, /^Terlalu banyak percobaan masuk\. Silakan coba lagi dalam /)

    const forged = await throwaway.query<{ n: number }>(
      "SELECT COUNT(*) AS n FROM audit_logs WHERE ip LIKE '203.0.113.%' OR ip = '198.51.100.7'"
    )
    assert.equal(Number(forged[0].n), 0, 'no forged address in the audit log')
  })
})
