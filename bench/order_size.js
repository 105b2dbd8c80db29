// Benchmark: the largest order a facility may submit, and what it does to everyone else.
//
//   npm run bench:order-size [-- --db sqlite|pg|both]
//
// Issue 33, point 1: a request of 200 lines x 100 wrote 20,000 device lines in one request
// (38 s on SQLite) while other users waited; an order now holds at most ORDER_MAX_DEVICES
// (500). For each database this script:
// 1. prepares its own database (SQLite tmp/bench_order_size.sqlite3, or the PostgreSQL
//    database kalibra_order_size_bench), starts the production server with two workers and a
//    bare node:http hello-world beside it, and signs in as the demo facility;
// 2. measures GET /login (a guest's page) with autocannon for DURATION s on an idle server;
// 3. measures it again while the facility submits maximum-size orders (5 lines x 100 = the
//    limit) one after the other for the same time, recording each submission's latency;
// 4. sends the old 200 x 100 request a few times and records how fast it is refused;
// 5. prints p50/p95/p99/max of each, beside the hello-world of the same run.
// The target: GET /login while maximum orders are written stays within a few hundred ms (p99
// at most 300 ms) and every order is answered.
//
// Settings (environment): BENCH_PORT (the first of two ports, default 3830), BENCH_DURATION
// (seconds measured, default 15), BENCH_CONNECTIONS (guests on /login, default 5),
// BENCH_PG_HOST/PORT/USER/PASSWORD, BENCH_LOG_LEVEL.
import { availableParallelism } from 'node:os'
import { resolve } from 'node:path'
import { parseArgs } from 'node:util'
import autocannon from 'autocannon'
import pg from 'pg'
import {
  createBench,
  ensurePgDatabase,
  fail,
  HOST,
  log,
  PG,
  percentile,
  ROOT,
  sleep,
  startHello,
  stopHello,
} from './support.js'

const { values: options } = parseArgs({ options: { db: { type: 'string', default: 'both' } } })
const DATABASES = options.db === 'both' ? ['sqlite', 'pg'] : [options.db]
if (DATABASES.some((db) => !['sqlite', 'pg'].includes(db))) fail('--db: sqlite, pg or both')

const PORT = Number(process.env.BENCH_PORT ?? 3830)
const DURATION = Number(process.env.BENCH_DURATION ?? 15)
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 5)
const PG_DATABASE = 'kalibra_order_size_bench'
const SQLITE_PATH = 'tmp/bench_order_size.sqlite3'
const FACILITY = { email: 'fasyankes@kalibra.test', password: 'kalibra2026' }
const MAX_DEVICES = 500
const LOGIN_P99_TARGET_MS = 300

const LETTER = Buffer.from(
  [
    '%PDF-1.4',
    '1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj',
    '2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj',
    '3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >> endobj',
    'trailer << /Root 1 0 R >>',
    '%%EOF',
    '',
  ].join('\n')
)

/** A device type the facility may request for Alat Datang, read from the bench database. */
async function internalAlkesId(database) {
  const sql =
    'SELECT alkes_id AS id FROM alkes_services WHERE order_type = ? ORDER BY alkes_id LIMIT 1'
  if (database === 'pg') {
    const client = new pg.Client({ ...PG, database: PG_DATABASE })
    await client.connect()
    try {
      const { rows } = await client.query(sql.replace('?', '$1'), ['internal'])
      return Number(rows[0]?.id)
    } finally {
      await client.end()
    }
  }
  const { default: Database } = await import('better-sqlite3')
  const db = new Database(resolve(ROOT, SQLITE_PATH), { readonly: true })
  try {
    return Number(db.prepare(sql).get('internal')?.id)
  } finally {
    db.close()
  }
}

/** The order form as a browser sends it: `lines` lines of `quantity` devices each. */
function orderForm(alkesId, lines, quantity) {
  const form = new FormData()
  const day = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10)
  form.set('delivery_date_estimation', day)
  form.set('arrival_date_estimation', day)
  form.set('contact_person_name', 'Rahmat Hidayat')
  form.set('contact_person_phone', '081234567890')
  form.set('delivery_option', 'Diantar oleh pihak pertama')
  form.set('service_type', 'Reguler')
  for (let index = 0; index < lines; index++) {
    form.set(`alkes[${index}][alkes_id]`, String(alkesId))
    form.set(`alkes[${index}][quantity]`, String(quantity))
  }
  form.set('letter', new Blob([LETTER], { type: 'application/pdf' }), 'surat.pdf')
  return form
}

