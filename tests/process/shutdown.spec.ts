import { request as httpRequest } from 'node:http'
import { setTimeout as sleep } from 'node:timers/promises'
import { test } from '@japa/runner'
import {
  Browser,
  HOST,
  childrenOf,
  sharedThrowawayDatabase,
  isRunning,
  startServer,
  type Answer,
  type RunningServer,
  type Throwaway,
} from '#tests/helpers/app_process'

const DRAIN_LINE = /menyelesaikan permintaan yang berjalan, lalu berhenti/

/**
 * A sign-in whose body arrives in two halves: `between` runs after the headers
 * and the first half are sent (the request is then in flight on a worker).
 */
async function slowSignIn(port: number, between: () => Promise<void>) {
  const browser = new Browser(port)
  await browser.visit('/login')
  const prepared = browser.prepare({
    form: { email: 'lambat@uji.kalibra.test', password: 'salah-sekali' },
    headers: { referer: '/login' },
  })
  const half = Math.floor(prepared.body.length / 2)
  return new Promise<Answer>((resolve, reject) => {
    const outgoing = httpRequest(
      {
        host: HOST,
        port,
        method: 'POST',
        path: '/auth/verify',
        headers: prepared.headers,
        agent: false,
      },
      (response) => {
        const chunks: Buffer[] = []
        response.on('data', (chunk) => chunks.push(chunk))
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks).toString('utf8'),
          })
        )
      }
    )
    outgoing.on('error', reject)
    outgoing.flushHeaders()
    outgoing.write(prepared.body.slice(0, half), async () => {
      try {
        // Let the worker read the headers before the signal (no event tells us when).
        await sleep(300)
        await between()
        outgoing.end(prepared.body.slice(half))
      } catch (error) {
        reject(error)
      }
    })
  })
}

test.group('Shutdown | node server.js with two workers', (group) => {
  let throwaway: Throwaway
  let server: RunningServer

  group.setup(async () => {
    throwaway = await sharedThrowawayDatabase()
    server = await startServer(throwaway, { workers: 2, env: { SHUTDOWN_TIMEOUT: '8' } })
    return async () => {
      if (server.child.exitCode === null) server.child.kill('SIGKILL')
    }
  })

  test('a crashed worker is started again after a growing delay, not in a tight loop', async ({
    assert,
  }) => {
    const [first] = server.workerPids
    process.kill(first, 'SIGKILL')
    await server.waitFor(/started HTTP server/, 3)
    const third = server
      .output()
      .split('\n')
      .filter((line) => line.includes('started HTTP server'))
      .map((line) => Number(JSON.parse(line).pid))[2]
    process.kill(third, 'SIGKILL')
    await server.waitFor(/started HTTP server/, 4)

    const restarts = server
      .output()
      .split('\n')
      .filter((line) => line.includes('dijalankan ulang'))
    assert.lengthOf(restarts, 2)
    assert.include(
      restarts[0],
      `Worker ${first} berhenti (SIGKILL); dijalankan ulang dalam 1 detik.`
    )
    assert.include(
      restarts[1],
      `Worker ${third} berhenti (SIGKILL); dijalankan ulang dalam 2 detik.`
    )

    const browser = new Browser(server.port)
    const page = await browser.visit('/login')
    assert.equal(page.status, 200, 'the workers serve again')
  })

  test('SIGTERM during an upload: the request completes, then every process exits', async ({
    assert,
  }) => {
    const workers = server
      .output()
      .split('\n')
      .filter((line) => line.includes('started HTTP server'))
      .map((line) => Number(JSON.parse(line).pid))
      .filter(isRunning)
    assert.lengthOf(workers, 2)

    const answer = await slowSignIn(server.port, async () => {
      server.child.kill('SIGTERM')
      await server.waitFor(DRAIN_LINE, 2)
    })
    assert.equal(answer.status, 302, 'a real answer, not a cut connection')
    assert.equal(answer.headers.location, '/login')
    assert.equal(answer.headers.connection, 'close')

    assert.equal(await server.exited, 0, 'exit 0: drained within SHUTDOWN_TIMEOUT, not forced')
    assert.deepEqual(workers.filter(isRunning), [], 'no worker left behind')
  })
})

test.group('Shutdown | npm start', (group) => {
  let throwaway: Throwaway

  group.setup(async () => {
    throwaway = await sharedThrowawayDatabase()
  })

  test('SIGTERM to npm reaches the server: the request in flight completes and nothing keeps running', async ({
    assert,
  }) => {
    const server = await startServer(throwaway, {
      workers: 2,
      npm: true,
      env: { SHUTDOWN_TIMEOUT: '8' },
    })
    const npmPid = server.child.pid!
    const [primary] = childrenOf(npmPid)
    assert.exists(primary, 'npm runs the server as its child')
    const processes = [primary, ...childrenOf(primary)]
    assert.lengthOf(processes, 3, 'the primary and two workers')
    try {
      const answer = await slowSignIn(server.port, async () => {
        server.child.kill('SIGTERM')
        await server.waitFor(DRAIN_LINE, 2)
      })
      assert.equal(answer.status, 302)
      assert.equal(answer.headers.location, '/login')
      assert.equal(answer.headers.connection, 'close')
      await server.exited
      assert.deepEqual(processes.filter(isRunning), [], 'primary and workers are gone with npm')
    } finally {
      for (const pid of processes.filter(isRunning)) process.kill(pid, 'SIGKILL')
    }
  })
})
