// Scale benchmark: the order lists, dashboard, reports and exports on 1,000,000 orders.
//
//   npm run bench:scale                                  # 1,000,000 orders, SQLite and PostgreSQL
//   node bench/scale.js --orders 100000 --db sqlite      # a quick run
//   node bench/scale.js --only "internal admin"          # only the cases whose name matches
//
// For each database: the data set (bench/scale_data.js) is built once and reused while it
// matches (--reseed rebuilds it), the production server is started on it, and every case is
// measured: autocannon at 20 connections (2 s warmup, 10 s measured) on each order list's first
// page, search, status filters, sort and deep page, as admin_pk and as a facility, the inventory
// and loan lists, and the dashboard of both; one request at a time on each report call; the
// Excel export of about 50,000 orders and the PDF of about 10,000 (time, first byte, server
// memory). A bare node:http hello-world and the login page are measured in the same run, for
// the ratios. The figures go to the terminal and to bench/RESULTS.md. See bench/README.md.
import { execFileSync, spawn } from 'node:child_process'
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { cpus, loadavg, release, totalmem } from 'node:os'
import { resolve } from 'node:path'
import { parseArgs } from 'node:util'
import autocannon from 'autocannon'
import yauzl from 'yauzl'
import {
  cpuTicks,
  createBench,
  HOST,
  log,
  machineTicks,
  PG,
  percentile,
  ROOT,
  rssKb,
  sleep,
  startHello,
} from './support.js'
import {
  DEMO_FACILITY_EMAIL,
  INSITU_STATUSES,
  INTERNAL_STATUSES,
  ensureDataset,
} from './scale_data.js'

const { values: options } = parseArgs({
  options: {
    'orders': { type: 'string', default: '1000000' },
    'db': { type: 'string', default: 'both' },
    'only': { type: 'string', multiple: true, default: [] },
    'reseed': { type: 'boolean', default: false },
    'load-only': { type: 'boolean', default: false },
    'duration': { type: 'string', default: '10' },
    'warmup': { type: 'string', default: '2' },
    'connections': { type: 'string', default: '20' },
    'repeat': { type: 'string', default: '5' },
    'results': { type: 'string', default: 'bench/RESULTS.md' },
    'no-results': { type: 'boolean', default: false },
    'help': { type: 'boolean', default: false },
  },
})
if (options.help) {
  console.log(`node bench/scale.js [options]
  --orders N         orders to generate (default 1000000; 100000 for a quick run)
  --db D             sqlite, pg or both (default both)
  --only TEXT        only the cases whose name contains TEXT (repeatable; hello-world and the
                     login page always run)
  --reseed           rebuild the data set even when the stored one matches
  --load-only        build (or check) the data sets, measure nothing
  --duration S       seconds measured per URL (default 10)
  --warmup S         seconds of warmup per URL (default 2)
  --connections N    autocannon connections (default 20)
  --repeat N         measured requests per report call (default 5)
  --results FILE     where the figures are written (default bench/RESULTS.md)
  --no-results       print only`)
  process.exit(0)
}

const ORDERS = Number(options.orders)
const DATABASES = options.db === 'both' ? ['sqlite', 'pg'] : [options.db]
const DURATION = Number(options.duration)
const WARMUP = Number(options.warmup)
const CONNECTIONS = Number(options.connections)
const REPEAT = Number(options.repeat)
const ONLY = options.only.map((text) => text.toLowerCase())
if (!(ORDERS >= 1000) || DATABASES.some((db) => !['sqlite', 'pg'].includes(db))) {
  console.error('--orders must be at least 1000 and --db one of sqlite, pg, both')
  process.exit(2)
}

const PORT = Number(process.env.BENCH_PORT ?? 3600)
const PORTS = { sqlite: PORT, pg: PORT + 1, hello: PORT + 2 }
const SQLITE_PATH = process.env.BENCH_SQLITE_PATH ?? 'tmp/bench-scale.sqlite3'
const PG_DATABASE = process.env.BENCH_PG_DATABASE ?? 'kalibra_bench_scale'
const ADMIN = { email: 'admin_pk@kalibra.test', password: 'kalibra2026' }
const FACILITY = { email: DEMO_FACILITY_EMAIL, password: 'kalibra2026' }
const EXPORT_ROWS = 50_000
const PDF_ROWS = 10_000
const EXPORT_TIMEOUT_MS = 180_000
const MEMORY_SETTLE_MS = 10_000
const MB = 1024

/** The issue's targets. */
const TARGETS = {
  list: { sqlite: 100, pg: 150 },
  deepFactor: 2,
  dashboard: 150,
  report: 500,
  exportMs: 5000,
  exportFirstByteMs: 1000,
  exportExtraMb: 200,
  pdfMs: 15_000,
}

