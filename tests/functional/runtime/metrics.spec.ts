import { createRequire } from 'node:module'
import { DateTime } from 'luxon'
import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import notificationsConfig from '#config/notifications'
import { deliverDue } from '#notifications/outbox'
import { databaseTime } from '#services/database_time'
import { exportProcessStatus } from '#lists/exports/export_process'
import {
  OPERATOR_TOKEN,
  operatorGet,
  operatorKeys,
  operatorStatus,
  whileDatabaseUnreachable,
  withOperatorSettings,
} from '#tests/helpers/operator'
import { sampleSum, seriesOf } from '#tests/helpers/prometheus'

/** The metrics text, as Prometheus scrapes it with the token. */
async function scrape() {
  const answer = await operatorGet('/metrics', { token: true })
  if (answer.status !== 200) throw new Error(`/metrics: ${answer.status} ${answer.text}`)
  return answer.text
}

const requestsOf = (text: string, labels: Record<string, string>) =>
  sampleSum(text, 'kalibra_http_requests_total', labels)

test.group('Metrics | who may read them: nobody by default', (group) => {
  withOperatorSettings(group, {})

  test('closed while neither METRICS_TOKEN nor METRICS_ALLOW is set: 404, the status of ready only', async ({
    assert,
  }) => {
    const metrics = await operatorGet('/metrics', { token: OPERATOR_TOKEN })
    assert.equal(metrics.status, 404)
    assert.notInclude(metrics.text, 'kalibra_')
    const ready = await operatorGet('/health/ready', { token: OPERATOR_TOKEN })
    assert.deepEqual(Object.keys(ready.json()), ['status'])
  })
})

test.group('Metrics | who may read them: the token', (group) => {
  withOperatorSettings(group, { token: OPERATOR_TOKEN })

  test('no token or a wrong one: 401 and no metrics; the right one: the metrics', async ({
    assert,
  }) => {
    const none = await operatorGet('/metrics')
    assert.equal(none.status, 401)
    assert.equal(none.headers.get('www-authenticate'), 'Bearer realm="kalibra-metrics"')
    assert.notInclude(none.text, 'kalibra_')
    // As long as the right one and one character off, shorter, longer.
    const wrong = OPERATOR_TOKEN.slice(0, -1) + (OPERATOR_TOKEN.endsWith('f') ? 'e' : 'f')
    for (const token of [wrong, 'pendek', `${OPERATOR_TOKEN}x`]) {
      const answer = await operatorGet('/metrics', { token })
      assert.equal(answer.status, 401, token)
      assert.notInclude(answer.text, 'kalibra_')
    }
    const basic = await operatorGet('/metrics', {
      headers: { authorization: `Basic ${Buffer.from(`x:${OPERATOR_TOKEN}`).toString('base64')}` },
    })
    assert.equal(basic.status, 401)

    const right = await operatorGet('/metrics', { token: true })
    assert.equal(right.status, 200)
    assert.match(right.headers.get('content-type')!, /^text\/plain; version=0\.0\.4/)
    assert.include(right.text, '# TYPE kalibra_http_requests_total counter')
  })

  test('the token opens nothing else', async ({ assert }) => {
    const answer = await operatorGet('/officer', { token: true })
    assert.equal(answer.status, 302)
    assert.equal(answer.headers.get('location'), '/login')
  })
})

test.group('Metrics | who may read them: an allowed address', (group) => {
  withOperatorSettings(group, { allow: 'loopback' })

  test('an address in METRICS_ALLOW needs no token', async ({ assert }) => {
    assert.equal(await operatorStatus('/metrics'), 200)
    assert.include(await operatorKeys('/health/ready'), 'checks')
  })
})

test.group('Metrics | who may read them: another address', (group) => {
  withOperatorSettings(group, { allow: '10.0.0.0/8', token: OPERATOR_TOKEN })

  test('refused, also when it claims an allowed one in X-Forwarded-For; the token still works', async ({
    assert,
  }) => {
    assert.equal(await operatorStatus('/metrics'), 401)
    // TRUSTED_PROXIES is empty in the tests: the header is not believed.
    const forged = await operatorGet('/metrics', { headers: { 'x-forwarded-for': '10.1.2.3' } })
    assert.equal(forged.status, 401)
    assert.deepEqual(await operatorKeys('/health/ready'), ['status'])
    assert.equal(await operatorStatus('/metrics', { token: true }), 200)
  })
})

