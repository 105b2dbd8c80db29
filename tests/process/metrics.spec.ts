import { existsSync } from 'node:fs'
import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import { startFakeS3, type FakeS3 } from '#tests/helpers/fake_s3'
import { sampleSum, seriesOf } from '#tests/helpers/prometheus'
import {
  Browser,
  sharedThrowawayDatabase,
  startServer,
  type RunningServer,
  type Throwaway,
} from '#tests/helpers/app_process'

const TOKEN = 'uji-token-proses-0123456789abcdefgh'
const UNUSED_STORAGE = `tmp/metrics-storage-${process.pid}-unused`

/**
 * The production server with two workers (node server.js, WEB_CONCURRENCY=2) keeping its files
 * in an S3-compatible store, scraped as Prometheus would: a new connection per request, so the
 * cluster hands them to one worker, then the other.
 */
test.group('Two workers | health and metrics', (group) => {
  let throwaway: Throwaway
  let store: FakeS3
  let server: RunningServer

  group.setup(async () => {
    throwaway = await sharedThrowawayDatabase()
    store = await startFakeS3()
    try {
      server = await startServer(throwaway, {
        workers: 2,
        env: { METRICS_TOKEN: TOKEN, ...store.env, STORAGE_PATH: UNUSED_STORAGE },
      })
    } catch (error) {
      await store.stop()
      throw error
    }
    return async () => {
      server.child.kill('SIGTERM')
      await server.exited
      await store.stop()
    }
  })

  const scrape = async () => {
    const answer = await new Browser(server.port).send('GET', '/metrics', {
      headers: { authorization: `Bearer ${TOKEN}` },
    })
    if (answer.status !== 200) throw new Error(`/metrics: ${answer.status} ${answer.body}`)
    return answer.body
  }

  test("a scrape counts both workers' requests, whichever worker answers it", async ({
    assert,
  }) => {
    assert.lengthOf(server.workerPids, 2)
    const browser = new Browser(server.port)
    await browser.visit('/login')
    const REQUESTS = 20
    for (let i = 1; i <= REQUESTS; i++) {
      await browser.send('GET', `/verifikasi/KODE-${i}`, { inertia: true })
    }

    const route = { route: '/verifikasi/:code', method: 'GET' }
    const scrapes: string[] = []
    for (let i = 0; i < 4; i++) scrapes.push(await scrape())
    for (const text of scrapes) {
      assert.equal(sampleSum(text, 'kalibra_http_requests_total', route), REQUESTS)
      const one = sampleSum(text, 'kalibra_http_requests_total', { ...route, worker: '1' })
      const two = sampleSum(text, 'kalibra_http_requests_total', { ...route, worker: '2' })
      assert.isAbove(one, 0, 'worker 1 served some')
      assert.isAbove(two, 0, 'worker 2 served some')
      assert.equal(one + two, REQUESTS)
      assert.notInclude(text, 'KODE-')
      assert.equal(sampleSum(text, 'kalibra_workers'), 2)
      assert.equal(sampleSum(text, 'kalibra_metrics_workers_unanswered'), 0)
      for (const worker of ['1', '2']) {
        assert.lengthOf(seriesOf(text, 'process_resident_memory_bytes', { worker }), 1)
        assert.lengthOf(
          seriesOf(text, 'kalibra_export_process_running', { worker }),
          1,
          'each worker has its export process'
        )
      }
    }
    // The scrapes were answered by both workers: each counted some of them.
    const last = scrapes.at(-1)!
    for (const worker of ['1', '2']) {
      assert.isAbove(
        sampleSum(last, 'kalibra_http_requests_total', { route: '/metrics', worker }),
        0
      )
    }
  })

  test('ready checks the S3 store; scrapes and probes write no session row', async ({ assert }) => {
    const sessions = async () => {
      const [row] = await throwaway.query<{ n: number }>('SELECT COUNT(*) AS n FROM sessions')
      return Number(row.n)
    }
    const before = await sessions()
    for (let i = 0; i < 4; i++) {
      const ready = await new Browser(server.port).send('GET', '/health/ready', {
        headers: { authorization: `Bearer ${TOKEN}` },
      })
      assert.equal(ready.status, 200, ready.body)
      assert.deepEqual(JSON.parse(ready.body), {
        status: 'ok',
        checks: {
          database: { ok: true },
          migrations: { ok: true },
          storage: { ok: true },
          outbox: { ok: true },
        },
      })
      const anyone = await new Browser(server.port).send('GET', '/health/ready')
      assert.deepEqual(JSON.parse(anyone.body), { status: 'ok' })
      const live = await new Browser(server.port).send('GET', '/health/live')
      assert.equal(live.status, 200)
      assert.isUndefined(live.headers['set-cookie'])
      await scrape()
    }
    assert.equal(await sessions(), before)
    assert.isFalse(existsSync(app.makePath(UNUSED_STORAGE)), 'the probe went to the bucket')
  })

  test('a worker started again after a crash takes over its slot: no new series', async ({
    assert,
  }) => {
    const [victim] = server.workerPids
    process.kill(victim, 'SIGKILL')
    await server.waitFor(/started HTTP server/, 3)
    const text = await scrape()
    assert.equal(sampleSum(text, 'kalibra_worker_restarts_total'), 1)
    assert.equal(sampleSum(text, 'kalibra_workers'), 2)
    const workers = new Set(
      seriesOf(text, 'process_resident_memory_bytes').map((sample) => sample.labels.worker)
    )
    assert.sameMembers([...workers], ['1', '2'])
  })
})
