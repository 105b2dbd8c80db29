import { createServer, connect, type Server, type Socket } from 'node:net'
import { test } from '@japa/runner'
import env from '#start/env'
import { UNAVAILABLE_MESSAGE } from '#exceptions/handler'
import {
  Browser,
  DEMO_PASSWORD,
  HOST,
  createThrowawayDatabase,
  freePort,
  onPostgres,
  sharedThrowawayDatabase,
  signedIn,
  startServer,
  type Answer,
  type RunningServer,
  type Throwaway,
} from '#tests/helpers/app_process'

const UNREACHABLE_LINE = /database unreachable/
const BACK_LINE = /database reachable again/

/**
 * A TCP proxy in front of PostgreSQL that the test stops and starts: stopped, it refuses new
 * connections and cuts the open ones, as a stopped database server does.
 */
class Switch {
  private server: Server | undefined
  private sockets = new Set<Socket>()

  constructor(
    readonly port: number,
    private target: { host: string; port: number }
  ) {}

  start() {
    const server = createServer((client) => {
      const upstream = connect(this.target.port, this.target.host)
      for (const socket of [client, upstream]) {
        this.sockets.add(socket)
        socket.on('close', () => this.sockets.delete(socket))
        socket.on('error', () => {
          client.destroy()
          upstream.destroy()
        })
      }
      client.pipe(upstream)
      upstream.pipe(client)
    })
    this.server = server
    return new Promise<void>((resolve, reject) => {
      server.once('error', reject)
      server.listen(this.port, HOST, () => resolve())
    })
  }

  stop() {
    const server = this.server
    this.server = undefined
    for (const socket of this.sockets) socket.destroy()
    return new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()))
  }
}

/** Waits until `check` holds, asking every 250 ms, for at most `seconds`. */
async function eventually(check: () => Promise<boolean>, seconds = 30) {
  const until = Date.now() + seconds * 1000
  while (Date.now() < until) {
    if (await check()) return true
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  return false
}

function lines(server: RunningServer, pattern: RegExp) {
  return server
    .output()
    .split('\n')
    .filter((line) => pattern.test(line))
}

function assertUnavailable(assert: any, answer: Answer, inertia: boolean) {
  assert.equal(answer.status, 503, answer.body.slice(0, 300))
  assert.equal(answer.headers['retry-after'], '30')
  if (inertia) {
    assert.deepEqual(JSON.parse(answer.body), { message: UNAVAILABLE_MESSAGE })
  } else {
    assert.match(String(answer.headers['content-type']), /^text\/plain/)
    assert.equal(answer.body, UNAVAILABLE_MESSAGE)
  }
}

/**
 * Everything that needs the database answers 503: a first visit (its session is looked up on
 * the server), the sign-in form (plain and Inertia) and, when `user` is given, a signed-in
 * user's page (their session lives on the server), as a browser and as Inertia.
 */
async function assertAllUnavailable(assert: any, port: number, user?: [Browser, string]) {
  assertUnavailable(assert, await new Browser(port).send('GET', '/login'), false)
  assertUnavailable(assert, await new Browser(port).send('GET', '/login', { inertia: true }), true)
  const guest = new Browser(port)
  const signIn = await guest.signIn('admin@kalibra.test', DEMO_PASSWORD, { referer: '/login' })
  assertUnavailable(assert, signIn, false)
  const inertiaSignIn = await guest.send('POST', '/auth/verify', {
    form: { email: 'admin@kalibra.test', password: DEMO_PASSWORD },
    inertia: true,
    headers: { referer: '/login' },
  })
  assertUnavailable(assert, inertiaSignIn, true)
  if (user) {
    const [browser, home] = user
    assertUnavailable(assert, await browser.send('GET', home), false)
    assertUnavailable(assert, await browser.send('GET', home, { inertia: true }), true)
  }
}

/**
 * Issue 33, point 4: PostgreSQL stopped or unreachable. Pages and sign-in answer 503 with
 * `Retry-After` and the Indonesian message, as a busy SQLite does, not a 500; the outage is
 * logged once, not once per request; and once the database is back, requests succeed again.
 */
test.group('Database outage | PostgreSQL unreachable', (group) => {
  let throwaway: Throwaway

  group.setup(async () => {
    throwaway = onPostgres()
      ? await createThrowawayDatabase('outage')
      : await sharedThrowawayDatabase()
    return () => (onPostgres() ? throwaway.drop() : undefined)
  })

  test('nothing listens on the database port: 503 with Retry-After, logged once', async ({
    assert,
  }) => {
    // No database is needed: the server is pointed at a port where nothing listens.
    const server = await startServer(throwaway, {
      workers: 1,
      env: {
        DB_CONNECTION: 'pg',
        DATABASE_URL: '',
        PG_HOST: HOST,
        PG_PORT: String(await freePort()),
        PG_DB_NAME: 'kalibra_nowhere',
      },
    })
    try {
      for (let round = 0; round < 5; round++) await assertAllUnavailable(assert, server.port)
      assert.lengthOf(lines(server, UNREACHABLE_LINE), 1, server.output().slice(-3000))
      assert.lengthOf(lines(server, /"level":50/), 1, 'no other error logged')
    } finally {
      server.child.kill('SIGTERM')
      await server.exited
    }
  }).timeout(180_000)

  test('the database stopped and started again: 503 meanwhile, logged once, then served', async ({
    assert,
  }) => {
    const target = {
      host: env.get('PG_HOST', '127.0.0.1'),
      port: env.get('PG_PORT', 5432),
    }
    const database = new Switch(await freePort(), target)
    await database.start()
    const server = await startServer(throwaway, {
      workers: 1,
      env: { DATABASE_URL: '', PG_HOST: HOST, PG_PORT: String(database.port) },
    })
    try {
      const user = await signedIn(server.port, 'yantek@kalibra.test')
      const home = '/telegram/connect'
      const before = await user.visit(home)
      assert.equal(before.status, 200)

      await database.stop()
      for (let round = 0; round < 5; round++) {
        await assertAllUnavailable(assert, server.port, [user, home])
      }
      assert.lengthOf(lines(server, UNREACHABLE_LINE), 1, server.output().slice(-3000))
      assert.lengthOf(lines(server, /"level":50/), 1, 'no other error logged')

      await database.start()
      assert.isTrue(
        await eventually(async () => {
          const page = await user.visit(home)
          return page.status === 200
        }),
        server.output().slice(-3000)
      )
      const guest = new Browser(server.port)
      await guest.visit('/login')
      const signIn = await guest.signIn('yantek@kalibra.test', DEMO_PASSWORD, {
        referer: '/login',
      })
      assert.equal(signIn.status, 302)
      assert.notInclude(String(signIn.headers.location), '/login')
      await server.waitFor(BACK_LINE)
      assert.lengthOf(lines(server, UNREACHABLE_LINE), 1)
    } finally {
      server.child.kill('SIGTERM')
      await server.exited
      await database.stop()
    }
  })
    .skip(!onPostgres(), 'needs PostgreSQL behind the proxy (run with DB_CONNECTION=pg)')
    .timeout(240_000)
})