test.group('Metrics | requests', (group) => {
  withOperatorSettings(group)

  test('the request counter and the latency histogram grow with the requests', async ({
    assert,
  }) => {
    const before = await scrape()
    for (let i = 0; i < 3; i++) await operatorGet('/login')
    const after = await scrape()
    const login = { method: 'GET', route: '/login', status_class: '2xx', worker: '1' }
    assert.equal(requestsOf(after, login) - requestsOf(before, login), 3)
    const count = (text: string) =>
      sampleSum(text, 'kalibra_http_request_duration_seconds_count', {
        method: 'GET',
        route: '/login',
      })
    assert.equal(count(after) - count(before), 3)
    // The scrape before this one is counted too, under its own path.
    assert.isAbove(requestsOf(after, { route: '/metrics', status_class: '2xx' }), 0)
  })

  test('two URLs of one route are one series; URLs no route matches share one label', async ({
    assert,
  }) => {
    const before = await scrape()
    await operatorGet('/verifikasi/KODE-SATU-111')
    await operatorGet('/verifikasi/KODE-DUA-222')
    await operatorGet('/tidak-ada/halaman-satu-333')
    await operatorGet('/tidak-ada/halaman-dua-444')
    const after = await scrape()

    const routes = new Set(
      seriesOf(after, 'kalibra_http_requests_total').map((sample) => sample.labels.route)
    )
    assert.include([...routes], '/verifikasi/:code')
    assert.notInclude(after, 'KODE-')
    assert.notInclude(after, 'halaman-')
    assert.isFalse(
      [...routes].some((route) => route.startsWith('/tidak-ada')),
      'no series for an unknown URL'
    )
    assert.lengthOf(
      seriesOf(after, 'kalibra_http_request_duration_seconds_count', {
        method: 'GET',
        route: '/verifikasi/:code',
      }),
      1,
      'one latency series for the route'
    )
    assert.equal(
      requestsOf(after, { route: '/verifikasi/:code' }) -
        requestsOf(before, { route: '/verifikasi/:code' }),
      2
    )
    const unmatched = { route: '(unmatched)', status_class: '4xx' }
    assert.equal(requestsOf(after, unmatched) - requestsOf(before, unmatched), 2)
  })
})

test.group('Metrics | what else they show', (group) => {
  withOperatorSettings(group)
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('process metrics, the database pool and the export process of this worker', async ({
    assert,
  }) => {
    const text = await scrape()
    for (const name of [
      'process_cpu_user_seconds_total',
      'process_resident_memory_bytes',
      'nodejs_eventloop_lag_seconds',
      'nodejs_heap_size_used_bytes',
    ]) {
      assert.lengthOf(seriesOf(text, name, { worker: '1' }), 1, name)
    }
    const connection = db.primaryConnectionName
    for (const state of ['used', 'free', 'pending_acquires', 'pending_creates']) {
      assert.lengthOf(
        seriesOf(text, 'kalibra_db_pool_connections', { connection, state, worker: '1' }),
        1,
        state
      )
    }
    assert.isAbove(sampleSum(text, 'kalibra_db_pool_max_connections', { connection }), 0)

    const status = exportProcessStatus()
    assert.equal(sampleSum(text, 'kalibra_export_process_running'), status.started ? 1 : 0)
    assert.equal(sampleSum(text, 'kalibra_exports_in_progress'), status.exports)
    assert.equal(sampleSum(text, 'kalibra_export_process_starts_total'), status.starts)
    assert.equal(sampleSum(text, 'kalibra_export_process_lost_total'), status.lost)
  })

  test('the outbox: messages by state, read once from the database', async ({ assert }) => {
    const before = await scrape()
    const client = db.connection()
    const now = databaseTime(client, DateTime.utc())
    const row = (status: string) => ({
      channel: 'email',
      address: 'uji@kalibra.test',
      subject: 'Uji',
      body: 'Uji',
      status,
      attempts: 0,
      next_attempt_at: now,
      created_at: now,
    })
    await db.table('outbox_messages').multiInsert([row('pending'), row('pending'), row('failed')])
    const after = await scrape()
    const depth = (text: string, state: string) =>
      seriesOf(text, 'kalibra_outbox_messages', { state })
    for (const state of ['pending', 'sending', 'failed']) {
      assert.lengthOf(depth(after, state), 1, state)
      assert.notProperty(depth(after, state)[0].labels, 'worker', 'one value, not one per worker')
    }
    const grew = (state: string) => depth(after, state)[0].value - depth(before, state)[0].value
    assert.equal(grew('pending'), 2)
    assert.equal(grew('failed'), 1)
    assert.equal(grew('sending'), 0)
  })

  test('delivery failures are counted by channel and outcome', async ({ assert }) => {
    const retry = { channel: 'telegram', outcome: 'retry' }
    const before = sampleSum(await scrape(), 'kalibra_outbox_delivery_failures_total', retry)
    const client = db.connection()
    const now = databaseTime(client, DateTime.utc())
    await db.table('outbox_messages').insert({
      channel: 'telegram',
      address: '9001',
      subject: 'Uji',
      body: 'Uji',
      status: 'pending',
      attempts: 0,
      next_attempt_at: now,
      created_at: now,
    })
    const token = notificationsConfig.telegram.token
    notificationsConfig.telegram.token = ''
    try {
      const { retried } = await deliverDue()
      assert.isAtLeast(retried, 1)
    } finally {
      notificationsConfig.telegram.token = token
    }
    const after = sampleSum(await scrape(), 'kalibra_outbox_delivery_failures_total', retry)
    assert.isAtLeast(after - before, 1)
  })
})

