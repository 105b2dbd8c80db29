// Benchmark: one app instance against two, on one PostgreSQL database.
//
//   npm run bench:instances
//
// 1. creates the PostgreSQL database kalibra_inst_bench if it is missing, migrates it and loads
//    the reference and demo data (bench/support.js prepare(), with DB_CONNECTION=pg);
// 2. starts, against that one database, instance A (node server.js, WEB_CONCURRENCY=1) on
//    127.0.0.1:3810, instance B (the same) on :3811 and, for comparison, one instance with two
//    workers (WEB_CONCURRENCY=2, the cluster of server.js) on :3812; two bare node:http
//    hello-world processes on :3813 and :3814; signs in as admin_pk on each instance through the
//    real login flow (and checks that A's session is accepted by B);
// 3. measures, with autocannon, 20 connections in all, 3 s warmup and 10 s measured per case:
//    hello-world on one process and on two; GET /login and the signed-in JSON list
//    /internal/datatable?limit=10 on A alone, on A and B at once (two autocannon runs, one per
//    port, 10 connections each, requests per second summed), and on the two-worker instance.
//    The cases take turns, BENCH_ROUNDS times (default 3);
// 4. prints requests per second (median of the rounds), p50 and p95 latency, errors, and the
//    share of the CPU other work on the machine took meanwhile; stops everything.
//
// The load generator, the instances and PostgreSQL share the machine's cores: see
// bench/README.md ("Two instances"). Settings (environment): BENCH_PG_DATABASE, BENCH_PORT (the
// first of five ports), BENCH_CONNECTIONS, BENCH_DURATION, BENCH_WARMUP, BENCH_ROUNDS,
// BENCH_PG_HOST/PORT/USER/PASSWORD, BENCH_LOG_LEVEL.
import { spawn } from 'node:child_process'
import { availableParallelism, loadavg } from 'node:os'
import autocannon from 'autocannon'
import pg from 'pg'
import {
  cpuTicks,
  createBench,
  ensurePgDatabase,
  fail,
  HOST,
  log,
  machineTicks,
  PG,
  percentile,
  sleep,
  startHello,
  stopHello,
} from './support.js'

const PG_DATABASE = process.env.BENCH_PG_DATABASE ?? 'kalibra_inst_bench'
const PORT = Number(process.env.BENCH_PORT ?? 3810)
const PORTS = { a: PORT, b: PORT + 1, cluster: PORT + 2, helloA: PORT + 3, helloB: PORT + 4 }
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20)
const DURATION = Number(process.env.BENCH_DURATION ?? 10)
const WARMUP = Number(process.env.BENCH_WARMUP ?? 3)
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3)
const TIME_LIMIT_MS = 20 * 60 * 1000
const ADMIN = { email: 'admin_pk@kalibra.test', password: 'kalibra2026' }
const LOGIN = '/login'
const DATATABLE = '/internal/datatable?limit=10'

if (!/^[a-z_][a-z0-9_]*$/.test(PG_DATABASE)) {
  console.error(`[bench] BENCH_PG_DATABASE ${PG_DATABASE}: not a plain database name`)
  process.exit(2)
}

// Benches of support.js on the same database, one server each: instances A and B ...
const benchOptions = { timeLimitMs: TIME_LIMIT_MS, database: 'pg', pgDatabase: PG_DATABASE }
const instanceA = createBench({ ...benchOptions, port: PORTS.a })
const instanceB = createBench({ ...benchOptions, port: PORTS.b })
// ... and, for comparison, one instance using two cores through its cluster (WEB_CONCURRENCY=2).
const cluster = createBench({ ...benchOptions, port: PORTS.cluster })

// ---------------------------------------------------------------------------
// The database
// ---------------------------------------------------------------------------

