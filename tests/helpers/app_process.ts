/**
 * The real production server in child processes, for the `process` suite: a
 * throwaway database (its own SQLite file, or its own PostgreSQL database next to
 * the suite's, which the in-process tests use), `node server.js` or `npm start`
 * with several workers on a free port, and a small HTTP client that keeps
 * cookies. Pages are asked for as Inertia JSON, so no built assets are needed.
 * Not a spec file.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { rm } from 'node:fs/promises'
import { readFileSync } from 'node:fs'
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http'
import { createRequire } from 'node:module'
import { createServer, type AddressInfo } from 'node:net'
import app from '@adonisjs/core/services/app'
import env from '#start/env'

const require = createRequire(import.meta.url)
export const HOST = '127.0.0.1'
export const DEMO_PASSWORD = 'kalibra2026'

export const onPostgres = () => env.get('DB_CONNECTION', 'sqlite') === 'pg'

export function freePort() {
  return new Promise<number>((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, HOST, () => {
      const { port } = server.address() as AddressInfo
      server.close(() => resolve(port))
    })
  })
}

export interface Throwaway {
  env: NodeJS.ProcessEnv
  /** Rows of a query on the throwaway database. */
  query<T = Record<string, unknown>>(sql: string, bindings?: unknown[]): Promise<T[]>
  drop(): Promise<void>
}

function pgSettings(database: string) {
  const url = env.get('DATABASE_URL')
  if (url) {
    const parsed = new URL(url)
    parsed.pathname = `/${database}`
    return { connectionString: parsed.toString() }
  }
  return {
    host: env.get('PG_HOST', '127.0.0.1'),
    port: env.get('PG_PORT', 5432),
    user: env.get('PG_USER', 'postgres'),
    password: env.get('PG_PASSWORD', ''),
    database,
  }
}

async function onPg<T>(database: string, work: (client: any) => Promise<T>) {
  const { Client } = require('pg')
  const client = new Client(pgSettings(database))
  await client.connect()
  try {
    return await work(client)
  } finally {
    await client.end()
  }
}

/** Migrated and loaded with the reference and demo data, by the app's own commands. */
export async function createThrowawayDatabase(name: string): Promise<Throwaway> {
  const base: NodeJS.ProcessEnv = { ...process.env }
  // The suite's own settings must not reach the production server.
  for (const key of ['SESSION_DRIVER', 'TRUSTED_PROXIES', 'LIMITER_STORE', 'PORT']) {
    if (key !== 'SESSION_DRIVER' || base[key] === 'memory') delete base[key]
  }
  base.NODE_ENV = 'production'
  base.HOST = HOST
  base.LOG_LEVEL = 'info'
  base.DEMO_DATA = 'true'
  base.APP_KEY ||= env.get('APP_KEY').release()

  let query: Throwaway['query']
  let drop: Throwaway['drop']
  if (onPostgres()) {
    const database = `${env.get('PG_DB_NAME', 'kalibra')}_${name}`.toLowerCase()
    await onPg('postgres', async (client) => {
      await client.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`)
      await client.query(`CREATE DATABASE "${database}"`)
    })
    base.DB_CONNECTION = 'pg'
    base.PG_DB_NAME = database
    if (base.DATABASE_URL) base.DATABASE_URL = pgSettings(database).connectionString
    query = (sql, bindings = []) =>
      onPg(database, async (client) => {
        let index = 0
        const result = await client.query(
          sql.replace(/\?/g, () => `$${++index}`),
          bindings
        )
        return result.rows
      })
    drop = () =>
      onPg('postgres', (client) =>
        client.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`)
      )
  } else {
    const file = `tmp/${name}-${process.pid}.sqlite3`
    base.DB_CONNECTION = 'sqlite'
    base.SQLITE_PATH = file
    const path = app.makePath(file)
    query = async (sql, bindings = []) => {
      const Database = require('better-sqlite3')
      const connection = new Database(path, { readonly: true })
      try {
        return connection.prepare(sql).all(bindings)
      } finally {
        connection.close()
      }
    }
    drop = async () => {
      for (const suffix of ['', '-wal', '-shm']) await rm(`${path}${suffix}`, { force: true })
    }
    await drop()
  }

  for (const command of [['migration:run', '--force'], ['kalibra:demo']]) {
    const run = spawnSync(process.execPath, ['ace.js', ...command], {
      cwd: app.makePath(),
      env: base,
      encoding: 'utf8',
    })
    if (run.status !== 0) throw new Error(`ace ${command[0]}: ${run.stderr || run.stdout}`)
  }
  return { env: base, query, drop }
}

let shared: Promise<Throwaway> | undefined

/**
 * One throwaway database for the whole `process` suite (preparing one takes a
 * few seconds); dropped by the suite's teardown (tests/bootstrap.ts).
 */