const selected = (name) => !ONLY.length || ONLY.some((text) => name.toLowerCase().includes(text))
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`
const fmt = (value, digits = 1) => (Number.isFinite(value) ? value.toFixed(digits) : '-')
const thousands = (value) => Number(value).toLocaleString('en-US')
const today = () => new Date(Date.now() + 8 * 3600 * 1000).toISOString().slice(0, 10)

// ---------------------------------------------------------------------------
// Measuring
// ---------------------------------------------------------------------------

async function cannon(url, headers, duration, latencies) {
  const instance = autocannon({ url, headers, connections: CONNECTIONS, duration, timeout: 10 })
  if (latencies) {
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      if (statusCode >= 200 && statusCode < 300) latencies.push(responseTime)
    })
  }
  return instance
}

/**
 * The share of the machine's CPU that other processes (not this run's client, server,
 * hello-world or its PostgreSQL backends) used between two snapshots: work competing with the
 * measurement.
 */
function othersShare(before, after) {
  const total = after.machine.total - before.machine.total
  const busy = after.machine.busy - before.machine.busy
  const ours = after.ours - before.ours
  return total > 0 ? Math.max(0, (busy - ours) / total) : NaN
}

/**
 * autocannon on one URL: warmup, then every 2xx response's latency of the measured seconds,
 * and the CPU share other processes took meanwhile (`snapshot`: the CPU counters).
 */
async function loadTest(url, headers, snapshot) {
  await cannon(url, headers, WARMUP)
  const latencies = []
  const take = await snapshot()
  const before = take()
  const result = await cannon(url, headers, DURATION, latencies)
  const others = othersShare(before, take())
  latencies.sort((a, b) => a - b)
  return {
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    rps: latencies.length / (result.duration || DURATION),
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    others,
  }
}

/** The page object Inertia puts in the HTML (its version, for X-Inertia requests). */
function inertiaPage(html) {
  const script = /<script[^>]*data-page="app"[^>]*>([\s\S]*?)<\/script>/.exec(html)
  if (script) return JSON.parse(script[1])
  const attribute = /data-page="([^"]*)"/.exec(html)
  if (!attribute) return null
  const text = attribute[1]
    .replaceAll('&quot;', '"')
    .replaceAll('&#39;', "'")
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&amp;', '&')
  return JSON.parse(text)
}

/** The first sheet's XML of an .xlsx. */
function sheetXml(buffer) {
  return new Promise((done, reject) => {
    yauzl.fromBuffer(buffer, { lazyEntries: true }, (error, zip) => {
      if (error) return reject(error)
      zip.on('entry', (entry) => {
        if (!/^xl\/worksheets\/sheet\d*\.xml$/.test(entry.fileName)) return zip.readEntry()
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError) return reject(streamError)
          const chunks = []
          stream.on('data', (chunk) => chunks.push(chunk))
          stream.on('end', () => done(Buffer.concat(chunks).toString('utf8')))
          stream.on('error', reject)
        })
      })
      zip.on('end', () => reject(new Error('no worksheet in the file')))
      zip.readEntry()
    })
  })
}

// ---------------------------------------------------------------------------
// One database
// ---------------------------------------------------------------------------

async function runDatabase(database) {
  const started = Date.now()
  const bench = createBench({
    database,
    sqlitePath: SQLITE_PATH,
    pgDatabase: PG_DATABASE,
    port: PORTS[database],
    timeLimitMs: (20 + (ORDERS / 1_000_000) * 30) * 60_000,
  })
  const run = { database, cases: [], reports: [], exports: [], timings: [], loads: [] }
  const timed = async (label, body) => {
    const t = Date.now()
    const value = await body()
    run.timings.push([label, Date.now() - t])
    return value
  }
  let hello = null
  try {
    const dataset = await ensureDataset(bench, database, {
      orders: ORDERS,
      reseed: options.reseed,
      sqlitePath: SQLITE_PATH,
      pgDatabase: PG_DATABASE,
    })
    run.dataset = dataset
    run.timings.push(['data set', dataset.phases.reduce((sum, [, ms]) => sum + ms, 0)])
    run.info = await databaseInfo(database)
    if (options['load-only']) return run

    await timed('server start and sign-in', async () => {
      await bench.startServer()
      run.admin = { cookie: await bench.signIn(ADMIN) }
      run.facility = { cookie: await bench.signIn(FACILITY) }
      hello = await startHello(PORTS.hello)
    })
    const base = bench.baseUrl
    // This run's processes: itself, the server and its workers, the hello-world, and on
    // PostgreSQL the backends connected to the bench database (listed when a case starts).
    const snapshot = async () => {
      const pids = [process.pid, ...bench.serverPids(), ...(hello ? [hello.pid] : [])]
      if (database === 'pg') pids.push(...(await pgBackends()))
      return () => ({
        machine: machineTicks(),
        ours: pids.reduce((sum, pid) => sum + cpuTicks(pid), 0),
      })
    }
    const json = (who) => ({ cookie: run[who].cookie, accept: 'application/json' })

    /** One load case: checked first (status, payload), then measured. */
    const measure = async (name, group, url, headers, check) => {
      if (!selected(name) && group !== 'baseline') return null
      const mark = bench.outputMark()
      let info = {}
      let problem = null
      let first = null
      let body = ''
      try {
        first = await fetch(url, {
          headers,
          redirect: 'manual',
          signal: AbortSignal.timeout(60_000),
        })
        body = await first.text()
        if (first.status !== 200) problem = `first request answered ${first.status}`
      } catch (error) {
        problem = `first request failed: ${error.message}`
      }
      if (!problem && check) {
        try {
          info = check(body, first) ?? {}
        } catch (error) {
          problem = `unexpected payload: ${error.message}`
        }
      }
      log(
        `${database} | ${name}: ${problem ?? (info.total !== undefined ? `${info.total} rows` : 'ok')}; measuring`
      )
      const figures = await loadTest(url, headers, snapshot)
      run.loads.push(figures.others)
      const entry = {
        name,
        group,
        path: url.replace(base, '').replace(`http://${HOST}:${PORTS.hello}`, ''),
        ...info,
        ...figures,
        problem,
        serverLog: bench.outputSince(mark).slice(0, 3),
      }
      run.cases.push(entry)
      return entry
    }
    const datatable = (body) => {
      const page = JSON.parse(body)
      if (!Array.isArray(page.data) || typeof page.total !== 'number') {
        throw new Error('no data array and total')
      }
      // A text filter's count may stop at a limit (total_capped): "at least".
      return {
        total: page.total,
        capped: page.total_capped === true,
        lastPage: page.last_page,
        shown: page.data.length,
      }
    }

    await timed('hello-world and login page', async () => {
      run.hello = await measure(
        'hello-world (node:http)',
        'baseline',
        `http://${HOST}:${PORTS.hello}/`,
        {}
      )
      run.login = await measure('GET /login', 'baseline', `${base}/login`, {}, (body) => {
        if (!body.includes('<html')) throw new Error('no HTML page')
      })
    })

    const lists = orderLists()
    await timed('order lists', async () => {
      for (const list of lists) {
        for (const who of ['admin', 'facility']) {
          const cases = listCases(list, who)
          const pageOne = cases[0]
          const firstPage = await measure(
            `${list.key} ${who} ${pageOne.label}`,
            'list',
            `${base}${list.path}?${new URLSearchParams(pageOne.query)}`,
            json(who),
            datatable
          )
          for (const item of cases.slice(1)) {
            const query = { ...item.query }
            if (item.deep) {
              const last =
                Number(firstPage?.lastPage) || (await pageCount(base, list.path, json(who)))
              query.page = String(Math.max(Math.min(2, last), Math.floor(last * 0.8)))
              item.label = `deep page ${query.page}/${last}`
            }
            const entry = await measure(
              `${list.key} ${who} ${item.label}`,
              item.deep ? 'deep' : 'list',
              `${base}${list.path}?${new URLSearchParams(query)}`,
              json(who),
              datatable
            )
            if (entry && item.deep) entry.firstPage = firstPage
            if (entry && item.statusFilter && who === 'admin') {
              list.statusTotals[item.statusFilter] = entry.total
            }
          }
        }
      }
    })

    await timed('inventory and loan lists', async () => {
      for (const [name, path, query, who, kind] of otherListCases()) {
        const params = { ...query }
        let label = name
        const deep = kind === 'deep'
        if (kind === 'serial') {
          // A rare term: the serial number of a device halfway down the list.
          const last = await pageCount(base, path, json(who))
          const page = await fetch(`${base}${path}?page=${Math.ceil(last / 2)}`, {
            headers: json(who),
          })
          params.search = (page.ok ? await page.json() : {}).data?.[0]?.serial_number ?? 'SN-'
          label = `${name} "${params.search}"`
        }
        if (deep) {
          const last = await pageCount(base, path, json(who))
          params.page = String(Math.max(Math.min(2, last), Math.floor(last * 0.8)))
          label = `${name} ${params.page}/${last}`
        }
        await measure(
          label,
          deep ? 'deep' : 'list',
          `${base}${path}?${new URLSearchParams(params)}`,
          json(who),
          datatable
        )
      }
    })

    await timed('dashboard', async () => {
      const page = await fetch(`${base}/dashboard`, { headers: { cookie: run.admin.cookie } })
      const version = inertiaPage(await page.text())?.version ?? ''
      for (const who of ['admin', 'facility']) {
        await measure(
          `dashboard ${who}`,
          'dashboard',
          `${base}/dashboard`,
          {
            'cookie': run[who].cookie,
            'x-inertia': 'true',
            'x-inertia-version': String(version),
            'x-requested-with': 'XMLHttpRequest',
            'accept': 'text/html, application/xhtml+xml',
          },
          (body, response) => {
            if (response.headers.get('x-inertia') !== 'true')
              throw new Error('not an Inertia answer')
            const pageObject = JSON.parse(body)
            if (
              pageObject.component !== 'dashboard/index' ||
              !Array.isArray(pageObject.props.cards)
            ) {
              throw new Error(`component ${pageObject.component}`)
            }
            return { total: pageObject.props.cards.reduce((sum, card) => sum + card.count, 0) }
          }
        )
      }
    })

    await timed('reports', async () => {
      const range = { start_date: '2024-01-01', end_date: today() }
      for (const path of REPORT_CALLS) {
        const name = `report ${path} (2024-01-01 to today)`
        if (!selected(name)) continue
        run.reports.push(
          await reportCase(
            bench,
            name,
            `${base}/api/report/${path}?${new URLSearchParams(range)}`,
            json('admin')
          )
        )
      }
      for (const table of ['berita-acara', 'pnbp']) {
        const name = `report ${table} table page 1 (2024-01-01 to today)`
        if (!selected(name)) continue
        const query = new URLSearchParams({ ...range, limit: '20', page: '1' })
        run.reports.push(
          await reportCase(bench, name, `${base}/report/${table}/datatable?${query}`, json('admin'))
        )
      }
    })

    await timed('exports', async () => {
      const wanted = [
        { format: 'excel', rows: EXPORT_ROWS, name: 'export Excel ~50,000 orders' },
        { format: 'pdf', rows: PDF_ROWS, name: 'export PDF ~10,000 orders' },
      ].filter((item) => selected(item.name))
      if (!wanted.length) return
      const candidates = await exportCandidates(base, json('admin'), lists[0])
      // Without any counted filter (the list failed), the whole list.
      if (!candidates.length) candidates.push({ query: {}, total: NaN })
      for (const item of wanted) {
        const best = candidates.reduce((a, b) =>
          Math.abs(Math.log(a.total / item.rows)) <= Math.abs(Math.log(b.total / item.rows)) ? a : b
        )
        const url = `${base}/internal/print/${item.format}?${new URLSearchParams(best.query)}`
        run.exports.push(
          await exportCase(bench, `${item.name}`, url, { cookie: run.admin.cookie }, item, best)
        )
      }
    })

    await bench.stopServer()
  } finally {
    hello?.kill()
    await bench.stopServer()
    bench.dispose()
  }
  run.timings.push(['total', Date.now() - started])
  return run
}

