// Benchmark of the report calls on 1,000,000 device orders.
//
//   npm run bench:reports                      # 1,000,000 device lines
//   BENCH_DEVICE_LINES=100000 npm run bench:reports
//
// 1. prepares its own SQLite file (tmp/bench-reports.sqlite3): migrations, reference and demo
//    data, then 5,000 facilities and about 333,000 orders of both types with 1,000,000 device
//    lines over three years, statuses, finished work, payments and questionnaires (only once;
//    later runs reuse them), then ANALYZE;
// 2. starts the production server and signs in as admin_pk@kalibra.test;
// 3. asks every report call (and the two report tables' first page) one request at a time,
//    uncached, for this year and for all three years, and prints p50 and the slowest of each,
//    beside a bare node:http hello-world and the app's login page measured the same way.
//
// Settings (environment): BENCH_SQLITE_PATH, BENCH_PORT, BENCH_DEVICE_LINES, BENCH_FACILITIES,
// BENCH_REPEAT. See bench/README.md.
import { createServer } from 'node:http'
import { resolve } from 'node:path'
import Database from 'better-sqlite3'
import { createBench, fail, HOST, log, percentile, prng, ROOT } from './support.js'
// Node 24 reads this TypeScript file (no imports of its own) as it is.
import { FEEDBACK_CODES, FEEDBACK_SCORE_COLUMNS, groupScores } from '../app/enums/feedback.ts'

const SQLITE_PATH = process.env.BENCH_SQLITE_PATH ?? 'tmp/bench-reports.sqlite3'
const PORT = Number(process.env.BENCH_PORT ?? 3398)
const DEVICE_LINES = Number(process.env.BENCH_DEVICE_LINES ?? 1_000_000)
const FACILITIES = Number(process.env.BENCH_FACILITIES ?? 5_000)
const REPEAT = Number(process.env.BENCH_REPEAT ?? 10)
const TARGET_MS = 500
const ADMIN = { email: 'admin_pk@kalibra.test', password: 'kalibra2026' }
const FIRST_DAY = Date.UTC(2024, 0, 1)
const LAST_DAY = Date.UTC(2026, 10, 20)
const DAY = 86_400_000

const {
  baseUrl: BASE_URL,
  prepare,
  startServer,
  stopServer,
  signIn,
  main,
} = createBench({
  sqlitePath: SQLITE_PATH,
  port: PORT,
  timeLimitMs: 30 * 60 * 1000,
})

// ---------------------------------------------------------------------------
// Data: deterministic (seeded), realistic proportions.
// ---------------------------------------------------------------------------

const sqlTime = (ms) => new Date(ms).toISOString().replace('T', ' ').slice(0, 19)
const sqlDate = (ms) => new Date(ms).toISOString().slice(0, 10)
const FACILITY_PREFIX = 'Bench Fasyankes'
const ORDER_PREFIX = 'BR/'