/** The PostgreSQL backends serving the bench database (the instances' pools). */
async function backendPids() {
  const client = new pg.Client({ ...PG, database: 'postgres' })
  await client.connect()
  try {
    const result = await client.query(
      'SELECT pid FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
      [PG_DATABASE]
    )
    return result.rows.map((row) => Number(row.pid))
  } finally {
    await client.end()
  }
}

/** The hello-world processes of the run (their CPU counts as this run's). */
const helloChildren = []

/** Linux's clock ticks per second (USER_HZ), the unit of /proc/<pid>/stat. */
const TICKS_PER_SECOND = 100

/**
 * CPU counters: the whole machine's, and per process this run's (this process with its load
 * generator, the servers, the hello-world processes and the PostgreSQL backends of the bench
 * database).
 */
async function snapshot() {
  const backends = await backendPids()
  const pids = new Set([
    process.pid,
    ...instanceA.serverPids(),
    ...instanceB.serverPids(),
    ...cluster.serverPids(),
    ...helloChildren.map((child) => child.pid),
    ...backends,
  ])
  const ticks = new Map([...pids].map((pid) => [pid, cpuTicks(pid)]))
  return { machine: machineTicks(), ticks, backends }
}

/**
 * Where the CPU went between two snapshots, in cores (CPU seconds per second): the servers
 * measured (`serverPids`), the PostgreSQL backends, the load generator (this process), and the
 * share of all cores that other work on the machine took. A process started meanwhile (a new
 * pool connection) counts from zero, one that ended meanwhile is left out.
 */
function cpuUse(before, after, serverPids, seconds) {
  const used = (pids) => {
    let ticks = 0
    for (const pid of pids) {
      // 0: the process ended meanwhile (an idle pool connection closed); its ticks are lost.
      const now = after.ticks.get(pid) ?? 0
      if (now > 0) ticks += Math.max(0, now - (before.ticks.get(pid) ?? 0))
    }
    return ticks / TICKS_PER_SECOND / seconds
  }
  const total = after.machine.total - before.machine.total
  const busy = after.machine.busy - before.machine.busy
  const ours = used(after.ticks.keys()) * seconds * TICKS_PER_SECOND
  return {
    server: used(serverPids),
    database: used(after.backends),
    client: used([process.pid]),
    others: total > 0 ? Math.max(0, (busy - ours) / total) : NaN,
  }
}

// ---------------------------------------------------------------------------
// Measuring: the connections split over the targets, every target loaded at once
// ---------------------------------------------------------------------------

function cannon(target, connections, duration, latencies) {
  const instance = autocannon({
    url: target.url,
    headers: target.headers ?? {},
    connections,
    duration,
    timeout: 10,
  })
  if (latencies) {
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      if (statusCode >= 200 && statusCode < 300) latencies.push(responseTime)
    })
  }
  return instance
}

/**
 * Warmup, then `DURATION` seconds with autocannon on every target at the same time (one run
 * per target, `CONNECTIONS / targets` connections each). Requests per second: the 2xx answers
 * of every run over the measured time, summed; latencies: every 2xx answer of every run.
 */
async function measure(name, targets) {
  const connections = Math.max(1, Math.floor(CONNECTIONS / targets.length))
  log(
    `${name}: ${targets.length} x ${connections} connections, ${WARMUP} s warmup, ` +
      `${DURATION} s measured (load average ${loadavg()[0].toFixed(1)})`
  )
  await Promise.all(targets.map((target) => cannon(target, connections, WARMUP)))
  const latencies = targets.map(() => [])
  const before = await snapshot()
  const started = performance.now()
  const results = await Promise.all(
    targets.map((target, index) => cannon(target, connections, DURATION, latencies[index]))
  )
  const seconds = (performance.now() - started) / 1000
  const cpu = cpuUse(
    before,
    await snapshot(),
    targets.flatMap((target) => target.pids()),
    seconds
  )
  // Let the answers still on their way arrive before the next case starts.
  await sleep(1000)
  const perTarget = results.map(
    (result, index) => latencies[index].length / (result.duration || DURATION)
  )
  return {
    latencies: latencies.flat(),
    rps: perTarget.reduce((sum, rps) => sum + rps, 0),
    perTarget,
    errors: results.reduce((sum, r) => sum + r.non2xx + r.errors + r.timeouts, 0),
    cpu,
  }
}