/** The server processes of PostgreSQL's connections to the bench database. */
async function pgBackends() {
  const { default: pg } = await import('pg')
  const client = new pg.Client({ ...PG, database: PG_DATABASE })
  await client.connect()
  try {
    const { rows } = await client.query(
      'SELECT pid FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
      [PG_DATABASE]
    )
    return rows.map((row) => Number(row.pid))
  } finally {
    await client.end()
  }
}

/** The order lists; each one's statusTotals are filled as the admin's status filters run. */
function orderLists() {
  return [
    { key: 'internal', path: '/internal/datatable', code: 'DT', statuses: INTERNAL_STATUSES },
    { key: 'insitu', path: '/insitu/datatable', code: 'DL', statuses: INSITU_STATUSES },
  ].map((list) => ({ ...list, statusTotals: {} }))
}

/**
 * admin_pk: first page, a search by part of a facility's name, every status, sorted by the
 * facility, a page 80 % deep. The facility (its own orders only): first page, a search by its
 * orders' month, its commonest and rarest status, sorted by total price, a page 80 % deep.
 */
function listCases(list, who) {
  const cases = [{ label: 'first page', query: { page: '1' } }]
  if (who === 'admin') {
    cases.push({ label: 'search "Fasyankes 123"', query: { search: 'Fasyankes 123', page: '1' } })
    for (const status of list.statuses) {
      cases.push({ label: `status ${status}`, query: { status, page: '1' }, statusFilter: status })
    }
    cases.push({ label: 'sort by facility', query: { sort: 'fasyankes', dir: 'asc', page: '1' } })
  } else {
    const month = `${list.code}/2025/06`
    cases.push({ label: `search "${month}"`, query: { search: month, page: '1' } })
    for (const status of ['SELESAI', list.key === 'internal' ? 'DITOLAK' : 'DIBATALKAN']) {
      cases.push({ label: `status ${status}`, query: { status, page: '1' } })
    }
    cases.push({
      label: 'sort by total price',
      query: { sort: 'formatted_total_price', dir: 'desc', page: '1' },
    })
  }
  cases.push({ label: 'deep page', query: { page: '1' }, deep: true })
  return cases
}

