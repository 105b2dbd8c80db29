import { randomUUID } from 'node:crypto'
import { DateTime } from 'luxon'
import app from '@adonisjs/core/services/app'
import logger from '@adonisjs/core/services/logger'
import db from '@adonisjs/lucid/services/db'
import drive from '@adonisjs/drive/services/main'
import { sourceFiles } from '@adonisjs/lucid/utils'
import { databaseTime } from '#services/database_time'
import { withinDeadline } from '#services/deadline'

/**
 * What /health/ready checks (README, "Operating"). Each check answers null when all is well,
 * or a short reason in Indonesian for the operator: never an error's own text, which can carry
 * a path, a host or SQL (that goes to the log).
 */
export type CheckName = 'database' | 'migrations' | 'storage' | 'outbox'

export interface Readiness {
  ok: boolean
  checks: Record<CheckName, { ok: boolean; reason?: string }>
}

/** The longest a check may take before it counts as failed (a database or S3 store that hangs). */
export const CHECK_DEADLINE_MS = 3000

/**
 * The outbox is stuck when a message is still `sending` this long after its claim ran out
 * (every process's delivery loop, every 5 s, gives back a message whose claim of
 * CLAIM_MINUTES ran out, so one left there means no loop runs, or one hangs on a channel) ...
 */
export const OUTBOX_SENDING_STUCK_MINUTES = 5
/**
 * ... or when a pending message has been due this long (a loop delivers up to 25 due
 * messages every 5 s in every process; a retry waits for its own later time, so a channel
 * that is down does not count here, and messages given up on are `failed`, for the admins).
 */
export const OUTBOX_PENDING_OVERDUE_MINUTES = 15

/** How long a storage probe that succeeded is trusted (on S3 each probe is two requests). */
const STORAGE_PROBE_VALID_MS = 10_000
let storageCheckedAt = 0
/** Set once the migrations are all run: new migration files only come with a new start. */
let migrationsCurrent = false

/** The checks forget what they learnt (tests). */
export function forgetReadiness() {
  storageCheckedAt = 0
  migrationsCurrent = false
}

async function database() {
  await db.rawQuery('select 1')
  return null
}

async function migrations() {
  if (migrationsCurrent) return null
  const { config } = db.getRawConnection(db.primaryConnectionName)!
  const paths = config.migrations?.paths ?? ['database/migrations']
  const table = config.migrations?.tableName ?? 'adonis_schema'
  // The migration files' names as the migrator records them, read from the folders only.
  const folders = await Promise.all(paths.map((path) => sourceFiles(app.appRoot, path, false)))
  const rows = await db.from(table).select('name')
  const run = new Set(rows.map((row) => row.name as string))
  const pending = folders.flatMap(({ files }) => files).filter(({ name }) => !run.has(name))
  if (pending.length) return `${pending.length} migrasi belum dijalankan`
  migrationsCurrent = true
  return null
}

/** A small object written to the configured disk (local folder or S3 bucket) and deleted. */
async function storage() {
  if (Date.now() - storageCheckedAt < STORAGE_PROBE_VALID_MS) return null
  const disk = drive.use()
  const key = `health/probe-${process.pid}-${randomUUID()}.txt`
  await disk.put(key, 'ok')
  await disk.delete(key)
  storageCheckedAt = Date.now()
  return null
}

async function outbox() {
  const client = db.connection()
  const now = DateTime.utc()
  const count = async (status: string, column: string, minutes: number) => {
    const row = await db
      .from('outbox_messages')
      .where('status', status)
      .where(column, '<', databaseTime(client, now.minus({ minutes })))
      .count('* as total')
      .first()
    return Number(row?.total ?? 0)
  }
  const [sending, pending] = await Promise.all([
    count('sending', 'claimed_until', OUTBOX_SENDING_STUCK_MINUTES),
    count('pending', 'next_attempt_at', OUTBOX_PENDING_OVERDUE_MINUTES),
  ])
  const reasons = []
  if (sending) {
    reasons.push(
      `${sending} pesan tertahan berstatus sending lebih dari ${OUTBOX_SENDING_STUCK_MINUTES} menit`
    )
  }
  if (pending) {
    reasons.push(
      `${pending} pesan menunggu lebih dari ${OUTBOX_PENDING_OVERDUE_MINUTES} menit setelah waktunya`
    )
  }
  return reasons.length ? reasons.join('; ') : null
}

const CHECKS: Record<CheckName, { run: () => Promise<string | null>; failure: string }> = {
  database: { run: database, failure: 'Basis data tidak dapat dihubungi' },
  migrations: { run: migrations, failure: 'Daftar migrasi tidak dapat dibaca' },
  storage: { run: storage, failure: 'Penyimpanan berkas tidak dapat ditulis' },
  outbox: { run: outbox, failure: 'Antrean pesan tidak dapat dibaca' },
}

async function runCheck(name: CheckName) {
  const { run, failure } = CHECKS[name]
  try {
    return await withinDeadline<string | null>(
      run(),
      CHECK_DEADLINE_MS,
      () => `${failure} (tidak menjawab dalam ${CHECK_DEADLINE_MS / 1000} detik)`
    )
  } catch (error) {
    // The error's own text only in the log: it may name a path, a host or a statement.
    logger.warn(`health check ${name} failed: ${(error as Error)?.message ?? String(error)}`)
    return failure
  }
}

async function checkReadiness(): Promise<Readiness> {
  const names = Object.keys(CHECKS) as CheckName[]
  const reasons = await Promise.all(names.map(runCheck))
  const checks = {} as Readiness['checks']
  names.forEach((name, index) => {
    const reason = reasons[index]
    checks[name] = reason === null ? { ok: true } : { ok: false, reason }
  })
  return { ok: reasons.every((reason) => reason === null), checks }
}

let running: Promise<Readiness> | null = null

/**
 * Whether this process can serve: every check at once. Callers that ask while a run is under
 * way share it, so a burst of probes (or of anyone, since the status needs no token) costs one.
 */
export function readiness() {
  running ??= checkReadiness().finally(() => {
    running = null
  })
  return running
}
