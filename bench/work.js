// Working-lab benchmark: the reads of every role while the lab writes (issue 34).
//
//   npm run bench:work                                  # 1,000,000 orders, SQLite and PostgreSQL
//   node bench/work.js --orders 20000 --db sqlite       # a quick run
//   node bench/work.js --db pg --instances 2            # one instance, then two on one PostgreSQL
//
// For each database: the data set of bench/scale_data.js is built once (or reused, the same one
// bench/scale.js measures) and copied to a work database, so every run starts from the same rows
// and the writes of a run never reach the stored set. The production server is started on the
// copy (or two instances on one PostgreSQL copy), every role signs in through the real login
// flow, and a weighted mix of reads (order lists, dashboards, My tasks, notices, certificates,
// calibrators, inventory, the top-bar search) is sent by 20 connections for 60 s with no
// writes, then while a paced writer (independent of the readers) sends 2, 5 and 10 realistic
// writes a second: facility requests of 10 lines with their letter, approvals, receiving,
// officer assignments, worksheets with measurements, certificate approvals, invoice steps,
// notices marked read, loans made, decided and returned. A form the user would open first is
// opened first (its props give the write's targets). The figures go to the terminal and to
// bench/RESULTS.md. See bench/README.md ("Working lab").
import { execFileSync } from 'node:child_process'
import { copyFileSync, existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import http from 'node:http'
import { cpus, loadavg, release, totalmem } from 'node:os'
import { resolve } from 'node:path'
import { parseArgs } from 'node:util'
import autocannon from 'autocannon'
import Database from 'better-sqlite3'
import pg from 'pg'
import {
  cpuTicks,
  createBench,
  fail,
  HOST,
  log,
  machineTicks,
  PG,
  percentile,
  prng,
  ROOT,
  sleep,
  startHello,
  stopHello,
} from './support.js'
import {
  DEMO_FACILITY_EMAIL,
  ensureDataset,
  LARGE_FACILITY_EMAILS,
  removeSqlite,
  SMALL_FACILITY_EMAIL,
} from './scale_data.js'

const { values: options } = parseArgs({
  options: {
    'orders': { type: 'string', default: '1000000' },
    'db': { type: 'string' },
    'instances': { type: 'string', default: '1' },
    'connections': { type: 'string', default: '20' },
    'duration': { type: 'string', default: '60' },
    'settle': { type: 'string', default: '5' },
    'rates': { type: 'string', default: '2,5,10' },
    'slow-ms': { type: 'string', default: '100' },
    'reseed': { type: 'boolean', default: false },
    'results': { type: 'string', default: 'bench/RESULTS.md' },
    'no-results': { type: 'boolean', default: false },
    'help': { type: 'boolean', default: false },
  },
})
if (options.help) {
  console.log(`node bench/work.js [options]
  --orders N         orders of the data set (default 1000000; 20000 for a quick run)
  --db D             sqlite, pg or both (default both; pg with --instances 2)
  --instances N      1 (default), or 2: on PostgreSQL, the mix against one instance and then
                     against two instances on one database
  --connections N    reading connections (default 20)
  --duration S       seconds measured per phase (default 60)
  --settle S         seconds between phases, the next write rate already running (default 5)
  --rates R,R,...    writes per second of the phases after the read-only one (default 2,5,10)
  --slow-ms MS       the server logs statements slower than this (DB_SLOW_QUERY_MS, default 100)
  --reseed           rebuild the stored data set even when it matches
  --results FILE     where the figures are written (default bench/RESULTS.md)
  --no-results       print only`)
  process.exit(0)
}

const ORDERS = Number(options.orders)
const INSTANCES = Number(options.instances)
// Two instances share one PostgreSQL database: --instances 2 runs on PostgreSQL unless told.
const DB = options.db ?? (INSTANCES === 2 ? 'pg' : 'both')
const DATABASES = DB === 'both' ? ['sqlite', 'pg'] : [DB]
const CONNECTIONS = Number(options.connections)
const DURATION = Number(options.duration)
const SETTLE = Number(options.settle)
const RATES = [0, ...options.rates.split(',').map(Number)]
if (
  !(ORDERS >= 1000) ||
  DATABASES.some((db) => !['sqlite', 'pg'].includes(db)) ||
  ![1, 2].includes(INSTANCES) ||
  RATES.some((rate) => !(rate >= 0))
) {
  console.error('--orders >= 1000, --db sqlite|pg|both, --instances 1|2, --rates numbers')
  process.exit(2)
}
if (INSTANCES === 2 && DATABASES.includes('sqlite')) {
  console.error('--instances 2 runs on PostgreSQL only (--db pg): two instances share one database')
  process.exit(2)
}

const PORT = Number(process.env.BENCH_PORT ?? 3700)
const PORTS = { a: PORT, b: PORT + 1, hello: PORT + 2 }
// The stored data sets are bench/scale.js's; the runs write to copies.
const STORED_SQLITE = process.env.BENCH_SQLITE_PATH ?? 'tmp/bench-scale.sqlite3'
const STORED_PG = process.env.BENCH_PG_DATABASE ?? 'kalibra_bench_scale'
const WORK_SQLITE = process.env.BENCH_WORK_SQLITE_PATH ?? 'tmp/bench-work.sqlite3'
const WORK_PG = process.env.BENCH_WORK_PG_DATABASE ?? 'kalibra_bench_work'
const STORAGE = 'tmp/bench-work-storage'
const PASSWORD = 'kalibra2026'
/** Most writes under way at once: past it a due write is skipped (counted). */
const MAX_IN_FLIGHT = 40
const REQUEST_TIMEOUT_MS = 30_000

/** The issue's targets. */
const TARGETS = {
  readP95: { sqlite: 100, pg: 150 },
  readVsIdle: 1.5,
  writeP95: 300,
  throughputKept: 0.7,
  tenVsFive: 2,
  targetRate: 5,
  topRate: 10,
}

const fmt = (value, digits = 1) => (Number.isFinite(value) ? value.toFixed(digits) : '-')
const thousands = (value) => Number(value).toLocaleString('en-US')
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`
/** The lab's day (UTC+8), `days` from today, as YYYY-MM-DD. */
const labDay = (days = 0) =>
  new Date(Date.now() + 8 * 3600_000 + days * 86_400_000).toISOString().slice(0, 10)

// ---------------------------------------------------------------------------
// HTTP: keep-alive connections, one request at a time on each
// ---------------------------------------------------------------------------

/**
 * One request; resolves with status, headers, body text and milliseconds to the last byte.
 * Never rejects: a failure is `status: 0` with the error.
 */
function send(agent, base, { method = 'GET', path, headers = {}, body }, retried = false) {
  const url = new URL(path, base)
  const started = performance.now()
  return new Promise((done) => {
    const request = http.request(
      url,
      { method, agent, headers, timeout: REQUEST_TIMEOUT_MS },
      (response) => {
        const chunks = []
        response.on('data', (chunk) => chunks.push(chunk))
        response.on('end', () =>
          done({
            status: response.statusCode,
            headers: response.headers,
            text: Buffer.concat(chunks).toString('utf8'),
            ms: performance.now() - started,
          })
        )
        response.on('error', (error) =>
          done({ status: 0, error: error.message, ms: performance.now() - started })
        )
      }
    )
    request.on('timeout', () => request.destroy(new Error('timeout')))
    request.on('error', (error) => {
      // A kept-alive connection the server closed while idle (its keep-alive timeout): the
      // request never reached it; sent again once on a new connection, as browsers do.
      if (!retried && request.reusedSocket && error.code === 'ECONNRESET') {
        send(agent, base, { method, path, headers, body }, true).then(done)
      } else done({ status: 0, error: error.message, ms: performance.now() - started })
    })
    if (body) request.end(body)
    else request.end()
  })
}

/** The page object Inertia puts in the HTML (its asset version, for X-Inertia requests). */
function inertiaPage(html) {
  const script = /<script[^>]*data-page="app"[^>]*>([\s\S]*?)<\/script>/.exec(html)
  if (script) return JSON.parse(script[1])
  const attribute = /data-page="([^"]*)"/.exec(html)
  if (!attribute) return null
  return JSON.parse(
    attribute[1]
      .replaceAll('&quot;', '"')
      .replaceAll('&#39;', "'")
      .replaceAll('&lt;', '<')
      .replaceAll('&gt;', '>')
      .replaceAll('&amp;', '&')
  )
}

/** A signed-in user: the cookie header, the XSRF token for writes. */
function session(cookie, email, extra = {}) {
  const match = /(?:^|; )XSRF-TOKEN=([^;]*)/.exec(cookie)
  return { cookie, email, xsrf: match ? decodeURIComponent(match[1]) : '', ...extra }
}

/** A minimal PDF of about `size` bytes: a scanned letter as a type sniffer sees it. */
function letterPdf(size) {
  const head = [
    '%PDF-1.4',
    '1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj',
    '2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj',
    '3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] >> endobj',
    'trailer << /Root 1 0 R >>',
    '%%EOF',
    '',
  ].join('\n')
  return Buffer.concat([Buffer.from(head), Buffer.alloc(Math.max(0, size - head.length), 0x20)])
}

function multipart(fields, files) {
  const boundary = `----kalibrabench${Math.random().toString(16).slice(2)}`
  const parts = []
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n`),
      Buffer.from(String(value)),
      Buffer.from('\r\n')
    )
  }
  for (const { name, filename, type, buffer } of files) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`
      ),
      buffer,
      Buffer.from('\r\n')
    )
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`))
  return { body: Buffer.concat(parts), type: `multipart/form-data; boundary=${boundary}` }
}

