// What the benchmarks share: a production server of the app on its own database (a SQLite file,
// or a PostgreSQL database), started and always stopped, a signed-in session through the real
// login flow, a deterministic random source and percentiles. Each benchmark script calls
// createBench() once per database it measures.
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import pg from 'pg'

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..')

export function log(message) {
  console.log(`[bench] ${message}`)
}

export class BenchError extends Error {}

/** Stops the run with a message; caught by main(), which stops the server first. */
export function fail(message) {
  throw new BenchError(message)
}

export function prng(seed) {
  // mulberry32
  return () => {
    seed = (seed + 0x6d2b79f5) | 0
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

export function percentile(sorted, p) {
  if (!sorted.length) return NaN
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]
}

export const HOST = '127.0.0.1'

export const sleep = (ms) => new Promise((done) => setTimeout(done, ms))

/** Every hello-world process of this run: killed on exit. */
const hellos = new Set()

/** A bare node:http server in its own process: the floor of any request on this machine. */
export async function startHello(port) {
  const code = `require('node:http').createServer((q, s) => s.end('ok')).listen(${port}, '${HOST}')`
  const child = spawn(process.execPath, ['-e', code], { stdio: 'inherit' })
  hellos.add(child)
  child.once('exit', () => hellos.delete(child))
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(`http://${HOST}:${port}/`)).ok) return child
    } catch {
      await sleep(50)
    }
  }
  fail(`the hello-world server on :${port} did not start`)
}

/** Stops a hello-world process and waits for it to be gone. */
export async function stopHello(child) {
  if (child.exitCode !== null || child.signalCode !== null) return
  const exited = new Promise((done) => child.once('exit', done))
  child.kill('SIGTERM')
  await exited
}

process.on('exit', () => {
  for (const child of hellos) child.kill('SIGKILL')
})

/** Where the PostgreSQL benches connect (trust auth on the bench machine). */
export const PG = {
  host: process.env.BENCH_PG_HOST ?? '127.0.0.1',
  port: Number(process.env.BENCH_PG_PORT ?? 5432),
  user: process.env.BENCH_PG_USER ?? 'postgres',
  password: process.env.BENCH_PG_PASSWORD ?? '',
}

/** Creates the PostgreSQL database `name` on PG when it is missing. */
export async function ensurePgDatabase(name) {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) fail(`${name}: not a plain database name`)
  const client = new pg.Client({ ...PG, database: 'postgres' })
  await client.connect()
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])
    if (found.rowCount) return
    log(`creating the PostgreSQL database ${name}`)
    await client.query(`CREATE DATABASE "${name}"`)
  } finally {
    await client.end()
  }
}

// ---------------------------------------------------------------------------
// Every server any bench of this process started: stopped on abort, killed on exit.
// ---------------------------------------------------------------------------

const benches = new Set()
let guarded = false

async function abortAll(message) {
  console.error(`[bench] FAILED: ${message}`)
  for (const bench of benches) await bench.stopServer()
  process.exit(1)
}

function installGuards() {
  if (guarded) return
  guarded = true
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.on(signal, () => abortAll(`interrupted by ${signal}`))
  }
  // Last resort: never leave a server behind.
  process.on('exit', () => {
    for (const bench of benches) bench.kill()
  })
}

/**
 * Resident memory (kB) of a process, from /proc (`VmRSS`, or another field of its status such as
 * `RssAnon`: what it holds itself, without the file pages it maps); 0 once it is gone.
 */
export function rssKb(pid, field = 'VmRSS') {
  try {
    const match = new RegExp(`${field}:\\s+(\\d+)`).exec(
      readFileSync(`/proc/${pid}/status`, 'utf8')
    )
    return match ? Number(match[1]) : 0
  } catch {
    return 0
  }
}

/** CPU time (clock ticks) a process has used, user and system, from /proc; 0 once it is gone. */
export function cpuTicks(pid) {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8')
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ')
    return Number(fields[11]) + Number(fields[12])
  } catch {
    return 0
  }
}

/** The machine's CPU time (clock ticks, every core): busy and in all, from /proc/stat. */
export function machineTicks() {
  const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1)
  const values = fields.map(Number)
  const total = values.reduce((sum, value) => sum + value, 0)
  return { busy: total - values[3] - (values[4] ?? 0), total }
}