function seed() {
  const db = new Database(resolve(ROOT, SQLITE_PATH))
  try {
    const seeded = db
      .prepare(
        `SELECT count(*) AS n FROM order_devices d JOIN orders o ON o.id = d.order_id WHERE o.number LIKE '${ORDER_PREFIX}%'`
      )
      .get().n
    if (seeded === DEVICE_LINES) {
      log(`${seeded} bench device lines already seeded; ANALYZE`)
      db.exec('ANALYZE')
      return
    }
    if (seeded > 0) {
      log(`removing ${seeded} bench device lines of an earlier, different run`)
      db.exec(`DELETE FROM orders WHERE number LIKE '${ORDER_PREFIX}%'`)
      db.exec(`DELETE FROM fasyankes WHERE fasyankes_name LIKE '${FACILITY_PREFIX}%'`)
    }
    const random = prng(20261124)
    const pick = (items) => items[Math.floor(random() * items.length)]
    const now = sqlTime(Date.now())
    const cities = db.prepare('SELECT code, province_code FROM regencies').all()
    const categories = db
      .prepare('SELECT id FROM fasyankes_categories')
      .all()
      .map((row) => row.id)
    const alkes = db.prepare('SELECT id, laboratory, price FROM alkes').all()
    if (!cities.length || !categories.length || !alkes.length) fail('reference data is missing')

    db.pragma('synchronous = OFF')
    const started = Date.now()
    const insertFacility = db.prepare(
      `INSERT INTO fasyankes (fasyankes_name, type, province_code, city_code, category_id, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?)`
    )
    const facilities = []
    db.transaction(() => {
      for (let n = 1; n <= FACILITIES; n++) {
        const city = pick(cities)
        const result = insertFacility.run(
          `${FACILITY_PREFIX} ${n}`,
          random() < 0.6 ? 'Negeri' : 'Swasta',
          city.province_code,
          city.code,
          pick(categories),
          now,
          now
        )
        facilities.push(Number(result.lastInsertRowid))
      }
    })()

    const insertOrder = db.prepare(
      `INSERT INTO orders (type, number, status, fasyankes_id, device_count, total_price, payment_confirm_date,
         status_changed_at, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`
    )
    const insertLine = db.prepare(
      `INSERT INTO order_devices (order_id, lab, alkes_id, price, status, work_date, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)`
    )
    const insertFeedback = db.prepare(
      `INSERT INTO feedbacks (order_id, unit, ratings, created_at, ${FEEDBACK_SCORE_COLUMNS.join(', ')})
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)`
    )
    let lines = 0
    let orders = 0
    const batch = db.transaction((until) => {
      while (lines < until) {
        orders++
        const internal = random() < 0.65
        const created = FIRST_DAY + Math.floor(random() * (LAST_DAY - FIRST_DAY))
        const old = LAST_DAY - created > 60 * DAY
        const roll = random()
        const status = old
          ? roll < 0.85
            ? 'SELESAI'
            : roll < 0.9
              ? internal
                ? 'DITOLAK'
                : 'DIBATALKAN'
              : internal
                ? 'MENUNGGU FEEDBACK'
                : 'DALAM PROSES'
          : pick(
              internal
                ? ['MENUNGGU', 'ORDER DITERIMA', 'ALAT DITERIMA', 'PROSES PENGERJAAN', 'SELESAI']
                : ['TERKIRIM', 'DITERIMA', 'MENUNGGU PENAWARAN', 'DALAM PROSES', 'SELESAI']
            )
        const count = Math.min(until - lines, 1 + Math.floor(random() * 5))
        const done = status === 'SELESAI'
        const finished = created + (7 + Math.floor(random() * 18)) * DAY
        const devices = []
        for (let i = 0; i < count; i++) {
          const type = pick(alkes)
          const cancelled = random() < 0.03
          devices.push({
            type,
            status: cancelled ? 'BATAL UJI' : done ? 'SELESAI' : 'BELUM SELESAI',
            workDate:
              done && !cancelled ? sqlDate(created + (3 + Math.floor(random() * 15)) * DAY) : null,
          })
        }
        const billable = devices.filter((device) => device.status !== 'BATAL UJI')
        const createdAt = sqlTime(created)
        const result = insertOrder.run(
          internal ? 'internal' : 'insitu',
          `${ORDER_PREFIX}${orders}`,
          status,
          pick(facilities),
          billable.length,
          billable.reduce((sum, device) => sum + device.type.price, 0),
          done ? sqlDate(finished + 5 * DAY) : null,
          done ? sqlTime(finished) : createdAt,
          createdAt,
          createdAt
        )
        const orderId = Number(result.lastInsertRowid)
        for (const device of devices) {
          insertLine.run(
            orderId,
            String(device.type.laboratory).toLowerCase(),
            device.type.id,
            device.type.price,
            device.status,
            device.workDate,
            createdAt,
            createdAt
          )
        }
        lines += count
        if (done && random() < 0.4) {
          const ratings = Object.fromEntries(
            FEEDBACK_CODES.map((code) => [code, 3 + Math.floor(random() * 3)])
          )
          insertFeedback.run(
            orderId,
            'Instalasi Pemeliharaan Sarana',
            JSON.stringify(ratings),
            sqlTime(finished + DAY),
            ...groupScores(ratings)
          )
        }
      }
    })
    for (let until = 50_000; lines < DEVICE_LINES; until += 50_000) {
      batch(Math.min(until, DEVICE_LINES))
      if (process.stdout.isTTY) process.stdout.write(`\r[bench] seeded ${lines} device lines`)
    }
    if (process.stdout.isTTY) process.stdout.write('\n')
    log(
      `seeded ${FACILITIES} facilities, ${orders} orders, ${lines} device lines in ${((Date.now() - started) / 1000).toFixed(1)} s`
    )
    log('ANALYZE')
    db.exec('ANALYZE')
    db.pragma('wal_checkpoint(TRUNCATE)')
  } finally {
    db.close()
  }
}