// ---------------------------------------------------------------------------
// The work database: a copy of the stored data set, and a client to find targets in it
// ---------------------------------------------------------------------------

async function copyDataset(database) {
  const t = Date.now()
  if (database === 'sqlite') {
    const stored = resolve(ROOT, STORED_SQLITE)
    const db = new Database(stored)
    db.pragma('wal_checkpoint(TRUNCATE)')
    db.close()
    removeSqlite(resolve(ROOT, WORK_SQLITE))
    copyFileSync(stored, resolve(ROOT, WORK_SQLITE))
  } else {
    const admin = new pg.Client({ ...PG, database: 'postgres' })
    await admin.connect()
    try {
      await admin.query(`DROP DATABASE IF EXISTS ${WORK_PG} WITH (FORCE)`)
      // The stored database may not have anyone connected while it is the template.
      await admin.query(
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()`,
        [STORED_PG]
      )
      await admin.query(`CREATE DATABASE ${WORK_PG} TEMPLATE ${STORED_PG}`)
    } finally {
      await admin.end()
    }
  }
  rmSync(resolve(ROOT, STORAGE), { recursive: true, force: true })
  return Date.now() - t
}

/** Reads of the bench itself (targets, pools): `?` placeholders on both databases. */
async function openClient(database) {
  if (database === 'sqlite') {
    const db = new Database(resolve(ROOT, WORK_SQLITE), { readonly: true })
    return {
      all: async (sql, params = []) => db.prepare(sql).all(...params),
      close: async () => db.close(),
    }
  }
  const client = new pg.Client({ ...PG, database: WORK_PG })
  await client.connect()
  return {
    all: async (sql, params = []) => {
      let n = 0
      return (
        await client.query(
          sql.replace(/\?/g, () => `$${++n}`),
          params
        )
      ).rows
    },
    close: () => client.end(),
    pid: async () => (await client.query('SELECT pg_backend_pid() AS pid')).rows[0].pid,
  }
}

/** The PostgreSQL backends serving the work database (their CPU is the run's). */
async function pgBackends() {
  const client = new pg.Client({ ...PG, database: 'postgres' })
  await client.connect()
  try {
    const { rows } = await client.query(
      'SELECT pid FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
      [WORK_PG]
    )
    return rows.map((row) => Number(row.pid))
  } finally {
    await client.end()
  }
}

// ---------------------------------------------------------------------------
// Who signs in, and what they read
// ---------------------------------------------------------------------------

/** Accounts of the run: the staff roles, every PK officer, the facilities (large and small). */
async function accounts(client) {
  const officers = await client.all(
    `SELECT u.id, u.email FROM users u JOIN user_roles r ON r.user_id = u.id
     WHERE r.role = 'officer_pk' AND u.fasyankes_id IS NULL ORDER BY u.id`
  )
  const facilities = await client.all(
    `SELECT u.id, u.email, u.fasyankes_id FROM users u WHERE u.email IN (${[...LARGE_FACILITY_EMAILS, SMALL_FACILITY_EMAIL].map(() => '?').join(', ')}) ORDER BY u.id`,
    [...LARGE_FACILITY_EMAILS, SMALL_FACILITY_EMAIL]
  )
  const ids = Object.fromEntries(
    (
      await client.all(
        `SELECT email, id FROM users WHERE email IN ('admin_pk@kalibra.test', 'yantek@kalibra.test',
         'head_of_pk_laboratory@kalibra.test', 'head_of_ukpr_laboratory@kalibra.test',
         'treasurer@kalibra.test')`
      )
    ).map((row) => [row.email, Number(row.id)])
  )
  return { officers, facilities, ids }
}

/** The first order of `sql` (id, type), or null. */
async function firstOrder(client, sql, params) {
  const [row] = await client.all(sql, params)
  return row ? { id: Number(row.id), type: row.type } : null
}

/**
 * The read mix: [name, who, path, kind ('json' | 'inertia' | 'search'), weight]. The weights
 * are requests per hundred of the mix: the lists first, then dashboards, My tasks, notices.
 */
async function readCases(client, who) {
  const large = who.facilityLarge.fasyankesId
  const withCertificates = (facility) =>
    firstOrder(
      client,
      `SELECT o.id, o.type FROM orders o WHERE o.id IN (
         SELECT d.order_id FROM order_devices d JOIN certificates c ON c.order_device_id = d.id
         WHERE c.status = 'Berlaku' ${facility ? 'AND d.fasyankes_id = ?' : ''})
       ORDER BY o.id DESC LIMIT 1`,
      facility ? [facility] : []
    )
  const certificatesAdmin = await withCertificates(null)
  const certificatesLarge = await withCertificates(large)
  const pendingOrder = await firstOrder(
    client,
    `SELECT o.id, o.type FROM orders o WHERE o.id IN (
       SELECT d.order_id FROM order_devices d JOIN certificates c ON c.order_device_id = d.id
       WHERE c.status = 'Menunggu Persetujuan') ORDER BY o.id DESC LIMIT 1`
  )
  const [calibrator] = await client.all(
    `SELECT calibrator_id AS id, count(*) AS n FROM calibrator_calibrations
     GROUP BY calibrator_id ORDER BY count(*) DESC, calibrator_id LIMIT 1`
  )
  const [recent] = await client.all(
    `SELECT o.number, d.serial_number, d.certificate_number FROM orders o
     JOIN order_devices d ON d.order_id = o.id
     WHERE d.certificate_number IS NOT NULL AND d.serial_number IS NOT NULL
     ORDER BY o.id DESC LIMIT 1`
  )
  const [largeOrder] = await client.all(
    'SELECT number FROM orders WHERE fasyankes_id = ? ORDER BY id DESC LIMIT 1',
    [large]
  )
  const month = `DT/${labDay().slice(0, 4)}/`
  const page = (order, path) => (order ? `/${order.type}/${order.id}${path}` : null)
  const q = (params) => `?${new URLSearchParams(params)}`
  const cases = [
    // admin_pk: the order lists all day.
    ['internal admin first page', 'admin', `/internal/datatable${q({ page: 1 })}`, 'json', 8],
    ['insitu admin first page', 'admin', `/insitu/datatable${q({ page: 1 })}`, 'json', 4],
    [
      'internal admin status MENUNGGU',
      'admin',
      `/internal/datatable${q({ status: 'MENUNGGU', page: 1 })}`,
      'json',
      3,
    ],
    [
      'internal admin status PROSES PENGERJAAN',
      'admin',
      `/internal/datatable${q({ status: 'PROSES PENGERJAAN', page: 1 })}`,
      'json',
      2,
    ],
    [
      'insitu admin status DALAM PROSES',
      'admin',
      `/insitu/datatable${q({ status: 'DALAM PROSES', page: 1 })}`,
      'json',
      2,
    ],
    [
      'internal admin search "Fasyankes 12"',
      'admin',
      `/internal/datatable${q({ search: 'Fasyankes 12', page: 1 })}`,
      'json',
      2,
    ],
    [
      'internal admin sort Estimasi Kirim',
      'admin',
      `/internal/datatable${q({ sort: 'delivery_estimation', dir: 'desc', page: 1 })}`,
      'json',
      2,
    ],
    [
      'insitu admin sort facility',
      'admin',
      `/insitu/datatable${q({ sort: 'fasyankes', dir: 'asc', page: 1 })}`,
      'json',
      1,
    ],
    ['internal admin deep page', 'admin', 'deep:/internal/datatable', 'json', 1],
    ['dashboard admin_pk', 'admin', '/dashboard', 'inertia', 4],
    ['tasks admin_pk', 'admin', '/tasks', 'inertia', 3],
    ['bell admin_pk (GET /profile)', 'admin', '/profile', 'inertia', 1],
    ['notifications admin_pk', 'admin', '/notifications', 'inertia', 1],
    ['certificates page admin_pk', 'admin', page(certificatesAdmin, '/certificates'), 'inertia', 1],
    [
      'search admin order number',
      'admin',
      `/search${q({ q: recent?.number ?? 'DT/2026' })}`,
      'json',
      2,
    ],
    [
      'search admin serial',
      'admin',
      `/search${q({ q: recent?.serial_number ?? 'SN-' })}`,
      'json',
      1,
    ],
    [
      'inventory admin first page',
      'admin',
      `/fasyankes/inventory/datatable${q({ page: 1 })}`,
      'json',
      2,
    ],
    ['calibrator list admin', 'admin', `/calibrator/data/datatable${q({ page: 1 })}`, 'json', 1],
    [
      'calibrator history admin',
      'admin',
      calibrator ? `/calibrator/data/${calibrator.id}/history` : null,
      'inertia',
      1,
    ],
    // yantek: its tasks, the lists, the search box.
    ['tasks yantek', 'yantek', '/tasks', 'inertia', 3],
    ['internal yantek first page', 'yantek', `/internal/datatable${q({ page: 1 })}`, 'json', 3],
    [
      'insitu yantek status TERKIRIM',
      'yantek',
      `/insitu/datatable${q({ status: 'TERKIRIM', page: 1 })}`,
      'json',
      2,
    ],
    [
      'search yantek certificate number',
      'yantek',
      `/search${q({ q: recent?.certificate_number ?? 'KAL/PK' })}`,
      'json',
      1,
    ],
    ['notifications yantek', 'yantek', '/notifications', 'inertia', 1],
    // The PK head: tasks (certificates waiting) and the certificates page.
    ['tasks head_of_pk_laboratory', 'head', '/tasks', 'inertia', 3],
    ['certificates page head (pending)', 'head', page(pendingOrder, '/certificates'), 'inertia', 2],
    ['notifications head_of_pk_laboratory', 'head', '/notifications', 'inertia', 1],
    // An officer and the treasurer.
    ['tasks officer_pk', 'officer', '/tasks', 'inertia', 3],
    ['tasks treasurer', 'treasurer', '/tasks', 'inertia', 2],
    [
      'internal treasurer first page',
      'treasurer',
      `/internal/datatable${q({ page: 1 })}`,
      'json',
      2,
    ],
    // A large hospital (25,000 orders at a million) and a small facility.
    [
      'internal large facility first page',
      'facilityLarge',
      `/internal/datatable${q({ page: 1 })}`,
      'json',
      4,
    ],
    [
      'insitu large facility first page',
      'facilityLarge',
      `/insitu/datatable${q({ page: 1 })}`,
      'json',
      2,
    ],
    [
      'internal large facility status SELESAI',
      'facilityLarge',
      `/internal/datatable${q({ status: 'SELESAI', page: 1 })}`,
      'json',
      2,
    ],
    [
      `internal large facility search "${month}"`,
      'facilityLarge',
      `/internal/datatable${q({ search: month, page: 1 })}`,
      'json',
      1,
    ],
    [
      'internal large facility sort Estimasi Kirim',
      'facilityLarge',
      `/internal/datatable${q({ sort: 'delivery_estimation', dir: 'desc', page: 1 })}`,
      'json',
      1,
    ],
    ['internal large facility deep page', 'facilityLarge', 'deep:/internal/datatable', 'json', 1],
    ['dashboard large facility', 'facilityLarge', '/dashboard', 'inertia', 3],
    ['notifications large facility', 'facilityLarge', '/notifications', 'inertia', 2],
    ['bell large facility (GET /profile)', 'facilityLarge', '/profile', 'inertia', 1],
    // A facility downloads its certificates from the order's files page.
    [
      'files page large facility',
      'facilityLarge',
      page(certificatesLarge, '/attachment'),
      'inertia',
      2,
    ],
    [
      'inventory large facility first page',
      'facilityLarge',
      `/fasyankes/inventory/datatable${q({ page: 1 })}`,
      'json',
      2,
    ],
    [
      'search large facility order number',
      'facilityLarge',
      `/search${q({ q: largeOrder?.number ?? 'DT/' })}`,
      'json',
      1,
    ],
    [
      'internal small facility first page',
      'facilitySmall',
      `/internal/datatable${q({ page: 1 })}`,
      'json',
      2,
    ],
    [
      'internal small facility status SELESAI',
      'facilitySmall',
      `/internal/datatable${q({ status: 'SELESAI', page: 1 })}`,
      'json',
      1,
    ],
    ['dashboard small facility', 'facilitySmall', '/dashboard', 'inertia', 2],
    ['notifications small facility', 'facilitySmall', '/notifications', 'inertia', 1],
    [
      'inventory small facility first page',
      'facilitySmall',
      `/fasyankes/inventory/datatable${q({ page: 1 })}`,
      'json',
      1,
    ],
  ]
  return cases
    .filter(([, , path]) => path)
    .map(([name, role, path, kind, weight]) => ({ name, role, path, kind, weight }))
}

// ---------------------------------------------------------------------------
// One setup: one database, one or two instances
// ---------------------------------------------------------------------------

async function runSetup(database, instances) {
  const started = Date.now()
  const run = {
    database,
    instances,
    timings: [],
    phases: [],
    writes: [],
    serverLog: [],
  }
  // The stored data set (built or reused), then a fresh copy to write to.
  const stored = createBench({
    database,
    sqlitePath: STORED_SQLITE,
    pgDatabase: STORED_PG,
    port: PORTS.a,
    timeLimitMs: (15 + (ORDERS / 1_000_000) * 40) * 60_000,
  })
  run.dataset = await ensureDataset(stored, database, {
    orders: ORDERS,
    reseed: options.reseed,
    sqlitePath: STORED_SQLITE,
    pgDatabase: STORED_PG,
  })
  stored.dispose()
  run.timings.push(['data set', run.dataset.phases.reduce((sum, [, ms]) => sum + ms, 0)])
  run.timings.push(['copy to the work database', await copyDataset(database)])

  const workers = instances === 2 ? '1' : (process.env.WEB_CONCURRENCY ?? '')
  const benches = [PORTS.a, PORTS.b].slice(0, instances).map((port) => {
    const bench = createBench({
      database,
      sqlitePath: WORK_SQLITE,
      pgDatabase: WORK_PG,
      port,
      timeLimitMs: (20 + RATES.length * (DURATION + SETTLE) * 2) * 60_000,
    })
    bench.env.DB_SLOW_QUERY_MS = options['slow-ms']
    bench.env.STORAGE_PATH = STORAGE
    if (workers) bench.env.WEB_CONCURRENCY = workers
    return bench
  })
  let hello = null
  let client = null
  try {
    let t = Date.now()
    for (const bench of benches) await bench.startServer()
    const primary = benches[0]
    client = await openClient(database)
    const found = await accounts(client)
    const signIn = async (email, extra) =>
      session(await primary.signIn({ email, password: PASSWORD }), email, extra)
    const who = {
      admin: await signIn('admin_pk@kalibra.test', { id: found.ids['admin_pk@kalibra.test'] }),
      yantek: await signIn('yantek@kalibra.test', { id: found.ids['yantek@kalibra.test'] }),
      head: await signIn('head_of_pk_laboratory@kalibra.test'),
      headUkpr: await signIn('head_of_ukpr_laboratory@kalibra.test', {
        id: found.ids['head_of_ukpr_laboratory@kalibra.test'],
      }),
      treasurer: await signIn('treasurer@kalibra.test'),
      officers: [],
      facilities: [],
    }
    for (const officer of found.officers) {
      who.officers.push(await signIn(officer.email, { id: Number(officer.id) }))
    }
    who.officer = who.officers.find((o) => o.email === 'officer_pk@kalibra.test') ?? who.officers[0]
    for (const facility of found.facilities) {
      who.facilities.push(
        await signIn(facility.email, { fasyankesId: Number(facility.fasyankes_id) })
      )
    }
    who.facilityLarge = who.facilities.find((f) => f.email === DEMO_FACILITY_EMAIL)
    who.facilitySmall = who.facilities.find((f) => f.email === SMALL_FACILITY_EMAIL)
    if (!who.facilityLarge || !who.facilitySmall) fail('the facility logins are missing')
    hello = await startHello(PORTS.hello)
    run.timings.push(['server start and sign-in', Date.now() - t])

    // One keep-alive agent per instance; connection k reads from instance k % instances.
    const agents = benches.map(
      () => new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS + MAX_IN_FLIGHT })
    )
    const target = (k) => ({ agent: agents[k % instances], base: benches[k % instances].baseUrl })

    // The Inertia version, for X-Inertia requests (as the app's pages navigate).
    const first = await send(agents[0], primary.baseUrl, {
      path: '/dashboard',
      headers: { cookie: who.admin.cookie },
    })
    const version = String(inertiaPage(first.text)?.version ?? '')
    const headersOf = (user, kind) =>
      kind === 'inertia'
        ? {
            'cookie': user.cookie,
            'x-inertia': 'true',
            'x-inertia-version': version,
            'x-requested-with': 'XMLHttpRequest',
            'accept': 'text/html, application/xhtml+xml',
          }
        : { cookie: user.cookie, accept: 'application/json' }

    // The read cases, each asked once first: 200 and its payload, or the run stops.
    t = Date.now()
    const cases = await readCases(client, who)
    for (const item of cases) {
      const user = who[item.role]
      if (item.path.startsWith('deep:')) {
        const path = item.path.slice(5)
        const answer = await send(agents[0], primary.baseUrl, {
          path: `${path}?page=1`,
          headers: headersOf(user, 'json'),
        })
        const last = Number(JSON.parse(answer.text).last_page) || 1
        item.path = `${path}?page=${Math.max(Math.min(2, last), Math.floor(last * 0.8))}`
        item.name = `${item.name} ${item.path.split('=').pop()}/${last}`
      }
      item.headers = headersOf(user, item.kind)
      const answer = await send(agents[0], primary.baseUrl, {
        path: item.path,
        headers: item.headers,
      })
      const problem = checkAnswer(item, answer)
      if (problem) fail(`${item.name} (${item.path}): ${problem}`)
      item.info = answerInfo(item, answer)
      log(`${database} | ${item.name}: ${item.info}`)
    }
    run.cases = cases
    run.timings.push(['read cases checked', Date.now() - t])

    // Hello-world of the same run: the floor of a request on this machine now.
    const helloLatencies = []
    const helloResult = await new Promise((done) => {
      const instance = autocannon(
        { url: `http://${HOST}:${PORTS.hello}/`, connections: CONNECTIONS, duration: 10 },
        (_error, result) => done(result)
      )
      instance.on('response', (_c, status, _b, ms) => {
        if (status === 200) helloLatencies.push(ms)
      })
    })
    helloLatencies.sort((a, b) => a - b)
    run.hello = {
      p50: percentile(helloLatencies, 50),
      p95: percentile(helloLatencies, 95),
      p99: percentile(helloLatencies, 99),
      rps: helloLatencies.length / (helloResult.duration || 10),
    }

    // CPU: this process (readers and writer), the servers, the hello-world, PostgreSQL's backends.
    const snapshot = async () => {
      const pids = [process.pid, ...benches.flatMap((bench) => bench.serverPids()), hello.pid]
      if (database === 'pg') pids.push(...(await pgBackends()))
      return () => ({
        machine: machineTicks(),
        ours: pids.reduce((sum, pid) => sum + cpuTicks(pid), 0),
      })
    }

    const writer = await createWriter({ client, who, agents, benches, headersOf, run, database })
    const total = cases.reduce((sum, item) => sum + item.weight, 0)
    const stop = { reading: false }
    let recording = null
    const readers = Array.from({ length: CONNECTIONS }, async (_, k) => {
      const random = prng(9000 + k)
      const { agent, base } = target(k)
      while (!stop.reading) {
        let r = random() * total
        let item = cases[0]
        for (const candidate of cases) {
          r -= candidate.weight
          if (r < 0) {
            item = candidate
            break
          }
        }
        const phase = recording
        const answer = await send(agent, base, { path: item.path, headers: item.headers })
        if (!phase || phase !== recording) continue
        const figures = (phase.reads[item.name] ??= { latencies: [], bad: 0, problems: [] })
        if (answer.status >= 200 && answer.status < 300) figures.latencies.push(answer.ms)
        else {
          figures.bad++
          if (figures.problems.length < 3) {
            figures.problems.push(`${answer.status || answer.error}`)
          }
        }
      }
    })

    t = Date.now()
    for (const rate of RATES) {
      writer.setRate(rate)
      if (SETTLE) await sleep(SETTLE * 1000)
      const mark = benches.map((bench) => bench.outputMark())
      const take = await snapshot()
      const before = take()
      const phase = { rate, reads: {}, started: performance.now() }
      writer.record(phase)
      recording = phase
      log(
        `${database}${instances === 2 ? ' (2 instances)' : ''} | ${rate ? `${rate} writes/s` : 'no writes'}: measuring ${DURATION} s (load average ${fmt(loadavg()[0])})`
      )
      await sleep(DURATION * 1000)
      recording = null
      writer.record(null)
      phase.seconds = (performance.now() - phase.started) / 1000
      const after = take()
      const totalTicks = after.machine.total - before.machine.total
      const busy = after.machine.busy - before.machine.busy
      phase.others =
        totalTicks > 0 ? Math.max(0, (busy - (after.ours - before.ours)) / totalTicks) : NaN
      phase.serverLog = benches.flatMap((bench, index) => bench.outputSince(mark[index]))
      run.phases.push(phase)
    }
    writer.setRate(0)
    stop.reading = true
    await Promise.all(readers)
    // Writes started in a phase and answered after it count in it.
    await writer.drain()
    for (const phase of run.phases) summarizePhase(run, phase)
    run.timings.push(['phases', Date.now() - t])
    run.pools = writer.poolSizes()
    for (const agent of agents) agent.destroy()
  } finally {
    if (hello) await stopHello(hello)
    await client?.close()
    for (const bench of benches) {
      await bench.stopServer()
      bench.dispose()
    }
  }
  run.timings.push(['total', Date.now() - started])
  return run
}

