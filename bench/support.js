// What the benchmarks share: a production server of the app on its own SQLite file, started
// and always stopped, a signed-in session through the real login flow, a deterministic
// random source and percentiles. Each benchmark script calls createBench() once.
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, mkdirSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

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

/**
 * One benchmark run on its own SQLite file and port, in production mode (demo accounts
 * loaded); the run is stopped after `timeLimitMs`.
 */
export function createBench({ sqlitePath, port, timeLimitMs }) {
  const BASE_URL = `http://${HOST}:${port}`
  /** Environment of every child process: production mode on the bench database. */
  const childEnv = {
    ...process.env,
    NODE_ENV: 'production',
    DB_CONNECTION: 'sqlite',
    SQLITE_PATH: sqlitePath,
    DEMO_DATA: 'true',
    PORT: String(port),
    HOST,
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
  }
  let server = null
  let stopping = false
  const running = () => server && server.exitCode === null && server.signalCode === null

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

  async function abort(message) {
    console.error(`[bench] FAILED: ${message}`)
    await stopServer()
    process.exit(1)
  }

  const deadline = setTimeout(
    () => abort(`took longer than ${timeLimitMs / 60000} minutes`),
    timeLimitMs
  )
  deadline.unref()
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.on(signal, () => abort(`interrupted by ${signal}`))
  }
  // Last resort: never leave a server behind.
  process.on('exit', () => {
    if (running()) server.kill('SIGKILL')
  })

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
    log(`starting the production server on ${BASE_URL}`)
    server = spawn(process.execPath, ['server.js'], {
      cwd: ROOT,
      env: childEnv,
      stdio: ['ignore', 'inherit', 'inherit'],
    })
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
    const sqlitePath = childEnv.SQLITE_PATH
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
    run(`migrating ${sqlitePath}`, ['ace.js', 'migration:run', '--force', '--compact-output'])
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

  return { baseUrl: BASE_URL, prepare, startServer, stopServer, signIn, abort, main }
}