// ---------------------------------------------------------------------------
// Measurement: one request at a time (each answer is computed, nothing is cached).
// ---------------------------------------------------------------------------

async function timed(url, headers) {
  const started = performance.now()
  const response = await fetch(url, { headers, redirect: 'manual' })
  await response.arrayBuffer()
  if (response.status !== 200) fail(`GET ${url} answered ${response.status}`)
  return performance.now() - started
}

async function measure(url, headers = {}) {
  for (let i = 0; i < 2; i++) await timed(url, headers)
  const times = []
  for (let i = 0; i < REPEAT; i++) times.push(await timed(url, headers))
  times.sort((a, b) => a - b)
  return { p50: percentile(times, 50), max: times[times.length - 1] }
}

/** A bare node:http server answering "hello": the floor of any request on this machine. */
async function helloWorld() {
  const hello = createServer((_request, response) => response.end('hello'))
  await new Promise((done) => hello.listen(0, HOST, done))
  const result = await measure(`http://${HOST}:${hello.address().port}/`)
  hello.close()
  return result
}

const REPORTS = [
  'service/top',
  'service/lowest',
  'service/province',
  'service/city',
  'alkespk/top',
  'alkespk/lowest',
  'alkespk/monthly',
  'alkespk/province',
  'yearly/city',
  'satisfaction',
]

await main(async () => {
  prepare()
  seed()

  await startServer()
  const headers = { cookie: await signIn(ADMIN), accept: 'application/json' }
  const today = new Date().toISOString().slice(0, 10)
  const ranges = [
    ['this year', {}],
    ['three years', { start_date: '2024-01-01', end_date: today }],
    [
      'three years, one province, facilities',
      { start_date: '2024-01-01', end_date: today, province: '73', calculation_type: 'fasyankes' },
    ],
  ]
  const rows = [
    { name: 'hello-world (node:http)', ...(await helloWorld()) },
    { name: 'GET /login', ...(await measure(`${BASE_URL}/login`)) },
  ]
  for (const path of REPORTS) {
    for (const [label, query] of ranges) {
      const url = `${BASE_URL}/api/report/${path}?${new URLSearchParams(query)}`
      rows.push({ name: `${path} (${label})`, report: true, ...(await measure(url, headers)) })
    }
  }
  for (const table of ['berita-acara', 'pnbp']) {
    const query = new URLSearchParams({
      start_date: '2024-01-01',
      end_date: today,
      limit: '20',
      page: '1',
    })
    const url = `${BASE_URL}/report/${table}/datatable?${query}`
    rows.push({
      name: `${table} table, page 1 (three years)`,
      report: true,
      ...(await measure(url, headers)),
    })
  }
  await stopServer()

  const baseline = rows[0].p50
  const width = Math.max(...rows.map((row) => row.name.length))
  console.log(`\n${'call'.padEnd(width)}  p50 ms  max ms  x hello  < ${TARGET_MS} ms`)
  for (const row of rows) {
    console.log(
      `${row.name.padEnd(width)}  ${row.p50.toFixed(1).padStart(6)}  ${row.max.toFixed(1).padStart(6)}  ${(row.p50 / baseline).toFixed(0).padStart(7)}  ${row.report ? (row.max < TARGET_MS ? 'yes' : 'NO') : ''}`
    )
  }
  console.log(
    `\n${DEVICE_LINES} device lines, ${REPEAT} requests per call one at a time, Node ${process.version}, SQLite ${SQLITE_PATH}`
  )
  const missed = rows.filter((row) => row.report && row.max >= TARGET_MS)
  if (missed.length) console.log(`target missed on: ${missed.map((row) => row.name).join(', ')}`)
})