/** Null when a read case's first answer is what it should be, else what is wrong. */
function checkAnswer(item, answer) {
  if (answer.status !== 200) return `answered ${answer.status || answer.error}`
  try {
    const body = JSON.parse(answer.text)
    if (item.kind === 'inertia') {
      if (answer.headers['x-inertia'] !== 'true' || !body.component) return 'not an Inertia answer'
    } else if (item.path.startsWith('/search')) {
      if (!Array.isArray(body.results)) return 'no results array'
    } else if (!Array.isArray(body.data)) return 'no data array'
  } catch {
    return 'not JSON'
  }
  return null
}

function answerInfo(item, answer) {
  const body = JSON.parse(answer.text)
  if (item.kind === 'inertia')
    return `${body.component}, ${(answer.text.length / 1024).toFixed(0)} kB`
  if (Array.isArray(body.results)) return `${body.results.length} results`
  return `${thousands(body.total ?? body.data.length)}${body.total_capped ? '+' : ''} rows`
}

/** Each case's percentiles, the throughput, the writes' figures of one phase. */
function summarizePhase(run, phase) {
  let ok = 0
  phase.rows = run.cases.map((item) => {
    const figures = phase.reads[item.name] ?? { latencies: [], bad: 0, problems: [] }
    const sorted = figures.latencies.sort((a, b) => a - b)
    ok += sorted.length
    return {
      name: item.name,
      path: item.path,
      count: sorted.length,
      p50: percentile(sorted, 50),
      p95: percentile(sorted, 95),
      p99: percentile(sorted, 99),
      bad: figures.bad,
      problems: figures.problems,
    }
  })
  phase.throughput = ok / phase.seconds
  phase.writeRows = Object.entries(phase.writes ?? {}).map(([kind, figures]) => {
    const sorted = figures.latencies.sort((a, b) => a - b)
    return {
      kind,
      count: sorted.length,
      p50: percentile(sorted, 50),
      p95: percentile(sorted, 95),
      p99: percentile(sorted, 99),
      bad: figures.bad,
      problems: figures.problems,
      skipped: figures.skipped,
    }
  })
  log(
    `${run.database} | ${phase.rate} writes/s: ${fmt(phase.throughput, 0)} reads/s, ${phase.writeRows.reduce((s, r) => s + r.count, 0)} writes, others' CPU ${fmt(100 * phase.others, 0)} %`
  )
}