/** The process and its descendants (cluster workers), from /proc/<pid>/task/<tid>/children. */
export function processTree(pid) {
  const found = [pid]
  for (let i = 0; i < found.length; i++) {
    try {
      for (const task of readdirSync(`/proc/${found[i]}/task`)) {
        const children = readFileSync(`/proc/${found[i]}/task/${task}/children`, 'utf8')
        for (const child of children.split(' ').filter(Boolean)) found.push(Number(child))
      }
    } catch {
      // gone meanwhile
    }
  }
  return found
}

/**
 * One benchmark run on its own database and port, in production mode (demo accounts loaded);
 * the run is stopped after `timeLimitMs`. `database`: 'sqlite' (the file `sqlitePath`) or 'pg'
 * (the PostgreSQL database `pgDatabase` on PG above, which the caller creates).
 */
export function createBench({
  sqlitePath,
  port,
  timeLimitMs,
  database = 'sqlite',
  pgDatabase = null,
}) {
  installGuards()
  const BASE_URL = `http://${HOST}:${port}`
  /** Environment of every child process: production mode on the bench database. */
  const childEnv = {
    ...process.env,
    NODE_ENV: 'production',
    DEMO_DATA: 'true',
    PORT: String(port),
    HOST,
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
  }
  delete childEnv.DATABASE_URL
  if (database === 'pg') {
    if (!pgDatabase) fail('createBench: a PostgreSQL bench needs pgDatabase')
    Object.assign(childEnv, {
      DB_CONNECTION: 'pg',
      PG_HOST: PG.host,
      PG_PORT: String(PG.port),
      PG_USER: PG.user,
      PG_PASSWORD: PG.password,
      PG_DB_NAME: pgDatabase,
    })
  } else {
    Object.assign(childEnv, { DB_CONNECTION: 'sqlite', SQLITE_PATH: sqlitePath })
  }
  const target = database === 'pg' ? `PostgreSQL database ${pgDatabase}` : sqlitePath

  let server = null
  let stopping = false
  const running = () => server && server.exitCode === null && server.signalCode === null

  /** The server's output lines (stdout and stderr), numbered, the newest 2,000 kept. */
  const output = []
  let outputCount = 0
  function keepOutput(stream, chunk, rest) {
    const text = rest.value + chunk.toString('utf8')
    const lines = text.split('\n')
    rest.value = lines.pop()
    for (const line of lines) {
      stream.write(`${line}\n`)
      output.push({ n: outputCount++, line })
      if (output.length > 2000) output.shift()
    }
  }

  async function stopServer() {
    if (!running()) return
    stopping = true
    const exited = new Promise((done) => server.once('exit', done))
    server.kill('SIGTERM')
    const timer = setTimeout(() => {
      log('server still running 10 s after SIGTERM: killing it')
      server.kill('SIGKILL')
    }, 10_000)
    await exited
    clearTimeout(timer)
  }

  const bench = {
    stopServer,
    kill: () => {
      if (running()) server.kill('SIGKILL')
    },
  }
  benches.add(bench)

  const abort = (message) => abortAll(message)

  const deadline = setTimeout(
    () => abort(`took longer than ${timeLimitMs / 60000} minutes`),
    timeLimitMs
  )
  deadline.unref()

  function run(label, args) {
    log(label)
    const result = spawnSync(process.execPath, args, { cwd: ROOT, env: childEnv, stdio: 'inherit' })
    if (result.status !== 0) fail(`${label} (exit ${result.status})`)
  }

  // ---------------------------------------------------------------------------
  // Server and sign-in
  // ---------------------------------------------------------------------------

  async function answers(url) {
    try {
      await fetch(url, { redirect: 'manual', signal: AbortSignal.timeout(2000) })
      return true
    } catch {
      return false
    }
  }

  async function startServer() {
    if (await answers(`${BASE_URL}/login`)) {
      fail(`something already answers on ${BASE_URL}: stop it or set BENCH_PORT`)
    }
    log(`starting the production server on ${BASE_URL} (${target})`)
    stopping = false
    server = spawn(process.execPath, ['server.js'], {
      cwd: ROOT,
      env: childEnv,
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    const rests = { out: { value: '' }, err: { value: '' } }
    server.stdout.on('data', (chunk) => keepOutput(process.stdout, chunk, rests.out))
    server.stderr.on('data', (chunk) => keepOutput(process.stderr, chunk, rests.err))
    server.on('exit', (code, signal) => {
      if (!stopping) abort(`server stopped unexpectedly (code ${code}, signal ${signal})`)
    })
    const until = Date.now() + 60_000
    while (Date.now() < until) {
      try {
        const response = await fetch(`${BASE_URL}/login`, { redirect: 'manual' })
        if (response.ok) return
      } catch {
        // not listening yet
      }
      await new Promise((done) => setTimeout(done, 250))
    }
    fail('server did not answer GET /login within 60 s')
  }

  /** The server's process and its workers (for their memory), empty when it is not running. */
  function serverPids() {
    return running() ? processTree(server.pid) : []
  }

  /** A mark in the server's output; `outputSince(mark)` gives the lines written after it. */
  const outputMark = () => outputCount
  const outputSince = (mark) => output.filter((entry) => entry.n >= mark).map((e) => e.line)

  /** A minimal cookie jar: name -> value, cleared when the server expires a cookie. */
  function storeCookies(jar, response) {
    for (const header of response.headers.getSetCookie()) {
      const [pair, ...attributes] = header.split(';')
      const at = pair.indexOf('=')
      const name = pair.slice(0, at).trim()
      const value = pair.slice(at + 1).trim()
      const expired = attributes.some((attribute) => {
        const [key, val = ''] = attribute.trim().split('=')
        if (key.toLowerCase() === 'max-age') return Number(val) <= 0
        if (key.toLowerCase() === 'expires') return Date.parse(val) < Date.now()
        return false
      })
      if (expired || value === '') jar.delete(name)
      else jar.set(name, value)
    }
  }

  const cookieHeader = (jar) => [...jar].map(([name, value]) => `${name}=${value}`).join('; ')

  async function signIn(account) {
    const jar = new Map()
    const page = await fetch(`${BASE_URL}/login`, { redirect: 'manual' })
    storeCookies(jar, page)
    const xsrf = jar.get('XSRF-TOKEN')
    if (!xsrf) fail('GET /login set no XSRF-TOKEN cookie')

    const response = await fetch(`${BASE_URL}/auth/verify`, {
      method: 'POST',
      redirect: 'manual',
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded',
        'X-XSRF-TOKEN': decodeURIComponent(xsrf),
        'Cookie': cookieHeader(jar),
      },
      body: new URLSearchParams(account).toString(),
    })
    storeCookies(jar, response)
    const location = response.headers.get('location')
    if (response.status !== 302 || !location || location.includes('/login')) {
      fail(`sign-in as ${account.email} answered ${response.status} -> ${location}`)
    }
    log(`signed in as ${account.email} (redirected to ${location})`)
    return cookieHeader(jar)
  }

  /** Its own database ready: .env, the client assets if never built, migrations, demo data. */
  function prepare() {
    mkdirSync(resolve(ROOT, 'tmp'), { recursive: true })
    run('preparing .env', ['bin/setup.js'])
    if (!existsSync(resolve(ROOT, 'public/assets/.vite/manifest.json'))) {
      run('building the client assets', [
        'node_modules/vite/bin/vite.js',
        'build',
        '--logLevel',
        'warn',
      ])
    }
    run(`migrating ${target}`, ['ace.js', 'migration:run', '--force', '--compact-output'])
    run('loading reference and demo data', ['ace.js', 'kalibra:demo'])
  }

  /** Runs the benchmark's main, stopping the server whatever happens. */
  async function main(body) {
    try {
      await body()
      process.exit(0)
    } catch (error) {
      await abort(error instanceof BenchError ? error.message : error.stack)
    }
  }

  /** This bench is done (its server stopped): its time limit no longer applies. */
  function dispose() {
    clearTimeout(deadline)
  }

  return {
    baseUrl: BASE_URL,
    database,
    env: childEnv,
    prepare,
    startServer,
    stopServer,
    serverPids,
    outputMark,
    outputSince,
    signIn,
    abort,
    main,
    dispose,
  }
}