/** The signed-in list answers 200 with its JSON payload (not a redirect to /login). */
async function checkList(baseUrl, cookie) {
  const response = await fetch(`${baseUrl}${DATATABLE}`, {
    headers: { cookie, accept: 'application/json' },
    redirect: 'manual',
  })
  const type = response.headers.get('content-type') ?? ''
  if (response.status !== 200 || !type.includes('application/json')) {
    fail(`GET ${baseUrl}${DATATABLE} answered ${response.status} ${type}`)
  }
  const body = await response.json()
  if (!Array.isArray(body.data)) fail(`GET ${DATATABLE} did not answer the list payload`)
  return body
}

// ---------------------------------------------------------------------------
// Report
// ---------------------------------------------------------------------------

const median = (values) => {
  const sorted = [...values].sort((x, y) => x - y)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}

/** One row per case: the median of its rounds' req/s, latencies over every round. */
function summarize(cases, runs) {
  const rows = cases.map((one) => {
    const mine = runs.filter((run) => run.case === one)
    const latencies = mine.flatMap((run) => run.latencies).sort((x, y) => x - y)
    return {
      ...one,
      rps: median(mine.map((run) => run.rps)),
      rounds: mine.map((run) => run.perTarget.map((rps) => rps.toFixed(0)).join('+')),
      p50: percentile(latencies, 50),
      p95: percentile(latencies, 95),
      errors: mine.reduce((sum, run) => sum + run.errors, 0),
      // Cores used, averaged over the rounds; requests per CPU second of the servers.
      cpu: Object.fromEntries(
        ['server', 'database', 'client', 'others'].map((key) => [
          key,
          mine.reduce((sum, run) => sum + run.cpu[key], 0) / mine.length,
        ])
      ),
      perServerSecond: median(mine.map((run) => run.rps / run.cpu.server)),
    }
  })
  for (const row of rows) {
    const base = rows.find((other) => other.url === row.url && other.processes === 1)
    row.ratio = row === base || !base ? '' : (row.rps / base.rps).toFixed(2)
  }
  return rows
}

function printTable(rows) {
  const head = [
    'URL',
    'setup',
    'req/s',
    'each round (per process)',
    'x one',
    'p50 ms',
    'p95 ms',
    'errors',
    'server cores',
    'req per server CPU-s',
    'PG cores',
    'client cores',
    'others CPU',
  ]
  const body = rows.map((row) => [
    row.url,
    row.setup,
    row.rps.toFixed(0),
    row.rounds.join(' | '),
    row.ratio,
    row.p50.toFixed(1),
    row.p95.toFixed(1),
    String(row.errors),
    row.cpu.server.toFixed(2),
    row.perServerSecond.toFixed(0),
    row.cpu.database.toFixed(2),
    row.cpu.client.toFixed(2),
    `${(row.cpu.others * 100).toFixed(0)} %`,
  ])
  const widths = head.map((title, column) =>
    Math.max(title.length, ...body.map((cells) => cells[column].length))
  )
  const line = (cells) =>
    cells
      .map((cell, column) =>
        column < 2 ? cell.padEnd(widths[column]) : cell.padStart(widths[column])
      )
      .join('  ')
  console.log(`\n${line(head)}\n${widths.map((width) => '-'.repeat(width)).join('  ')}`)
  for (const cells of body) console.log(line(cells))
}

// ---------------------------------------------------------------------------