// ---------------------------------------------------------------------------
// The writer: paced, independent of the readers
// ---------------------------------------------------------------------------

/**
 * The write kinds in one cycle of twenty (their shares of the writes), each with the role that
 * takes it. A kind without a target (its pool ran dry) is counted as skipped.
 */
const WRITE_CYCLE = [
  'order request',
  'approve',
  'receive',
  'worksheet',
  'certificate approval',
  'notices read',
  'order request',
  'approve',
  'worksheet',
  'invoice',
  'loan',
  'receive',
  'order request',
  'approve',
  'assign officers',
  'worksheet',
  'certificate approval',
  'notices read',
  'invoice',
  'loan',
]

async function createWriter({ client, who, agents, benches, headersOf, run, database }) {
  const random = prng(4242)
  const pick = (items) => items[Math.floor(random() * items.length)]
  const officerIds = who.officers.map((officer) => officer.id)
  const ids = async (sql, params) => (await client.all(sql, params)).map((row) => Number(row.id))
  const orderRefs = async (sql, params) =>
    (await client.all(sql, params)).map((row) => ({ id: Number(row.id), type: row.type }))
  // Targets found in the work database (newest first, used from the end: oldest of them first);
  // each write's success feeds the next step's pool.
  const pools = {
    approve: await ids(
      `SELECT id FROM orders WHERE type = 'internal' AND status = 'MENUNGGU' ORDER BY id DESC LIMIT 3000`
    ),
    receive: await ids(
      `SELECT id FROM orders WHERE type = 'internal' AND status = 'ORDER DITERIMA' ORDER BY id DESC LIMIT 3000`
    ),
    assign: await ids(
      `SELECT id FROM orders WHERE type = 'internal' AND status = 'ALAT DITERIMA' ORDER BY id DESC LIMIT 3000`
    ),
    worksheet: (
      await client.all(
        `SELECT d.id, d.order_id, o.type, d.officer_id FROM order_devices d
         JOIN orders o ON o.id = d.order_id
         WHERE d.lab = 'pk' AND d.status = 'BELUM SELESAI' AND d.worksheet_saved_at IS NULL
           AND d.officer_id IN (${officerIds.map(() => '?').join(', ')})
           AND o.type = 'internal' AND o.status = 'PROSES PENGERJAAN'
           AND d.alkes_id IN (SELECT alkes_id FROM alkes_test_points)
         ORDER BY d.id DESC LIMIT 3000`,
        officerIds
      )
    ).map((row) => ({
      id: Number(row.id),
      orderId: Number(row.order_id),
      type: row.type,
      officerId: Number(row.officer_id),
    })),
    certificate: await orderRefs(
      `SELECT o.id, o.type FROM orders o WHERE o.id IN (
         SELECT d.order_id FROM order_devices d JOIN certificates c ON c.order_device_id = d.id
         WHERE c.status = 'Menunggu Persetujuan' AND d.lab = 'pk') ORDER BY o.id DESC LIMIT 3000`
    ),
    invoice: await orderRefs(
      `SELECT id, type FROM orders WHERE payment_confirm_date IS NULL
       AND ((type = 'internal' AND status IN ('MENUNGGU FEEDBACK', 'SELESAI'))
         OR (type = 'insitu' AND status = 'SELESAI'))
       ORDER BY id DESC LIMIT 3000`
    ),
    calibrators: await ids(
      `SELECT c.id FROM calibrators c JOIN units u ON u.id = c.unit_id
       WHERE lower(u.name) = 'ukpr' AND c.is_available AND c.calibrator_condition = 'Good'
         AND c.id NOT IN (SELECT holding_calibrator_id FROM calibrator_loan_lines
                          WHERE holding_calibrator_id IS NOT NULL)
       ORDER BY c.id`
    ),
    loansToDecide: [],
    loansToReturn: [],
  }
  const internalAlkes = await ids(
    `SELECT a.id FROM alkes a JOIN alkes_services s ON s.alkes_id = a.id AND s.order_type = 'internal'
      WHERE a.laboratory = 'PK' ORDER BY a.id`
  )
  const noticeUsers = [
    who.admin,
    who.yantek,
    who.head,
    who.treasurer,
    ...who.officers,
    ...who.facilities,
  ]
  const letter = letterPdf(120_000)
  let cycle = 0
  let noticeTurn = 0
  let requestTurn = 0
  let loanStep = 0
  const invoiceUpdated = new Set()

  let rate = 0
  let recording = null
  let inFlight = 0
  const running = new Set()
  let timer = null
  let next = 0
  let turn = 0

  /** A figure of a write kind in the phase being recorded. */
  const figuresOf = (phase, kind) =>
    (phase.writes[kind] ??= { latencies: [], bad: 0, problems: [], skipped: 0 })

  /**
   * One request of a write (or of the form opened before it): its latency goes to `kind`;
   * a status outside 2xx/3xx (a refusal is 409 or 422: the writes ask for JSON errors) is an
   * error. Answers the response, or null when it failed.
   */
  async function request(phase, kind, user, { method = 'GET', path, json, form, inertia }) {
    const k = turn++ % benches.length
    const headers = inertia
      ? headersOf(user, 'inertia')
      : { 'cookie': user.cookie, 'accept': 'application/json', 'x-xsrf-token': user.xsrf }
    let body
    if (json) {
      body = JSON.stringify(json)
      headers['content-type'] = 'application/json'
    } else if (form) {
      body = form.body
      headers['content-type'] = form.type
    }
    if (body) headers['content-length'] = Buffer.byteLength(body)
    const answer = await send(agents[k], benches[k].baseUrl, { method, path, headers, body })
    const ok = answer.status >= 200 && answer.status < 400
    if (phase) {
      const figures = figuresOf(phase, kind)
      if (ok) figures.latencies.push(answer.ms)
      else {
        figures.bad++
        if (figures.problems.length < 3) {
          figures.problems.push(
            `${method} ${path}: ${answer.status || answer.error} ${answer.text?.slice(0, 160) ?? ''}`
          )
        }
      }
    }
    return ok ? answer : null
  }
  const props = (answer) => (answer ? JSON.parse(answer.text).props : null)
  const idIn = (location, pattern) => Number(pattern.exec(location ?? '')?.[1]) || null

  /** Orders a certificate approval is under way on. */
  const approving = new Set()
  /** The PK head opens the order's certificates and approves the first one waiting. */
  async function approveOne(phase, order) {
    const page = props(
      await request(phase, 'form: certificates page', who.head, {
        path: `/${order.type}/${order.id}/certificates`,
        inertia: true,
      })
    )
    if (!page) return true
    const waiting = page.devices
      .flatMap((device) => device.revisions)
      .filter((revision) => revision.approve_href)
    if (!waiting.length) return true
    const answer = await request(phase, 'certificate approval (head_of_pk_laboratory)', who.head, {
      method: 'POST',
      path: waiting[0].approve_href,
    })
    if (answer && waiting.length > 1 && !pools.certificate.some((o) => o.id === order.id)) {
      pools.certificate.push(order)
    }
    return true
  }

  const writes = {
    // A facility's request of 10 lines (one device each) with its letter, as multipart.
    'order request': async (phase) => {
      const facility = who.facilities[requestTurn++ % who.facilities.length]
      const fields = {
        delivery_date_estimation: labDay(2),
        arrival_date_estimation: labDay(3),
        contact_person_name: 'Rahmat Hidayat',
        contact_person_phone: '081234567890',
        delivery_option: 'Diantar oleh pihak pertama',
        service_type: 'Reguler',
      }
      for (let i = 0; i < 10; i++) {
        fields[`alkes[${i}][alkes_id]`] = pick(internalAlkes)
        fields[`alkes[${i}][quantity]`] = 1
      }
      const form = multipart(fields, [
        {
          name: 'letter',
          filename: 'surat-permohonan.pdf',
          type: 'application/pdf',
          buffer: letter,
        },
      ])
      const answer = await request(phase, 'order request (facility, 10 lines + letter)', facility, {
        method: 'POST',
        path: '/internal',
        form,
      })
      const id = idIn(answer?.headers.location, /\/internal\/(\d+)/)
      if (id) pools.approve.push(id)
      return true
    },
    'approve': async (phase) => {
      const id = pools.approve.pop()
      if (!id) return false
      const answer = await request(phase, 'approve (admin_pk)', who.admin, {
        method: 'POST',
        path: `/internal/${id}/confirm/approve`,
        json: {
          status: 'ORDER DITERIMA',
          order_description: 'Permintaan diterima. Silakan antar alat ke laboratorium.',
        },
      })
      if (answer) pools.receive.unshift(id)
      return true
    },
    // yantek opens the receiving form (its lines), then receives every device.
    'receive': async (phase) => {
      const id = pools.receive.pop()
      if (!id) return false
      const page = props(
        await request(phase, 'form: receive', who.yantek, {
          path: `/internal/${id}/receive`,
          inertia: true,
        })
      )
      if (!page) return true
      const answer = await request(phase, 'receive (yantek)', who.yantek, {
        method: 'PUT',
        path: `/internal/${id}/receive`,
        json: {
          ...page.values,
          received_date: labDay(),
          done_estimation_date: labDay(5),
          alkes_orders: page.devices
            .filter((device) => device.status !== 'BATAL UJI')
            .map((device, index) => ({
              id: device.id,
              merk: 'Omron',
              model: 'HEM-7120',
              serial_number: `RCV-${device.id}-${index + 1}`,
              functionality: 'Baik',
              accessories: 'Kabel daya, manual',
            })),
          ...Object.fromEntries(page.checklist.map(([key]) => [key, true])),
        },
      })
      if (answer) pools.assign.unshift(id)
      return true
    },
    // admin_pk assigns the PK officers (those signed in) to every line.
    'assign officers': async (phase) => {
      const id = pools.assign.pop()
      if (!id) return false
      const page = props(
        await request(phase, 'form: assign officers', who.admin, {
          path: `/internal/${id}/officer`,
          inertia: true,
        })
      )
      // An order whose lines were all cancelled has none to assign: nothing to send.
      if (!page || !page.devices.length) return true
      const chosen = page.devices.map((device) => ({ device, officer: pick(who.officers) }))
      const answer = await request(phase, 'assign officers (admin_pk)', who.admin, {
        method: 'PUT',
        path: `/internal/${id}/officer`,
        json: {
          selected_officers: chosen.map(({ device, officer }) => ({
            internal_alkes_order_id: device.id,
            bpfk_user_id: officer.id,
          })),
        },
      })
      if (answer) {
        for (const { device, officer } of chosen) {
          pools.worksheet.unshift({
            id: device.id,
            orderId: id,
            type: 'internal',
            officerId: officer.id,
          })
        }
      }
      return true
    },
    // The line's officer opens its worksheet (template points, standards valid today) and
    // saves it with readings at the nominal values: the certificate then waits for the head.
    'worksheet': async (phase) => {
      const line = pools.worksheet.pop()
      if (!line) return false
      const officer = who.officers.find((o) => o.id === line.officerId) ?? who.officer
      const base = `/${line.type}/${line.orderId}/worksheet/pk/${line.id}`
      const page = props(
        await request(phase, 'form: worksheet', officer, { path: `${base}/edit`, inertia: true })
      )
      if (!page) return true
      const usable = (page.standards ?? []).filter((standard) => !standard.refusal).slice(0, 2)
      const measured = page.points?.length && usable.length
      const number = (text) => Number(String(text).replace(',', '.'))
      const payload = {
        merk: page.values.merk || 'Omron',
        model: page.values.model || 'HEM-7120',
        serial_number: page.values.serial_number || `WS-${line.id}`,
        type: 'Kalibrasi',
        certificate_month: Number(labDay().slice(5, 7)),
        work_date: labDay(),
        work_place: page.values.work_place || 'Laboratorium Kalibrasi Kalibra',
        room_name: 'Ruang Kalibrasi 1',
        is_laik: '1',
        officer_id: officer.id,
      }
      if (measured) {
        Object.assign(payload, {
          ambient_temperature: 23.5,
          ambient_humidity: 55,
          standards: usable.map((standard) => standard.id),
          points: page.points.map((point, index) => {
            const resolution = number(page.values.points[index]?.resolution) || 1
            return {
              readings: Array.from({ length: point.repeats }, () => point.nominal),
              resolution,
              reference_uncertainty: resolution / 2,
            }
          }),
        })
      }
      const answer = await request(
        phase,
        measured ? 'worksheet with measurements (officer_pk)' : 'worksheet (officer_pk)',
        officer,
        { method: 'PUT', path: `${base}/update`, json: payload }
      )
      if (answer && measured && !pools.certificate.some((o) => o.id === line.orderId)) {
        pools.certificate.unshift({ id: line.orderId, type: line.type })
      }
      return true
    },
    // The PK head opens the order's certificates and approves the first one waiting.
    'certificate approval': async (phase) => {
      // Of the orders waiting, one no other approval is working on (two would race).
      const at = pools.certificate.findLastIndex((order) => !approving.has(order.id))
      if (at < 0) return false
      const [order] = pools.certificate.splice(at, 1)
      approving.add(order.id)
      try {
        return await approveOne(phase, order)
      } finally {
        approving.delete(order.id)
      }
    },
    // The treasurer opens the invoice page, issues the next stage, and later confirms payment.
    'invoice': async (phase) => {
      const order = pools.invoice.pop()
      if (!order) return false
      const path = `/${order.type}/${order.id}/invoice`
      const page = props(
        await request(phase, 'form: invoice page', who.treasurer, { path, inertia: true })
      )
      if (!page) return true
      const dates = page.stages.map((stage) => stage.date)
      const issued = dates.filter(Boolean).length
      if (page.updateHref && !invoiceUpdated.has(order.id) && issued < 3) {
        const fields = ['first_date', 'second_date', 'third_date']
        const json = { number: `${order.id}/INV/BENCH/${labDay().slice(0, 4)}` }
        dates.forEach((date, index) => {
          if (date) json[fields[index]] = date
        })
        json[fields[issued]] = labDay()
        const answer = await request(phase, 'invoice stage (treasurer)', who.treasurer, {
          method: 'POST',
          path: page.updateHref,
          json,
        })
        invoiceUpdated.add(order.id)
        if (answer) pools.invoice.unshift(order)
      } else if (page.confirmHref) {
        await request(phase, 'payment confirmed (treasurer)', who.treasurer, {
          method: 'PUT',
          path: page.confirmHref,
          json: { date: labDay() },
        })
      }
      return true
    },
    'notices read': async (phase) => {
      const user = noticeUsers[noticeTurn++ % noticeUsers.length]
      await request(phase, 'notices marked read (PUT /notifications/read)', user, {
        method: 'PUT',
        path: '/notifications/read',
      })
      return true
    },
    // A loan of a UKPR calibrator by yantek, decided by the UKPR head, returned: in turns.
    'loan': async (phase) => {
      for (let tries = 0; tries < 3; tries++) {
        const step = loanStep++ % 3
        if (step === 0 && pools.calibrators.length) {
          const calibrator = pools.calibrators.shift()
          const answer = await request(phase, 'loan made (yantek)', who.yantek, {
            method: 'POST',
            path: '/calibrator/loan',
            json: {
              calibrators: [{ id: calibrator, condition: 'Good' }],
              loan_description: 'Kalibrasi insitu di rumah sakit daerah',
              planned_return_date: labDay(7),
              ukpr_officer: who.headUkpr.id,
            },
          })
          const id = idIn(answer?.headers.location, /\/calibrator\/loan\/(\d+)/)
          if (id) pools.loansToDecide.push({ id, calibrator })
          else pools.calibrators.push(calibrator)
          return true
        }
        if (step === 1 && pools.loansToDecide.length) {
          const loan = pools.loansToDecide.shift()
          const answer = await request(
            phase,
            'loan decided (head_of_ukpr_laboratory)',
            who.headUkpr,
            {
              method: 'POST',
              path: `/calibrator/loan/${loan.id}/confirm`,
              json: { status: 'Confirmed' },
            }
          )
          if (answer) pools.loansToReturn.push(loan)
          return true
        }
        if (step === 2 && pools.loansToReturn.length) {
          const loan = pools.loansToReturn.shift()
          const answer = await request(phase, 'loan returned (yantek)', who.yantek, {
            method: 'POST',
            path: `/calibrator/loan/${loan.id}/return/batch`,
            json: {},
          })
          if (answer) pools.calibrators.push(loan.calibrator)
          return true
        }
      }
      return false
    },
  }

  function tick() {
    if (!rate) return
    const kind = WRITE_CYCLE[cycle++ % WRITE_CYCLE.length]
    const phase = recording
    if (inFlight >= MAX_IN_FLIGHT) {
      if (phase) figuresOf(phase, `${kind}: skipped, ${MAX_IN_FLIGHT} writes under way`).skipped++
    } else {
      inFlight++
      const job = writes[kind](phase)
        .then((done) => {
          if (!done && phase) figuresOf(phase, `${kind}: no target left`).skipped++
        })
        .catch((error) => {
          if (phase) {
            const figures = figuresOf(phase, kind)
            figures.bad++
            figures.problems.push(String(error.message).slice(0, 200))
          }
        })
        .finally(() => {
          inFlight--
          running.delete(job)
        })
      running.add(job)
    }
    // Paced on the clock, not on the answers: a slow write does not slow the stream.
    next += 1000 / rate
    timer = setTimeout(tick, Math.max(0, next - performance.now()))
  }

  return {
    setRate(value) {
      clearTimeout(timer)
      rate = value
      if (rate) {
        next = performance.now()
        tick()
      }
    },
    record(phase) {
      if (phase) phase.writes = {}
      recording = phase
    },
    async drain() {
      clearTimeout(timer)
      await Promise.allSettled([...running])
    },
    poolSizes: () =>
      Object.fromEntries(Object.entries(pools).map(([name, items]) => [name, items.length])),
    database,
    run,
  }
}