/** The list's last page (1 when the answer has none). */
async function pageCount(base, path, headers) {
  const response = await fetch(`${base}${path}?page=1`, { headers })
  const page = response.ok ? await response.json() : {}
  return Number(page.last_page) || 1
}

/** Other lists on the same data: the inventory (both users) and the calibrator loans. */
function otherListCases() {
  return [
    ['inventory admin first page', '/fasyankes/inventory/datatable', { page: '1' }, 'admin'],
    [
      'inventory admin search "BeneHeart"',
      '/fasyankes/inventory/datatable',
      { search: 'BeneHeart', page: '1' },
      'admin',
    ],
    [
      'inventory admin search a serial number',
      '/fasyankes/inventory/datatable',
      { page: '1' },
      'admin',
      'serial',
    ],
    ['inventory admin deep page', '/fasyankes/inventory/datatable', { page: '1' }, 'admin', 'deep'],
    ['inventory facility first page', '/fasyankes/inventory/datatable', { page: '1' }, 'facility'],
    ['loans admin first page', '/calibrator/loan/datatable', { page: '1' }, 'admin'],
    ['loans admin deep page', '/calibrator/loan/datatable', { page: '1' }, 'admin', 'deep'],
  ]
}

const REPORT_CALLS = [
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

/** One report call, one request at a time: one warmup, then REPEAT measured. */
async function reportCase(bench, name, url, headers) {
  const mark = bench.outputMark()
  const times = []
  const failures = []
  for (let i = 0; i <= REPEAT; i++) {
    const t = performance.now()
    const response = await fetch(url, { headers, signal: AbortSignal.timeout(60_000) }).catch(
      (error) => ({ status: `error ${error.message}` })
    )
    const body = response.text ? await response.text() : ''
    const ms = performance.now() - t
    if (response.status !== 200 || !body.includes('"data"')) failures.push(String(response.status))
    else if (i > 0) times.push(ms)
  }
  times.sort((a, b) => a - b)
  const entry = {
    name,
    path: url.replace(bench.baseUrl, ''),
    p50: percentile(times, 50),
    max: times[times.length - 1],
    failures,
    serverLog: bench.outputSince(mark).slice(0, 3),
  }
  log(`${bench.database} | ${name}: p50 ${fmt(entry.p50)} ms, max ${fmt(entry.max)} ms`)
  return entry
}

/**
 * Filters of the Alat Datang list to export, with their totals: the statuses (as measured),
 * the invoice stages alone and with the invoiced statuses, a facility name's digits and a few
 * months of order numbers alone and finished only (those whose count the app caps are left out).
 */
async function exportCandidates(base, headers, list) {
  const candidates = Object.entries(list.statusTotals).map(([status, total]) => ({
    query: { status },
    total,
  }))
  const extra = [
    { fasyankes: 'Bench Fasyankes 1' },
    { fasyankes: 'Bench Fasyankes 12' },
    { number: 'DT/2024/1' },
    { number: 'DT/2025/0' },
    { number: 'DT/2026/0' },
    { number: 'DT/2025/03' },
  ]
  const stages = ['1', '2', '3'].map((stage) => ({ invoice_index: stage }))
  const invoiced = ['MENUNGGU FEEDBACK', 'SELESAI'].flatMap((status) =>
    stages.map((stage) => ({ status, ...stage }))
  )
  const textual = [...extra, ...extra.map((q) => ({ ...q, status: 'SELESAI' }))]
  for (const query of [...stages, ...invoiced, ...textual]) {
    const response = await fetch(
      `${base}${list.path}?${new URLSearchParams({ ...query, limit: '5' })}`,
      {
        headers,
      }
    )
    const page = response.ok ? await response.json() : null
    // A capped count is not the number of rows the export would hold: not a candidate.
    if (page && !page.total_capped) candidates.push({ query, total: page.total })
  }
  return candidates.filter((candidate) => candidate.total > 0)
}

/** One export: time, first byte, size, rows, and the server's memory before, at peak, after. */
async function exportCase(bench, name, url, headers, item, filter) {
  const mark = bench.outputMark()
  // The process's own memory: the database file's pages that SQLite maps (mmap_size) are the
  // OS's file cache, shared and dropped under pressure, not memory the export took.
  const rss = () => bench.serverPids().reduce((sum, pid) => sum + rssKb(pid, 'RssAnon'), 0)
  const before = rss()
  let peak = before
  const sampler = setInterval(() => {
    peak = Math.max(peak, rss())
  }, 100)
  log(`${bench.database} | ${name}: ${new URLSearchParams(filter.query)} (${filter.total} rows)`)
  const t = performance.now()
  let entry
  try {
    const response = await fetch(url, { headers, signal: AbortSignal.timeout(EXPORT_TIMEOUT_MS) })
    const headersMs = performance.now() - t
    let firstByteMs = null
    const chunks = []
    for await (const chunk of response.body) {
      firstByteMs ??= performance.now() - t
      chunks.push(chunk)
    }
    const totalMs = performance.now() - t
    const body = Buffer.concat(chunks)
    entry = {
      name,
      path: url.replace(bench.baseUrl, ''),
      format: item.format,
      status: response.status,
      filterTotal: filter.total,
      headersMs,
      firstByteMs,
      totalMs,
      bytes: body.length,
      ...(response.status === 200 ? await countRows(item.format, body) : {}),
    }
  } catch (error) {
    entry = {
      name,
      path: url.replace(bench.baseUrl, ''),
      format: item.format,
      error: error.message,
    }
  }
  clearInterval(sampler)
  peak = Math.max(peak, rss())
  await sleep(MEMORY_SETTLE_MS)
  const after = rss()
  Object.assign(entry, {
    beforeMb: before / MB,
    peakMb: peak / MB,
    afterMb: after / MB,
    serverLog: bench.outputSince(mark).slice(0, 3),
  })
  // Given back: at most 50 MB, or a quarter of what it took, stays above where it started.
  entry.givenBack = after - before <= Math.max(50 * MB, (peak - before) / 4)
  log(
    `${bench.database} | ${name}: ${entry.error ?? `${entry.status}, ${entry.rows} rows x ${entry.columns ?? '-'} columns, ${fmt(entry.totalMs / 1000, 2)} s, first byte ${fmt(entry.firstByteMs)} ms`}; server ${fmt(entry.beforeMb, 0)} -> ${fmt(entry.peakMb, 0)} -> ${fmt(entry.afterMb, 0)} MB`
  )
  return entry
}

async function countRows(format, body) {
  if (format === 'pdf') {
    const text = body.toString('latin1')
    if (!text.startsWith('%PDF')) return { rows: 0, note: 'not a PDF' }
    return { pages: (text.match(/\/Type\s*\/Page\b/g) ?? []).length, rows: null }
  }
  const xml = await sheetXml(body)
  // Rows 1-5 are the title, filters, print date, a blank row and the header; then the orders.
  const numbers = [...xml.matchAll(/<row[^>]*\sr="(\d+)"/g)].map((match) => Number(match[1]))
  const header = /<row[^>]*\sr="5"[^>]*>([\s\S]*?)<\/row>/.exec(xml)
  return {
    rows: numbers.filter((n) => n > 5).length,
    columns: header ? header[1].split('<c ').length - 1 : null,
  }
}

// ---------------------------------------------------------------------------
// Machine, database, results
// ---------------------------------------------------------------------------

async function databaseInfo(database) {
  if (database === 'sqlite') {
    const path = resolve(ROOT, SQLITE_PATH)
    const { default: Database } = await import('better-sqlite3')
    const db = new Database(path, { readonly: true })
    try {
      const version = db.prepare('SELECT sqlite_version() AS v').get().v
      const counts = tableCounts((sql) => db.prepare(sql).get())
      return {
        label: `SQLite ${version} (libsql), ${SQLITE_PATH}`,
        size: statSync(path).size,
        counts,
      }
    } finally {
      db.close()
    }
  }
  const { default: pg } = await import('pg')
  const client = new pg.Client({ ...PG, database: PG_DATABASE })
  await client.connect()
  try {
    const version = (await client.query('SHOW server_version')).rows[0].server_version
    const size = Number(
      (await client.query('SELECT pg_database_size(current_database()) AS n')).rows[0].n
    )
    const rows = {}
    for (const table of COUNTED_TABLES) {
      rows[table] = Number((await client.query(`SELECT count(*) AS n FROM ${table}`)).rows[0].n)
    }
    const facility = (await client.query(FACILITY_ORDERS_SQL, [DEMO_FACILITY_EMAIL])).rows[0]
    return {
      label: `PostgreSQL ${version}, database ${PG_DATABASE}`,
      size,
      counts: { ...rows, facilityName: facility.name, facilityOrders: Number(facility.n) },
    }
  } finally {
    await client.end()
  }
}

const COUNTED_TABLES = [
  'fasyankes',
  'orders',
  'order_devices',
  'invoices',
  'feedbacks',
  'inventories',
  'audit_logs',
  'calibrator_loans',
]
const FACILITY_ORDERS_SQL = `SELECT f.fasyankes_name AS name, (SELECT count(*) FROM orders o WHERE o.fasyankes_id = f.id) AS n
  FROM users u JOIN fasyankes f ON f.id = u.fasyankes_id WHERE u.email = $1`

function tableCounts(get) {
  const counts = {}
  for (const table of COUNTED_TABLES) counts[table] = get(`SELECT count(*) AS n FROM ${table}`).n
  const facility = get(FACILITY_ORDERS_SQL.replace('$1', `'${DEMO_FACILITY_EMAIL}'`))
  return { ...counts, facilityName: facility.name, facilityOrders: facility.n }
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

/** What each case is held to, and whether it met it. */
function verdict(entry, database) {
  const bad = entry.non2xx + entry.errors + entry.timeouts
  if (entry.group === 'baseline') return { target: '', met: bad ? 'ERRORS' : '' }
  const listTarget = TARGETS.list[database]
  let target = ''
  let met = true
  if (entry.group === 'list' || entry.group === 'deep') {
    target = `p95 <= ${listTarget}`
    met = entry.p95 <= listTarget
    if (entry.group === 'deep' && entry.firstPage) {
      target += `, <= ${TARGETS.deepFactor}x page 1`
      met = met && entry.p95 <= TARGETS.deepFactor * entry.firstPage.p95
    }
  } else if (entry.group === 'dashboard') {
    target = `p95 <= ${TARGETS.dashboard}`
    met = entry.p95 <= TARGETS.dashboard
  }
  if (bad || entry.problem) return { target, met: 'ERRORS' }
  return { target, met: met ? 'yes' : 'NO' }
}

function markdownTable(head, rows) {
  const line = (cells) => `| ${cells.join(' | ')} |`
  return [line(head), line(head.map(() => '---')), ...rows.map(line)].join('\n')
}

function caseRows(run) {
  const hello = run.hello
  return run.cases.map((entry) => {
    const { target, met } = verdict(entry, run.database)
    const bad = entry.non2xx + entry.errors + entry.timeouts
    return [
      entry.name,
      `\`${entry.path}\``,
      entry.total === undefined ? '' : `${thousands(entry.total)}${entry.capped ? '+' : ''}`,
      fmt(entry.p50),
      fmt(entry.p95),
      fmt(entry.p99),
      fmt(entry.rps, 0),
      hello ? fmt(entry.p95 / hello.p95, 0) : '',
      hello ? fmt(entry.rps / hello.rps, 3) : '',
      bad || entry.problem
        ? `${entry.non2xx} non-2xx, ${entry.errors} errors (${entry.timeouts} of them timeouts)${entry.problem ? `; ${entry.problem}` : ''}`
        : '0',
      target,
      met,
      Number.isFinite(entry.others) ? fmt(100 * entry.others, 0) : '',
    ]
  })
}

function reportRows(run) {
  return run.reports.map((entry) => [
    entry.name,
    fmt(entry.p50),
    fmt(entry.max),
    run.hello ? fmt(entry.p50 / run.hello.p50, 0) : '',
    entry.failures.length ? `${entry.failures.length} failed (${entry.failures[0]})` : '0',
    `max <= ${TARGETS.report}`,
    entry.failures.length ? 'ERRORS' : entry.max <= TARGETS.report ? 'yes' : 'NO',
  ])
}

function exportRows(run) {
  return run.exports.map((entry) => {
    const excel = entry.format === 'excel'
    const extra = entry.peakMb - entry.beforeMb
    const met = entry.error
      ? 'ERRORS'
      : excel
        ? entry.totalMs <= TARGETS.exportMs &&
          entry.firstByteMs < TARGETS.exportFirstByteMs &&
          extra <= TARGETS.exportExtraMb &&
          entry.givenBack
          ? 'yes'
          : 'NO'
        : entry.totalMs <= TARGETS.pdfMs
          ? 'yes'
          : 'NO'
    return [
      entry.name,
      `\`${entry.path}\``,
      entry.error
        ? `error: ${entry.error}`
        : excel
          ? `${thousands(entry.rows)} x ${entry.columns}`
          : `${thousands(entry.filterTotal)} (${entry.pages} pages)`,
      entry.error ? '' : fmt(entry.totalMs / 1000, 2),
      entry.error ? '' : fmt(entry.headersMs, 0),
      entry.error ? '' : fmt(entry.firstByteMs, 0),
      entry.error ? '' : fmt(entry.bytes / 1024 / 1024, 1),
      `${fmt(entry.beforeMb, 0)} / ${fmt(entry.peakMb, 0)} / ${fmt(entry.afterMb, 0)}`,
      fmt(extra, 0),
      entry.givenBack ? 'yes' : 'no',
      excel
        ? `<= ${TARGETS.exportMs / 1000} s, first byte < ${TARGETS.exportFirstByteMs} ms, <= ${TARGETS.exportExtraMb} MB given back`
        : `<= ${TARGETS.pdfMs / 1000} s`,
      met,
    ]
  })
}

function runMarkdown(run, host) {
  const { counts } = run.info
  const quick = ORDERS < 1_000_000 ? ' (quick run)' : ''
  const partial = ONLY.length ? `, only cases matching ${ONLY.map((t) => `"${t}"`).join(', ')}` : ''
  const lines = [
    `## ${thousands(ORDERS)} orders, ${run.database === 'sqlite' ? 'SQLite' : 'PostgreSQL'}${quick}${partial}`,
    '',
    `- Run: ${host.date}, commit ${host.commit} (plus any uncommitted changes), Node ${host.node}`,
    `- Machine: ${host.cpus}, ${host.ram}, ${host.kernel}; client (autocannon) and server share it`,
    `- Database: ${run.info.label}, ${fmt(run.info.size / 1024 ** 3, 2)} GiB`,
    `- Data: ${thousands(counts.orders)} orders (${thousands(ORDERS)} generated + demo), ${thousands(counts.order_devices)} device lines, ${thousands(counts.fasyankes)} facilities, ${thousands(counts.invoices)} invoices, ${thousands(counts.feedbacks)} questionnaires, ${thousands(counts.inventories)} inventory rows, ${thousands(counts.audit_logs)} audit rows, ${thousands(counts.calibrator_loans)} loans; facility case: ${counts.facilityName} (${DEMO_FACILITY_EMAIL}) with ${thousands(counts.facilityOrders)} orders`,
    `- Data set: ${run.dataset.reused ? 'reused' : 'built'}: ${phaseList(run.dataset.phases)}${run.dataset.built ? `; it was built ${run.dataset.built.at.slice(0, 16).replace('T', ' ')} UTC: ${phaseList(run.dataset.built.phases)}` : ''}`,
    `- Time: ${run.timings.map(([label, ms]) => `${label} ${seconds(ms)}`).join(', ')}`,
    `- Other work on the machine: share of its CPU (${cpus().length} cores) that processes other than this run's used while a case was measured: ${loadSummary(run.loads)} (per case in the last column)`,
    `- Settings: ${CONNECTIONS} connections, ${WARMUP} s warmup + ${DURATION} s measured per URL; reports ${REPEAT} requests one at a time after one warmup; production server (server.js, one worker per core)`,
    '',
    `rows: the list's total for the URL (+: the app stopped counting at its limit). Latency in ms (every 2xx response of the measured seconds); p95/hello and rps/hello against the bare node:http server of the same run (p95 ${fmt(run.hello?.p95)} ms, ${fmt(run.hello?.rps, 0)} req/s); the login page: p95 ${fmt(run.login?.p95)} ms, ${fmt(run.login?.rps, 0)} req/s.`,
    '',
    markdownTable(
      [
        'case',
        'URL',
        'rows',
        'p50',
        'p95',
        'p99',
        'req/s',
        'p95/hello',
        'rps/hello',
        'non-2xx / errors (timeouts)',
        'target',
        'met',
        'other CPU %',
      ],
      caseRows(run)
    ),
  ]
  if (run.reports.length) {
    lines.push(
      '',
      'Reports, one request at a time (admin_pk), ms:',
      '',
      markdownTable(
        ['call', 'p50', 'max', 'p50/hello', 'failures', 'target', 'met'],
        reportRows(run)
      )
    )
  }
  if (run.exports.length) {
    lines.push(
      '',
      'Exports of the Alat Datang list (admin_pk); memory is the resident anonymous memory (RssAnon: heaps and caches, not the mapped pages of the database file) of the server and its workers, MB, before / peak / 10 s after:',
      '',
      markdownTable(
        [
          'export',
          'URL',
          'rows',
          'seconds',
          'headers ms',
          'first byte ms',
          'MB',
          'server memory',
          'extra MB',
          'given back',
          'target',
          'met',
        ],
        exportRows(run)
      )
    )
  }
  const logged = [...run.cases, ...run.reports, ...run.exports].filter(
    (entry) => entry.serverLog?.length
  )
  if (logged.length) {
    lines.push('', 'Server log lines written during a case (first lines):', '')
    for (const entry of logged)
      lines.push(`- ${entry.name}: \`${entry.serverLog[0].slice(0, 300)}\``)
  }
  return lines.join('\n')
}

const phaseList = (phases) => phases.map(([label, ms]) => `${label} ${seconds(ms)}`).join('; ')

function loadSummary(loads) {
  const sorted = loads.filter(Number.isFinite).sort((a, b) => a - b)
  if (!sorted.length) return '-'
  const pct = (value) => `${fmt(100 * value, 0)} %`
  return `min ${pct(sorted[0])}, median ${pct(percentile(sorted, 50))}, max ${pct(sorted[sorted.length - 1])}`
}

const RESULTS_HEAD = `# Scale benchmark results

Figures of \`bench/scale.js\` (see bench/README.md, "Scale benchmark"), one section per order count
and database, replaced when the same run is made again. Targets (issue 16): every list p95 <= 100 ms
on SQLite and <= 150 ms on PostgreSQL, a deep page within 2x of page 1, the dashboard p95 <= 150 ms,
each report <= 500 ms, an export of 50,000 rows in <= 5 s with its first byte in < 1 s and <= 200 MB
of extra server memory given back, a PDF of 10,000 rows in <= 15 s; no non-2xx answer, error or
timeout.
`

function writeResults(runs, host) {
  const path = resolve(ROOT, options.results)
  let text = existsSync(path) ? readFileSync(path, 'utf8') : RESULTS_HEAD
  for (const run of runs) {
    const key = `scale:${ORDERS}:${run.database}${ONLY.length ? `:only=${ONLY.join(',')}` : ''}`
    const block = `<!-- ${key} -->\n${runMarkdown(run, host)}\n<!-- /${key} -->`
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

function printRun(run, host) {
  if (options['load-only']) {
    const { counts } = run.info
    console.log(
      `\n${run.database}: ${run.info.label}, ${fmt(run.info.size / 1024 ** 3, 2)} GiB, ${thousands(counts.orders)} orders, ${thousands(counts.order_devices)} device lines; data set ${run.dataset.reused ? 'reused' : 'built'}:`
    )
    for (const [label, ms, detail] of run.dataset.phases) {
      console.log(`  ${seconds(ms).padStart(8)}  ${label}${detail ? ` (${detail})` : ''}`)
    }
    return
  }
  console.log(`\n${runMarkdown(run, host)}\n`)
}

// ---------------------------------------------------------------------------

const host = machine()
if (loadavg()[0] > cpus().length) {
  log(
    `the machine is busy (1-minute load average ${fmt(loadavg()[0], 1)} on ${cpus().length} cores): the figures will show it`
  )
}
const runs = []
let failed = false
try {
  for (const database of DATABASES) {
    const run = await runDatabase(database)
    runs.push(run)
    printRun(run, host)
  }
} catch (error) {
  console.error(`[bench] FAILED: ${error.stack ?? error.message}`)
  failed = true
}
if (runs.length && !options['no-results'] && !options['load-only']) writeResults(runs, host)
const errored = runs.some(
  (run) =>
    run.cases.some((entry) => entry.non2xx + entry.errors + entry.timeouts > 0 || entry.problem) ||
    run.reports.some((entry) => entry.failures.length) ||
    run.exports.some((entry) => entry.error || entry.status !== 200)
)
if (errored) log('some cases had non-2xx answers, errors or timeouts: see the tables above')
process.exit(failed || errored ? 1 : 0)