await instanceA.main(async () => {
  await ensurePgDatabase(PG_DATABASE)
  instanceA.prepare()

  // Everything runs at once and the cases take turns, round after round, so that a change in
  // the machine's other work falls on every case alike. An idle server costs nothing.
  const hello = []
  for (const port of [PORTS.helloA, PORTS.helloB]) {
    const child = await startHello(port)
    helloChildren.push(child)
    hello.push({ url: `http://${HOST}:${port}/`, pids: () => [child.pid] })
  }
  instanceA.env.WEB_CONCURRENCY = '1'
  instanceB.env.WEB_CONCURRENCY = '1'
  cluster.env.WEB_CONCURRENCY = '2'
  await instanceA.startServer()
  await instanceB.startServer()
  await cluster.startServer()
  const cookieA = await instanceA.signIn(ADMIN)
  const list = await checkList(instanceA.baseUrl, cookieA)
  log(`${DATATABLE}: ${list.data.length} rows of ${list.total ?? '?'}`)
  // The session signed in on A is a session of B too (one database).
  await checkList(instanceB.baseUrl, cookieA)
  log('the session signed in on instance A is accepted by instance B')
  const cookieB = await instanceB.signIn(ADMIN)
  const cookieCluster = await cluster.signIn(ADMIN)
  await checkList(instanceB.baseUrl, cookieB)
  await checkList(cluster.baseUrl, cookieCluster)

  const login = (bench) => ({ url: `${bench.baseUrl}${LOGIN}`, pids: bench.serverPids })
  const signedIn = (bench, cookie) => ({
    url: `${bench.baseUrl}${DATATABLE}`,
    headers: { cookie, accept: 'application/json' },
    pids: bench.serverPids,
  })
  const cases = [
    { url: 'hello-world', setup: '1 process', targets: [hello[0]] },
    { url: 'hello-world', setup: '2 processes', targets: hello },
    { url: `GET ${LOGIN}`, setup: '1 instance, 1 worker', targets: [login(instanceA)] },
    {
      url: `GET ${LOGIN}`,
      setup: '2 instances, 1 worker each',
      targets: [login(instanceA), login(instanceB)],
    },
    { url: `GET ${LOGIN}`, setup: '1 instance, 2 workers', targets: [login(cluster)] },
    {
      url: `GET ${DATATABLE}`,
      setup: '1 instance, 1 worker',
      targets: [signedIn(instanceA, cookieA)],
    },
    {
      url: `GET ${DATATABLE}`,
      setup: '2 instances, 1 worker each',
      targets: [signedIn(instanceA, cookieA), signedIn(instanceB, cookieB)],
    },
    {
      url: `GET ${DATATABLE}`,
      setup: '1 instance, 2 workers',
      targets: [signedIn(cluster, cookieCluster)],
    },
  ].map((one) => ({ ...one, processes: one.targets.length }))

  const runs = []
  for (let round = 1; round <= ROUNDS; round++) {
    for (const one of cases) {
      const result = await measure(
        `round ${round}/${ROUNDS}, ${one.url}, ${one.setup}`,
        one.targets
      )
      runs.push({ case: one, ...result })
    }
  }

  await Promise.all([instanceA.stopServer(), instanceB.stopServer(), cluster.stopServer()])
  for (const child of helloChildren) await stopHello(child)
  for (const bench of [instanceA, instanceB, cluster]) bench.dispose()

  printTable(summarize(cases, runs))
  console.log(
    `\n${CONNECTIONS} connections in all (split evenly when two processes are measured), ` +
      `${WARMUP} s warmup and ${DURATION} s measured per case, ${ROUNDS} rounds (req/s: their ` +
      `median; p50/p95 over every round); Node ${process.version}, ${availableParallelism()} cores, ` +
      `PostgreSQL database ${PG_DATABASE}.\n"x one": against one process of the same URL. The load ` +
      `generator (this process), the instances and PostgreSQL share these cores; "others CPU": ` +
      `the share of all cores that other work on the machine took meanwhile. "server cores", "PG ` +
      `cores", "client cores": CPU seconds per second of the servers measured, of the ` +
      `PostgreSQL backends of the bench database and of the load generator.`
  )
})