// ---------------------------------------------------------------------------
// Targets, tables, results
// ---------------------------------------------------------------------------

/** Which targets the run met, each with what it found. */
function verdicts(run) {
  const byRate = new Map(run.phases.map((phase) => [phase.rate, phase]))
  const idle = byRate.get(0)
  const target = byRate.get(TARGETS.targetRate)
  const top = byRate.get(TARGETS.topRate)
  const limit = TARGETS.readP95[run.database]
  const out = []
  const rowOf = (phase, name) => phase?.rows.find((row) => row.name === name)
  if (target) {
    const slow = target.rows.filter((row) => !(row.p95 <= limit))
    out.push([
      `every read p95 <= ${limit} ms at ${TARGETS.targetRate} writes/s`,
      !slow.length,
      slow.length ? slow.map((row) => `${row.name} ${fmt(row.p95)}`).join('; ') : 'all met',
    ])
    if (idle) {
      const worse = target.rows.filter((row) => {
        const base = rowOf(idle, row.name)
        return !(row.p95 <= TARGETS.readVsIdle * base?.p95)
      })
      out.push([
        `every read p95 within ${TARGETS.readVsIdle}x of no writes`,
        !worse.length,
        worse.length
          ? worse
              .map((row) => `${row.name} ${fmt(row.p95)} vs ${fmt(rowOf(idle, row.name)?.p95)}`)
              .join('; ')
          : 'all met',
      ])
      const kept = target.throughput / idle.throughput
      out.push([
        `read throughput >= ${100 * TARGETS.throughputKept} % of no writes`,
        kept >= TARGETS.throughputKept,
        `${fmt(100 * kept, 0)} % (${fmt(target.throughput, 0)} of ${fmt(idle.throughput, 0)} reads/s)`,
      ])
    }
    const slowWrites = target.writeRows.filter(
      (row) => row.count && !row.kind.startsWith('form:') && !(row.p95 <= TARGETS.writeP95)
    )
    out.push([
      `every write p95 <= ${TARGETS.writeP95} ms at ${TARGETS.targetRate} writes/s`,
      !slowWrites.length,
      slowWrites.length
        ? slowWrites.map((row) => `${row.kind} ${fmt(row.p95)}`).join('; ')
        : 'all met',
    ])
  }
  if (top && target) {
    const worse = top.rows.filter((row) => {
      const base = rowOf(target, row.name)
      return !(row.p95 <= TARGETS.tenVsFive * base?.p95)
    })
    out.push([
      `at ${TARGETS.topRate} writes/s every read p95 within ${TARGETS.tenVsFive}x of ${TARGETS.targetRate}/s`,
      !worse.length,
      worse.length
        ? worse
            .map((row) => `${row.name} ${fmt(row.p95)} vs ${fmt(rowOf(target, row.name)?.p95)}`)
            .join('; ')
        : 'all met',
    ])
  }
  const errors = errorCount(run)
  out.push(['0 errors', errors === 0, `${errors} (reads and writes, every phase)`])
  return out
}

