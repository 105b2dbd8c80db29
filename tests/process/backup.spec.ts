import { spawn } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync } from 'node:fs'
import { mkdir, readFile, readdir, rm, writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import { create, extract } from 'tar'
import env from '#start/env'
import {
  letterPdf,
  onPostgres,
  requestOrder,
  sharedThrowawayDatabase,
  signedIn,
  startServer,
  type RunningServer,
  type Throwaway,
} from '#tests/helpers/app_process'
import type { Manifest } from '#backup/manifest'

const require = createRequire(import.meta.url)
const FACILITY = 'fasyankes@kalibra.test'
const WORK = `tmp/backup-test-${process.pid}`
/** The append-only tables of an order request: each restored row is the source's row as it is. */
const APPEND_ONLY = ['orders', 'order_devices', 'order_files', 'audit_logs']

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex')

/** `node ace <args>` with `environment`; its exit code and everything it printed. */
function ace(args: string[], environment: NodeJS.ProcessEnv) {
  return new Promise<{ code: number | null; output: string }>((resolve, reject) => {
    const child = spawn(process.execPath, ['ace.js', ...args], {
      cwd: app.makePath(),
      env: environment,
    })
    let output = ''
    child.stdout.on('data', (chunk) => (output += chunk))
    child.stderr.on('data', (chunk) => (output += chunk))
    child.once('error', reject)
    child.once('exit', (code) => resolve({ code, output }))
  })
}

function pgClientSettings(database: string) {
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
  const client = new Client(pgClientSettings(database))
  await client.connect()
  try {
    return await work(client)
  } finally {
    await client.end()
  }
}

/** Runs a PostgreSQL tool with the suite's connection settings; its standard output. */
function pgTool(command: string, args: string[]) {
  const settings = pgClientSettings('postgres') as Record<string, any>
  const toolEnv: NodeJS.ProcessEnv = { ...process.env }
  if (settings.connectionString) {
    const url = new URL(settings.connectionString)
    Object.assign(toolEnv, {
      PGHOST: url.hostname,
      PGPORT: url.port || '5432',
      PGUSER: decodeURIComponent(url.username),
      PGPASSWORD: decodeURIComponent(url.password),
    })
  } else {
    Object.assign(toolEnv, {
      PGHOST: String(settings.host),
      PGPORT: String(settings.port),
      PGUSER: String(settings.user),
      PGPASSWORD: String(settings.password),
    })
  }
  return new Promise<string>((resolve, reject) => {
    const child = spawn(command, args, { env: toolEnv })
    const chunks: Buffer[] = []
    let errors = ''
    child.stdout.on('data', (chunk) => chunks.push(chunk))
    child.stderr.on('data', (chunk) => (errors += chunk))
    child.once('error', reject)
    child.once('exit', (code) =>
      code === 0
        ? resolve(Buffer.concat(chunks).toString('utf8'))
        : reject(new Error(`${command}: ${errors}`))
    )
  })
}

/**
 * Every table's rows of a plain-text dump (pg_dump / pg_restore --data-only): table → its COPY
 * lines sorted, and the sequences' setval lines.
 */
function copyBlocks(text: string) {
  const tables: Record<string, string[]> = {}
  const lines = text.split('\n')
  for (let i = 0; i < lines.length; i++) {
    const start = /^COPY (\S+) /.exec(lines[i])
    if (start) {
      const rows: string[] = []
      while (lines[++i] !== '\\.') rows.push(lines[i])
      tables[start[1]] = rows.sort()
    } else if (lines[i].startsWith('SELECT pg_catalog.setval(')) {
      ;(tables['(sequences)'] ??= []).push(lines[i])
    }
  }
  tables['(sequences)']?.sort()
  return tables
}

/** Every table's rows of a SQLite file, each row as JSON, sorted (sqlite_sequence included). */
function sqliteRows(file: string) {
  const Database = require('better-sqlite3')
  const connection = new Database(file, { readonly: true })
  try {
    const tables: Record<string, string[]> = {}
    const names = connection
      .prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
      .all()
      .map((row: any) => row.name as string)
    for (const name of names) {
      tables[name] = connection
        .prepare(`SELECT * FROM "${name}"`)
        .all()
        .map((row: unknown) => JSON.stringify(row))
        .sort()
    }
    return tables
  } finally {
    connection.close()
  }
}

interface Target {
  env: NodeJS.ProcessEnv
  storage: string
  query<T = Record<string, unknown>>(sql: string): Promise<T[]>
  /** Whether the target database has no table at all (nothing was restored into it). */
  untouched(): Promise<boolean>
  /** Every table's rows, to compare with the archive's database. */
  rows(): Promise<Record<string, string[]>>
  drop(): Promise<void>
}

/** A fresh, empty installation: a new SQLite file or PostgreSQL database and an empty disk. */
async function freshTarget(source: Throwaway, name: string): Promise<Target> {
  const storage = `${WORK}/${name}-storage`
  await rm(app.makePath(storage), { recursive: true, force: true })
  const targetEnv: NodeJS.ProcessEnv = { ...source.env, STORAGE_PATH: storage }
  if (onPostgres()) {
    const database = `${env.get('PG_DB_NAME', 'kalibra')}_${name}`.toLowerCase()
    await onPg('postgres', async (client) => {
      await client.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`)
      await client.query(`CREATE DATABASE "${database}"`)
    })
    targetEnv.PG_DB_NAME = database
    if (targetEnv.DATABASE_URL) targetEnv.DATABASE_URL = pgClientSettings(database).connectionString
    const query = (sql: string) =>
      onPg(database, async (client) => {
        const { rows } = await client.query(sql)
        return rows
      })
    return {
      env: targetEnv,
      storage,
      query,
      async untouched() {
        const rows = await query(
          "SELECT count(*)::int AS n FROM pg_tables WHERE schemaname = 'public'"
        )
        return rows[0].n === 0
      },
      async rows() {
        return copyBlocks(await pgTool('pg_dump', ['--data-only', `--dbname=${database}`]))
      },
      async drop() {
        await onPg('postgres', (client) =>
          client.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`)
        )
        await rm(app.makePath(storage), { recursive: true, force: true })
      },
    }
  }
  const file = `${WORK}/${name}.sqlite3`
  const path = app.makePath(file)
  for (const suffix of ['', '-wal', '-shm']) await rm(`${path}${suffix}`, { force: true })
  targetEnv.SQLITE_PATH = file
  return {
    env: targetEnv,
    storage,
    async query(sql) {
      const Database = require('better-sqlite3')
      const connection = new Database(path, { readonly: true })
      try {
        return connection.prepare(sql).all()
      } finally {
        connection.close()
      }
    },
    async untouched() {
      return !existsSync(path)
    },
    async rows() {
      return sqliteRows(path)
    },
    async drop() {
      for (const suffix of ['', '-wal', '-shm']) await rm(`${path}${suffix}`, { force: true })
      await rm(app.makePath(storage), { recursive: true, force: true })
    },
  }
}