export function sharedThrowawayDatabase() {
  shared ??= createThrowawayDatabase('process')
  return shared
}

export async function dropSharedThrowawayDatabase() {
  if (!shared) return
  const throwaway = await shared.catch(() => null)
  shared = undefined
  await throwaway?.drop()
}

export interface RunningServer {
  child: ChildProcess
  port: number
  /** The pids of the workers, from their "started HTTP server" log lines. */
  workerPids: number[]
  output: () => string
  /** Resolves with the exit code once the process is gone. */
  exited: Promise<number | null>
  /** Resolves when a line of the output matches (already printed lines count). */
  waitFor(pattern: RegExp, count?: number): Promise<void>
}

/** Starts `node server.js` (or `npm start`) and waits until every worker listens. */
export async function startServer(
  throwaway: Throwaway,
  settings: { workers: number; npm?: boolean; env?: NodeJS.ProcessEnv }
): Promise<RunningServer> {
  const port = await freePort()
  const childEnv = {
    ...throwaway.env,
    PORT: String(port),
    WEB_CONCURRENCY: String(settings.workers),
    ...settings.env,
  }
  const child = settings.npm
    ? spawn('npm', ['start'], { cwd: app.makePath(), env: childEnv })
    : spawn(process.execPath, ['server.js'], { cwd: app.makePath(), env: childEnv })
  let output = ''
  const waiters = new Set<() => void>()
  const onData = (chunk: Buffer) => {
    output += chunk.toString('utf8')
    for (const check of waiters) check()
  }
  child.stdout!.on('data', onData)
  child.stderr!.on('data', onData)
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => resolve(code))
  )
  let gone = false
  exited.then(() => {
    gone = true
    for (const check of waiters) check()
  })

  const waitFor = (pattern: RegExp, count = 1) =>
    new Promise<void>((resolve, reject) => {
      const check = () => {
        const matches = output.split('\n').filter((line) => pattern.test(line)).length
        if (matches >= count) {
          waiters.delete(check)
          resolve()
        } else if (gone) {
          waiters.delete(check)
          reject(new Error(`server exited before printing ${pattern}:\n${output.slice(-3000)}`))
        }
      }
      waiters.add(check)
      check()
    })

  await waitFor(/started HTTP server/, settings.workers)
  const workerPids = output
    .split('\n')
    .filter((line) => line.includes('started HTTP server'))
    .map((line) => Number(JSON.parse(line).pid))
  return { child, port, workerPids, output: () => output, exited, waitFor }
}

/** Whether a process with this pid still exists. */
export function isRunning(pid: number) {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

/** The direct children of a process (Linux). */
export function childrenOf(pid: number): number[] {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .map(Number)
  } catch {
    return []
  }
}

export interface Answer {
  status: number
  headers: IncomingHttpHeaders
  body: string
  /** The body as received (a downloaded file); set by `Browser.send`. */
  bytes?: Buffer
}

/** A multipart/form-data body: text fields and files, as a browser's form sends them. */
export interface MultipartForm {
  fields?: Record<string, string>
  files?: Record<string, { filename: string; contentType: string; content: Buffer }>
}