test.group('Metrics | without the database', (group) => {
  withOperatorSettings(group)

  test('a database that does not answer leaves the outbox out, not the whole scrape', async ({
    assert,
  }) => {
    const text = await whileDatabaseUnreachable(scrape)
    assert.lengthOf(seriesOf(text, 'kalibra_outbox_messages'), 0)
    assert.isAbove(seriesOf(text, 'kalibra_http_requests_total').length, 0)
    assert.lengthOf(seriesOf(text, 'process_resident_memory_bytes'), 1)
  })
})

test.group('Metrics | SQLite write lock', (group) => {
  withOperatorSettings(group)

  test('a transaction that waits for the write lock is counted, with its wait', async ({
    assert,
  }) => {
    const knexClient = (db.connection().getWriteClient() as any).client
    const metric = (text: string, name: string) =>
      sampleSum(text, `kalibra_sqlite_write_lock_${name}`, { worker: '1' })
    const before = await scrape()

    // Wait 0.2 s instead of 10 s for the lock another connection (another worker) holds.
    const connection = await knexClient.acquireConnection()
    connection.pragma('busy_timeout = 200')
    await knexClient.releaseConnection(connection)
    const Database = createRequire(import.meta.url)('better-sqlite3')
    const other = new Database(app.makePath(process.env.SQLITE_PATH!))
    other.exec('BEGIN IMMEDIATE')
    try {
      await assert.rejects(() => db.transaction(async () => {}))
    } finally {
      other.exec('ROLLBACK')
      other.close()
      const restored = await knexClient.acquireConnection()
      restored.pragma('busy_timeout = 10000')
      await knexClient.releaseConnection(restored)
    }

    const after = await scrape()
    assert.equal(metric(after, 'waits_total') - metric(before, 'waits_total'), 1)
    assert.equal(metric(after, 'timeouts_total') - metric(before, 'timeouts_total'), 1)
    // It waited the whole busy timeout (0.2 s) before giving up.
    assert.isAtLeast(
      metric(after, 'wait_seconds_total') - metric(before, 'wait_seconds_total'),
      0.15
    )
    // A transaction that finds the lock free does not count as a wait.
    await db.transaction(async (trx) => {
      await trx.from('users').select('id').first()
    })
    assert.equal(metric(await scrape(), 'waits_total'), metric(after, 'waits_total'))
  }).skip(
    () => !['sqlite3', 'better-sqlite3'].includes(db.connection().dialect.name),
    'SQLite only'
  )
})