/** How many orders a database holds. */
async function ordersOf(query: Throwaway['query']) {
  const [row] = await query<{ n: number }>('SELECT count(*) AS n FROM orders')
  return Number(row.n)
}

/** Every file under a disk folder: key → sha256. */
async function filesOf(folder: string) {
  const root = app.makePath(folder)
  const found: Record<string, string> = {}
  if (!existsSync(root)) return found
  for (const entry of await readdir(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue
    const path = join(entry.parentPath, entry.name)
    found[
      path
        .slice(root.length + 1)
        .split('\\')
        .join('/')
    ] = sha256(await readFile(path))
  }
  return found
}

test.group('Backup | kalibra:backup of a running app under writes, kalibra:restore', (group) => {
  let source: Throwaway
  let server: RunningServer
  let archive: string
  let manifest: Manifest
  let unpacked: string
  let restored: Target
  const targets: Target[] = []

  group.setup(async () => {
    await rm(app.makePath(WORK), { recursive: true, force: true })
    await mkdir(app.makePath(WORK), { recursive: true })
    source = await sharedThrowawayDatabase()
    server = await startServer(source, { workers: 2 })
    return async () => {
      if (server.child.exitCode === null) server.child.kill('SIGKILL')
      for (const target of targets) await target.drop().catch(() => {})
      await rm(app.makePath(WORK), { recursive: true, force: true })
    }
  })

  test('a backup taken while orders with letters are written restores into a fresh installation, every table row by row and every file byte by byte', async ({
    assert,
  }) => {
    const sourceStorage = source.env.STORAGE_PATH!
    const [alkes] = await source.query<{ id: number }>(
      "SELECT alkes_id AS id FROM alkes_services WHERE order_type = 'internal' ORDER BY alkes_id LIMIT 1"
    )
    const countOrders = () => ordersOf(source.query)
    const before = await countOrders()

    // Three facility sessions write orders (rows and a stored letter each) without pause.
    const letters = new Map<number, Buffer>()
    let writing = true
    let backupRunning = false
    let duringBackup = 0
    const failures: string[] = []
    const writer = async (index: number) => {
      const facility = await signedIn(server.port, FACILITY)
      for (let n = 0; writing; n++) {
        const letter = letterPdf(`cadangan ${process.pid} ${index} ${n}`)
        const answer = await requestOrder(facility, alkes.id, letter)
        const id = Number(/^\/internal\/(\d+)\/summary$/.exec(String(answer.headers.location))?.[1])
        if (answer.status !== 302 || !id) {
          failures.push(`${answer.status} ${answer.headers.location} ${answer.body.slice(0, 200)}`)
          continue
        }
        letters.set(id, letter)
        if (backupRunning) duringBackup++
      }
    }
    const writers = [1, 2, 3].map(writer)
    while (letters.size < 1 && failures.length === 0) await new Promise((r) => setTimeout(r, 100))

    // A stored letter lost from the disk before the backup: noted in the manifest, not fatal.
    const [lost] = await source.query<{ storage_key: string }>(
      `SELECT storage_key FROM order_files WHERE order_id = ${Math.min(...letters.keys())} AND storage_key IS NOT NULL`
    )
    await rm(app.makePath(sourceStorage, lost.storage_key))

    archive = `${WORK}/archives/kalibra-uji.tar.gz`
    backupRunning = true
    const backup = await ace(['kalibra:backup', `--to=${archive}`], source.env)
    backupRunning = false
    // A few more writes after the backup, then stop.
    const afterBackup = letters.size
    while (letters.size < afterBackup + 2 && failures.length === 0) {
      await new Promise((r) => setTimeout(r, 100))
    }
    writing = false
    await Promise.all(writers)
    const after = await countOrders()

    assert.deepEqual(failures, [], 'every write answered')
    assert.equal(backup.code, 0, backup.output)
    assert.match(backup.output, /\[1\/3\][\s\S]*\[2\/3\][\s\S]*\[3\/3\][\s\S]*Cadangan selesai/)
    assert.isAbove(duringBackup, 0, 'orders were written while the backup ran')
    assert.isTrue(existsSync(app.makePath(`${archive}.sha256`)), 'a .sha256 next to the archive')

    unpacked = app.makePath(WORK, 'unpacked')
    await mkdir(unpacked, { recursive: true })
    await extract({ file: app.makePath(archive), cwd: unpacked })
    manifest = JSON.parse(await readFile(join(unpacked, 'manifest.json'), 'utf8'))
    assert.equal(manifest.database.kind, onPostgres() ? 'pg' : 'sqlite')
    assert.equal(manifest.app.name, 'kalibra')
    const migrationsFolder = await readdir(app.makePath('database/migrations'))
    const migrationFiles = migrationsFolder.filter((name) => name.endsWith('.ts'))
    assert.lengthOf(manifest.database.migrations, migrationFiles.length, 'every migration')
    const snapshotOrders = manifest.database.tables.orders
    assert.isAbove(snapshotOrders, before, 'the snapshot holds orders written before it')
    assert.isBelow(snapshotOrders, after, 'orders written after the snapshot are not in it')
    assert.deepEqual(
      manifest.files.missing.map((gone) => gone.key),
      [lost.storage_key],
      'the lost letter is noted'
    )

    restored = await freshTarget(source, 'restore')
    targets.push(restored)
    const restore = await ace(['kalibra:restore', archive], restored.env)
    assert.equal(restore.code, 0, restore.output)
    assert.match(restore.output, /checksum cocok[\s\S]*sesuai manifest[\s\S]*Pemulihan selesai/)

    // Every table, row by row, is the archive's database (read without the restore's code).
    const expected = onPostgres()
      ? copyBlocks(
          await pgTool('pg_restore', [
            '--data-only',
            '--file=-',
            join(unpacked, manifest.database.path),
          ])
        )
      : sqliteRows(join(unpacked, manifest.database.path))
    const actual = await restored.rows()
    assert.deepEqual(Object.keys(actual).sort(), Object.keys(expected).sort())
    for (const table of Object.keys(expected)) {
      assert.deepEqual(actual[table], expected[table], `rows of ${table}`)
    }
    // As of the manifest's counts.
    for (const [table, count] of Object.entries(manifest.database.tables)) {
      const rows = actual[onPostgres() ? `public.${table}` : table]
      assert.lengthOf(rows ?? [], count, `row count of ${table}`)
    }
    // The snapshot is the source as it was: each append-only row is the source's row.
    for (const table of APPEND_ONLY) {
      const inSource = await source.query<{ id: number }>(`SELECT * FROM ${table}`)
      const sourceRows = new Map(inSource.map((row) => [Number(row.id), JSON.stringify(row)]))
      const restoredRows = await restored.query<{ id: number }>(`SELECT * FROM ${table}`)
      assert.equal(restoredRows.length, manifest.database.tables[table])
      for (const row of restoredRows) {
        assert.equal(JSON.stringify(row), sourceRows.get(Number(row.id)), `${table} ${row.id}`)
      }
    }

    // Every file the restored rows point to is there, byte for byte the source's and the upload's.
    const restoredFiles = await filesOf(restored.storage)
    const sourceFiles = await filesOf(sourceStorage)
    const referenced = await restored.query<{ order_id: number; storage_key: string }>(
      'SELECT order_id, storage_key FROM order_files WHERE storage_key IS NOT NULL'
    )
    let ours = 0
    for (const { order_id: orderId, storage_key: key } of referenced) {
      if (key === lost.storage_key) {
        assert.notExists(restoredFiles[key], `the lost ${key} is not made up`)
        continue
      }
      assert.exists(restoredFiles[key], `file ${key} restored`)
      assert.equal(restoredFiles[key], sourceFiles[key], `bytes of ${key}`)
      const letter = letters.get(Number(orderId))
      if (letter) {
        ours++
        assert.equal(restoredFiles[key], sha256(letter), `the letter uploaded for order ${orderId}`)
      }
    }
    assert.equal(ours, snapshotOrders - before - 1, 'every letter of the snapshot but the lost one')
    // The archive's files are exactly those restored, with the manifest's checksums.
    assert.deepEqual(
      Object.fromEntries(manifest.files.entries.map((entry) => [entry.key, entry.sha256])),
      restoredFiles
    )
  }).timeout(240_000)

  test('a damaged archive is refused before anything is restored', async ({ assert }) => {
    // One byte of one stored file changed, the archive packed again (gzip and tar are whole).
    const victim = manifest.files.entries.find((entry) => entry.key.startsWith('letters/'))!
    const file = join(unpacked, victim.path)
    const bytes = await readFile(file)
    bytes[bytes.length - 3] ^= 0x01
    await writeFile(file, bytes)
    const tampered = `${WORK}/archives/diubah.tar.gz`
    await create({ gzip: true, file: app.makePath(tampered), cwd: unpacked }, ['.'])

    // And a copy of the original archive cut short.
    const original = await readFile(app.makePath(archive))
    const cut = `${WORK}/archives/terpotong.tar.gz`
    await writeFile(app.makePath(cut), original.subarray(0, Math.floor(original.length / 2)))

    const target = await freshTarget(source, 'restore_damaged')
    targets.push(target)
    const changed = await ace(['kalibra:restore', tampered], target.env)
    assert.equal(changed.code, 1, changed.output)
    assert.include(changed.output, `checksum ${victim.path} tidak cocok`)
    assert.include(changed.output, 'tidak ada yang dipulihkan')

    const truncated = await ace(['kalibra:restore', cut], target.env)
    assert.equal(truncated.code, 1, truncated.output)
    assert.include(truncated.output, 'Arsip rusak')

    assert.isTrue(await target.untouched(), 'the target database was not touched')
    assert.deepEqual(await filesOf(target.storage), {}, 'no file was written')
  }).timeout(180_000)

  test('a restore into a database that holds data is refused unless --force', async ({
    assert,
  }) => {
    const count = ordersOf
    const sourceOrders = await count(source.query)

    // Into the running source installation itself: refused, nothing changed.
    const refused = await ace(['kalibra:restore', archive], source.env)
    assert.equal(refused.code, 1, refused.output)
    assert.include(refused.output, 'Basis data tujuan sudah berisi data')
    assert.include(refused.output, '--force')
    assert.equal(await count(source.query), sourceOrders)

    // The restored installation holds data now: refused too, and overwritten with --force.
    const againRefused = await ace(['kalibra:restore', archive], restored.env)
    assert.equal(againRefused.code, 1, againRefused.output)
    const forced = await ace(['kalibra:restore', archive, '--force'], restored.env)
    assert.equal(forced.code, 0, forced.output)
    assert.equal(await count(restored.query), manifest.database.tables.orders)
  }).timeout(180_000)
})