function encodeMultipart(form: MultipartForm, boundary: string) {
  const parts: Buffer[] = []
  const quoted = (text: string) => text.replace(/["\r\n]/g, '_')
  for (const [name, value] of Object.entries(form.fields ?? {})) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${quoted(name)}"\r\n\r\n${value}\r\n`
      )
    )
  }
  for (const [name, file] of Object.entries(form.files ?? {})) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${quoted(name)}"; filename="${quoted(file.filename)}"\r\n` +
          `Content-Type: ${file.contentType}\r\n\r\n`
      ),
      file.content,
      Buffer.from('\r\n')
    )
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`))
  return Buffer.concat(parts)
}

/**
 * One browser: keeps its cookies, sends the XSRF token the way Inertia does,
 * opens a new connection for every request (so the cluster spreads them over
 * the workers) and never follows redirects.
 */
export class Browser {
  private cookies = new Map<string, string>()
  private inertiaVersion = ''

  constructor(private port: number) {}

  /** The headers and body this browser would send (cookies, XSRF token, form). */
  prepare(
    options: {
      form?: Record<string, string>
      inertia?: boolean
      headers?: Record<string, string>
    } = {}
  ) {
    const body = options.form ? new URLSearchParams(options.form).toString() : ''
    const headers: Record<string, string> = { ...options.headers }
    if (this.cookies.size) {
      headers.cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ')
    }
    const xsrf = this.cookies.get('XSRF-TOKEN')
    if (xsrf) headers['x-xsrf-token'] = decodeURIComponent(xsrf)
    if (options.inertia) {
      headers['x-inertia'] = 'true'
      headers['x-inertia-version'] = this.inertiaVersion
    }
    if (options.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded'
      headers['content-length'] = String(Buffer.byteLength(body))
    }
    return { headers, body }
  }

  send(
    method: string,
    path: string,
    options: {
      form?: Record<string, string>
      /** Sent as multipart/form-data instead of `form`. */
      multipart?: MultipartForm
      inertia?: boolean
      headers?: Record<string, string>
    } = {}
  ) {
    const { headers, body } = this.prepare(options)
    let payload: string | Buffer = body
    if (options.multipart) {
      const boundary = `----kalibra-${randomUUID()}`
      payload = encodeMultipart(options.multipart, boundary)
      headers['content-type'] = `multipart/form-data; boundary=${boundary}`
      headers['content-length'] = String(payload.length)
    }
    return new Promise<Answer>((resolve, reject) => {
      const outgoing = httpRequest(
        { host: HOST, port: this.port, method, path, headers, agent: false },
        (response) => {
          const chunks: Buffer[] = []
          response.on('data', (chunk) => chunks.push(chunk))
          response.on('end', () => {
            this.keep(response.headers['set-cookie'])
            const bytes = Buffer.concat(chunks)
            resolve({
              status: response.statusCode ?? 0,
              headers: response.headers,
              body: bytes.toString('utf8'),
              bytes,
            })
          })
          response.on('error', reject)
        }
      )
      outgoing.on('error', reject)
      outgoing.end(payload.length ? payload : undefined)
    })
  }

  /** An Inertia visit: learns the asset version from a 409 once, like the client does. */
  async visit(path: string) {
    let answer = await this.send('GET', path, { inertia: true })
    if (answer.status === 409) {
      this.inertiaVersion = String(answer.headers['x-inertia-version'] ?? '')
      answer = await this.send('GET', path, { inertia: true })
    }
    return answer
  }

  /**
   * The same browser talking to another server (another instance of the app): a copy of
   * this one's cookies, kept apart from then on.
   */
  copyTo(port: number) {
    const copy = new Browser(port)
    for (const [name, value] of this.cookies) copy.cookies.set(name, value)
    copy.inertiaVersion = this.inertiaVersion
    return copy
  }

  signIn(email: string, password: string, headers: Record<string, string> = {}) {
    return this.send('POST', '/auth/verify', { form: { email, password }, headers })
  }

  private keep(setCookie: string[] | undefined) {
    for (const line of setCookie ?? []) {
      const [pair, ...attributes] = line.split(';')
      const at = pair.indexOf('=')
      const name = pair.slice(0, at).trim()
      const value = pair.slice(at + 1).trim()
      const expired = attributes.some((attribute) => /^\s*max-age=0$/i.test(attribute))
      if (expired || value === '') this.cookies.delete(name)
      else this.cookies.set(name, value)
    }
  }
}

/** `browser` signed in as a demo account (the server on `port`); throws when it is refused. */
export async function signedIn(port: number, email: string) {
  const browser = new Browser(port)
  await browser.visit('/login')
  const answer = await browser.signIn(email, DEMO_PASSWORD)
  if (answer.status !== 302 || String(answer.headers.location).includes('/login')) {
    throw new Error(`sign-in as ${email} on :${port}: ${answer.status} ${answer.headers.location}`)
  }
  return browser
}

/** The smallest PDF the upload rules accept (its signature is checked); `note` makes it unique. */
export function letterPdf(note = '') {
  return Buffer.from(
    [
      '%PDF-1.4',
      '1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj',
      '2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj',
      '3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >> endobj',
      'trailer << /Root 1 0 R >>',
      ...(note ? [`% ${note}`] : []),
      '%%EOF',
      '',
    ].join('\n')
  )
}

/** A day `days` from now, in the lab's time zone (UTC+8), as the order form sends it. */
export function dayFromNow(days: number) {
  return new Date(Date.now() + 8 * 3600_000 + days * 86_400_000).toISOString().slice(0, 10)
}

/**
 * A facility's request for an incoming-equipment test of one device of type `alkesId`, with
 * `letter` as its letter, as the form sends it (POST /internal); the server's answer.
 */
export function requestOrder(facility: Browser, alkesId: number, letter: Buffer) {
  const day = dayFromNow(30)
  return facility.send('POST', '/internal', {
    multipart: {
      fields: {
        'delivery_date_estimation': day,
        'arrival_date_estimation': day,
        'contact_person_name': 'Rahmat Hidayat',
        'contact_person_phone': '081234567890',
        'delivery_option': 'Diantar oleh pihak pertama',
        'service_type': 'Reguler',
        'alkes[0][alkes_id]': String(alkesId),
        'alkes[0][quantity]': '1',
      },
      files: {
        letter: { filename: 'surat.pdf', contentType: 'application/pdf', content: letter },
      },
    },
    headers: { referer: '/internal/create' },
  })
}