function errorCount(run) {
  return run.phases.reduce(
    (sum, phase) =>
      sum +
      phase.rows.reduce((s, row) => s + row.bad, 0) +
      phase.writeRows.reduce((s, row) => s + row.bad, 0),
    0
  )
}

function markdownTable(head, rows) {
  const line = (cells) => `| ${cells.join(' | ')} |`
  return [line(head), line(head.map(() => '---')), ...rows.map(line)].join('\n')
}

function machine() {
  const list = cpus()
  let commit = 'unknown'
  try {
    commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], {
      cwd: ROOT,
      encoding: 'utf8',
    }).trim()
  } catch {
    // not a checkout
  }
  return {
    cpus: `${list.length} x ${list[0]?.model.trim() ?? 'unknown CPU'}`,
    ram: `${(totalmem() / 1024 ** 3).toFixed(1)} GiB RAM`,
    kernel: `Linux ${release()}`,
    node: process.version,
    date: new Date().toISOString().replace('T', ' ').slice(0, 16) + ' UTC',
    commit,
  }
}

const setupLabel = (run) =>
  run.instances === 2 ? 'two instances (one worker each)' : 'one instance (one worker per core)'

function runMarkdown(run, host) {
  const quick = ORDERS < 1_000_000 ? ' (smoke run: figures not comparable)' : ''
  const db = run.database === 'sqlite' ? 'SQLite' : 'PostgreSQL'
  const phases = run.phases
  const lines = [
    `## Working lab: ${thousands(ORDERS)} orders, ${db}, ${setupLabel(run)}${quick}`,
    '',
    `- Run: ${host.date}, commit ${host.commit} (plus any uncommitted changes), Node ${host.node}`,
    `- Machine: ${host.cpus}, ${host.ram}, ${host.kernel}; readers, writer and server share it`,
    `- Database: ${run.database === 'sqlite' ? WORK_SQLITE : WORK_PG}, a copy of the stored data set (${run.dataset.reused ? 'reused' : 'built'}: ${run.dataset.phases.map(([label, ms]) => `${label} ${seconds(ms)}`).join('; ')})`,
    `- Time: ${run.timings.map(([label, ms]) => `${label} ${seconds(ms)}`).join(', ')}`,
    `- Settings: ${CONNECTIONS} reading connections, ${DURATION} s per phase (${SETTLE} s settling before each), writes at ${RATES.filter(Boolean).join(', ')} per second; DB_SLOW_QUERY_MS=${options['slow-ms']}`,
    `- Hello-world (node:http, same run, ${CONNECTIONS} connections): p50 ${fmt(run.hello.p50)} ms, p95 ${fmt(run.hello.p95)} ms, ${fmt(run.hello.rps, 0)} req/s`,
    `- Other processes' share of the machine's CPU per phase: ${phases.map((phase) => `${phase.rate}/s ${fmt(100 * phase.others, 0)} %`).join(', ')}`,
    `- Read throughput (2xx per second): ${phases.map((phase) => `${phase.rate}/s ${fmt(phase.throughput, 0)}`).join(', ')}`,
    '',
    'Targets (issue 34):',
    '',
    markdownTable(
      ['target', 'met', 'found'],
      verdicts(run).map(([label, met, found]) => [label, met ? 'yes' : 'NO', found])
    ),
    '',
    'Reads, p50 / p95 / p99 ms per phase (writes per second), requests measured and errors:',
    '',
    markdownTable(
      ['case', 'URL', ...phases.map((phase) => `${phase.rate}/s`), 'requests', 'errors'],
      run.cases.map((item) => {
        const rows = phases.map((phase) => phase.rows.find((row) => row.name === item.name))
        const bad = rows.reduce((sum, row) => sum + (row?.bad ?? 0), 0)
        const problems = rows.flatMap((row) => row?.problems ?? []).slice(0, 2)
        return [
          item.name,
          `\`${item.path}\``,
          ...rows.map((row) => `${fmt(row?.p50)} / ${fmt(row?.p95)} / ${fmt(row?.p99)}`),
          rows.map((row) => row?.count ?? 0).join(' / '),
          bad ? `${bad} (${problems.join(', ')})` : '0',
        ]
      })
    ),
    '',
    'Writes, per phase: done, p50 / p95 / p99 ms, errors (refusals are 409/422), skipped (no target left, or 40 under way). "form:" rows are the page the user opens before the write:',
    '',
    markdownTable(
      ['write', ...phases.filter((phase) => phase.rate).map((phase) => `${phase.rate}/s`)],
      [...new Set(phases.flatMap((phase) => phase.writeRows.map((row) => row.kind)))]
        .sort()
        .map((kind) => [
          kind,
          ...phases
            .filter((phase) => phase.rate)
            .map((phase) => {
              const row = phase.writeRows.find((r) => r.kind === kind)
              if (!row) return ''
              const parts = [`${row.count}: ${fmt(row.p50)} / ${fmt(row.p95)} / ${fmt(row.p99)}`]
              if (row.bad) parts.push(`**${row.bad} errors** (${row.problems[0] ?? ''})`)
              if (row.skipped) parts.push(`${row.skipped} skipped`)
              return parts.join(', ')
            }),
        ])
    ),
  ]
  // The server's log of the phases: slow statements grouped by their SQL, other warnings.
  const slow = new Map()
  const other = []
  for (const phase of phases) {
    for (const line of phase.serverLog) {
      let entry = null
      try {
        entry = JSON.parse(line)
      } catch {
        // not a log line of the app's logger
      }
      if (entry?.sql && /slow query/.test(entry.msg)) {
        const group = slow.get(entry.sql) ?? { count: 0, max: 0, rates: new Set() }
        group.count++
        group.max = Math.max(group.max, entry.ms)
        group.rates.add(phase.rate)
        slow.set(entry.sql, group)
      } else if (/error|warn|"level":[45]0/i.test(line) && other.length < 8) {
        other.push([phase.rate, line])
      }
    }
  }
  if (slow.size) {
    const groups = [...slow.entries()].sort((a, b) => b[1].count - a[1].count)
    lines.push(
      '',
      `Statements the server logged as slow (>= ${options['slow-ms']} ms) during the phases: ${groups.reduce((sum, [, g]) => sum + g.count, 0)}, ${groups.length} different; the commonest 10 (under load, a statement's time includes its wait for the CPU):`,
      '',
      markdownTable(
        ['times', 'max ms', 'phases (writes/s)', 'SQL'],
        groups
          .slice(0, 10)
          .map(([sql, group]) => [
            String(group.count),
            String(group.max),
            [...group.rates].join(', '),
            `\`${sql.slice(0, 300).replaceAll('`', "'").replaceAll('|', '\\|')}\``,
          ])
      )
    )
  }
  if (other.length) {
    lines.push('', 'Other warnings and errors the server logged during the phases (first 8):', '')
    for (const [rate, line] of other) {
      lines.push(`- ${rate}/s: \`${line.slice(0, 400).replaceAll('`', "'")}\``)
    }
  }
  if (run.pools) {
    lines.push(
      '',
      `Targets left in the writer's pools at the end: ${Object.entries(run.pools)
        .map(([name, n]) => `${name} ${n}`)
        .join(', ')}.`
    )
  }
  return lines.join('\n')
}

function comparisonMarkdown(runs) {
  const one = runs.find((run) => run.database === 'pg' && run.instances === 1)
  const two = runs.find((run) => run.database === 'pg' && run.instances === 2)
  if (!one || !two) return null
  return [
    `## Working lab: ${thousands(ORDERS)} orders, PostgreSQL, one instance against two`,
    '',
    "Read throughput (2xx per second) and the reads' p95 (median over the cases, and the worst) per phase:",
    '',
    markdownTable(
      [
        'writes/s',
        'one instance reads/s',
        'two instances reads/s',
        'x one',
        'one: median / worst p95',
        'two: median / worst p95',
      ],
      one.phases.map((phase) => {
        const other = two.phases.find((p) => p.rate === phase.rate)
        const p95s = (p) =>
          p.rows
            .map((row) => row.p95)
            .filter(Number.isFinite)
            .sort((a, b) => a - b)
        const a = p95s(phase)
        const b = other ? p95s(other) : []
        return [
          String(phase.rate),
          fmt(phase.throughput, 0),
          fmt(other?.throughput, 0),
          other ? fmt(other.throughput / phase.throughput, 2) : '',
          `${fmt(percentile(a, 50))} / ${fmt(a.at(-1))}`,
          `${fmt(percentile(b, 50))} / ${fmt(b.at(-1))}`,
        ]
      })
    ),
  ].join('\n')
}

const RESULTS_HEAD = `# Benchmark results

Figures of \`bench/scale.js\` and \`bench/work.js\` (see bench/README.md).
`

function writeResults(runs, host) {
  const path = resolve(ROOT, options.results)
  let text = existsSync(path) ? readFileSync(path, 'utf8') : RESULTS_HEAD
  const blocks = runs.map((run) => [
    `work:${ORDERS}:${run.database}:${run.instances}`,
    runMarkdown(run, host),
  ])
  const comparison = comparisonMarkdown(runs)
  if (comparison) blocks.push([`work:${ORDERS}:pg:compare`, comparison])
  for (const [key, markdown] of blocks) {
    const block = `<!-- ${key} -->\n${markdown}\n<!-- /${key} -->`
    const start = text.indexOf(`<!-- ${key} -->`)
    const end = text.indexOf(`<!-- /${key} -->`)
    text =
      start >= 0 && end > start
        ? text.slice(0, start) + block + text.slice(end + `<!-- /${key} -->`.length)
        : `${text.trimEnd()}\n\n${block}\n`
  }
  writeFileSync(path, text)
  log(`figures written to ${options.results}`)
}

// ---------------------------------------------------------------------------

const host = machine()
if (loadavg()[0] > cpus().length) {
  log(
    `the machine is busy (1-minute load average ${fmt(loadavg()[0])} on ${cpus().length} cores): the figures will show it`
  )
}
const runs = []
let failed = false
try {
  for (const database of DATABASES) {
    const setups = INSTANCES === 2 ? [1, 2] : [1]
    for (const instances of setups) {
      const run = await runSetup(database, instances)
      runs.push(run)
      console.log(`\n${runMarkdown(run, host)}\n`)
    }
  }
  const comparison = comparisonMarkdown(runs)
  if (comparison) console.log(`\n${comparison}\n`)
} catch (error) {
  console.error(`[bench] FAILED: ${error.stack ?? error.message}`)
  failed = true
}
if (runs.length && !options['no-results']) writeResults(runs, host)
for (const run of runs) {
  const met = verdicts(run)
  log(
    `${run.database}, ${setupLabel(run)}: ${met.filter(([, ok]) => ok).length} of ${met.length} targets met${
      met.some(([, ok]) => !ok)
        ? ` (not: ${met
            .filter(([, ok]) => !ok)
            .map(([label]) => label)
            .join('; ')})`
        : ''
    }`
  )
}
// The measurement worked: exit 0 whether the targets were met or not (the table says which).
process.exit(failed ? 1 : 0)