/** Submits one order as the signed-in facility: its latency and whether it was taken. */
async function submit(baseUrl, cookie, form) {
  const xsrf = decodeURIComponent(/XSRF-TOKEN=([^;]+)/.exec(cookie)?.[1] ?? '')
  const started = performance.now()
  const response = await fetch(`${baseUrl}/internal`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'cookie': cookie, 'x-xsrf-token': xsrf, 'referer': `${baseUrl}/internal/create` },
    body: form,
  })
  await response.arrayBuffer()
  const ms = performance.now() - started
  const location = response.headers.get('location') ?? ''
  return { ms, status: response.status, created: /\/internal\/\d+\/summary$/.test(location) }
}

/** autocannon on one URL for `duration` s: every 2xx latency and the failures. */
async function load(url, duration) {
  const latencies = []
  const instance = autocannon({ url, connections: CONNECTIONS, duration, timeout: 10 })
  instance.on('response', (_client, statusCode, _bytes, responseTime) => {
    if (statusCode >= 200 && statusCode < 300) latencies.push(responseTime)
  })
  const result = await instance
  return { latencies, failures: result.non2xx + result.errors + result.timeouts }
}

function summary(latencies) {
  const sorted = [...latencies].sort((a, b) => a - b)
  return {
    n: sorted.length,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    max: sorted.at(-1) ?? NaN,
  }
}

async function measure(database) {
  const port = database === 'sqlite' ? PORT : PORT + 2
  const bench = createBench({
    database,
    sqlitePath: SQLITE_PATH,
    pgDatabase: PG_DATABASE,
    port,
    timeLimitMs: 15 * 60 * 1000,
  })
  if (database === 'pg') await ensurePgDatabase(PG_DATABASE)
  bench.prepare()
  bench.env.WEB_CONCURRENCY = '2'
  const hello = await startHello(port + 1)
  await bench.startServer()
  const rows = []
  try {
    const cookie = await bench.signIn(FACILITY)
    const alkesId = await internalAlkesId(database)
    if (!alkesId) fail('no device type offered for Alat Datang in the bench database')
    const first = await submit(bench.baseUrl, cookie, orderForm(alkesId, 5, 100))
    if (!first.created) fail(`a ${MAX_DEVICES}-device order was not taken (${first.status})`)

    const helloRun = await load(`http://${HOST}:${port + 1}/`, DURATION)
    rows.push({ case: 'hello-world', ...summary(helloRun.latencies), failures: helloRun.failures })
    const idle = await load(`${bench.baseUrl}/login`, DURATION)
    rows.push({ case: 'GET /login, idle', ...summary(idle.latencies), failures: idle.failures })

    const orders = []
    let writing = true
    const writer = (async () => {
      while (writing) orders.push(await submit(bench.baseUrl, cookie, orderForm(alkesId, 5, 100)))
    })()
    await sleep(500)
    const busy = await load(`${bench.baseUrl}/login`, DURATION)
    writing = false
    await writer
    rows.push({
      case: `GET /login, ${MAX_DEVICES}-device orders written meanwhile`,
      ...summary(busy.latencies),
      failures: busy.failures,
    })
    rows.push({
      case: `POST /internal, ${MAX_DEVICES} devices (5 x 100)`,
      ...summary(orders.map((order) => order.ms)),
      failures: orders.filter((order) => !order.created).length,
    })

    const refused = []
    for (let i = 0; i < 5; i++) {
      refused.push(await submit(bench.baseUrl, cookie, orderForm(alkesId, 200, 100)))
    }
    rows.push({
      case: 'POST /internal, 20,000 devices (200 x 100), refused',
      ...summary(refused.map((order) => order.ms)),
      failures: refused.filter((order) => order.created || order.status >= 500).length,
    })
    const login = rows[2]
    return { database, rows, met: login.p99 <= LOGIN_P99_TARGET_MS && !login.failures }
  } finally {
    await bench.stopServer()
    await stopHello(hello)
    bench.dispose()
  }
}

const fmt = (value) => (Number.isFinite(value) ? value.toFixed(0) : '-')

const results = []
try {
  for (const database of DATABASES) results.push(await measure(database))
} catch (error) {
  console.error(`[bench] FAILED: ${error.message}`)
  process.exit(1)
}

for (const result of results) {
  console.log(`\n${result.database === 'pg' ? 'PostgreSQL' : 'SQLite'}, two workers`)
  console.log('| case | n | p50 ms | p95 ms | p99 ms | max ms | failures |')
  console.log('|---|---|---|---|---|---|---|')
  for (const row of result.rows) {
    const cells = [row.p50, row.p95, row.p99, row.max].map(fmt).join(' | ')
    console.log(`| ${row.case} | ${row.n} | ${cells} | ${row.failures} |`)
  }
  console.log(
    `GET /login p99 with maximum orders written: ${result.met ? 'within' : 'OVER'} ` +
      `${LOGIN_P99_TARGET_MS} ms`
  )
}
log(
  `${CONNECTIONS} guests on /login, ${DURATION} s per case, Node ${process.version}, ` +
    `${availableParallelism()} cores`
)
process.exit(results.every((result) => result.met) ? 0 : 1)
