import { randomUUID } from 'node:crypto'
import { existsSync } from 'node:fs'
import { rm } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import app from '@adonisjs/core/services/app'
import { checkSidecar, extractArchive } from '#backup/archive'
import { databaseKind, sqlitePath } from '#backup/database_target'
import { restoreStoredFiles } from '#backup/files_copy'
import type { Manifest } from '#backup/manifest'
import { pgHasData, pgRowCounts, restorePg } from '#backup/pg_restore'
import { BackupRefusal } from '#backup/refusal'
import { placeSqlite, sqliteFacts, sqliteHasData } from '#backup/sqlite_snapshot'
import { verifyUnpacked } from '#backup/verify_archive'
import type { Progress } from '#backup/backup'

const KIND_NAMES = { sqlite: 'SQLite', pg: 'PostgreSQL' }

/** Tables whose row counts differ from the manifest's, as `table: expected → found`. */
function countDifferences(expected: Record<string, number>, found: Record<string, number>) {
  return Object.entries(expected)
    .filter(([table, count]) => found[table] !== count)
    .map(([table, count]) => `${table}: ${count} → ${found[table] ?? 'tidak ada'}`)
}

/**
 * Brings an archive of writeBackup back into this installation: unpacks it into a staging folder
 * and verifies every checksum before anything is touched; refuses a database that already holds
 * data (accounts, orders, audit rows) unless `force`, and an archive of the other database kind;
 * then puts the stored files into the configured disk, and the database in place (SQLite: the
 * snapshot file replaces SQLITE_PATH; PostgreSQL: pg_restore into the configured database, in
 * one transaction), and checks every table's row count against the manifest. The caller runs
 * the migrations afterwards. The app must not be running on the target.
 */
export async function restoreBackup(
  archive: string,
  options: { force: boolean; progress: Progress }
): Promise<Manifest> {
  const { progress } = options
  const source = resolve(archive)
  if (!existsSync(source)) {
    throw new BackupRefusal(`Arsip tidak ditemukan (archive not found): ${source}`)
  }
  const staging = app.makePath('tmp', `restore-${randomUUID()}`)
  try {
    progress(`[1/4] Memeriksa arsip / verifying archive ${source}`)
    const sidecar = await checkSidecar(source)
    if (sidecar) {
      throw new BackupRefusal(
        `Arsip rusak; tidak ada yang dipulihkan (archive damaged; nothing restored): ${sidecar}`
      )
    }
    try {
      await extractArchive(source, staging)
    } catch (error) {
      throw new BackupRefusal(
        `Arsip rusak; tidak ada yang dipulihkan (archive damaged; nothing restored): ${(error as Error).message}`
      )
    }
    const manifest = await verifyUnpacked(staging)
    const { database } = manifest
    progress(
      `      ${manifest.app.name} ${manifest.app.version}, ${database.snapshotAt}, ${KIND_NAMES[database.kind]}, ${manifest.files.entries.length} berkas: checksum cocok (checksums match)`
    )

    const kind = databaseKind()
    if (database.kind !== kind) {
      throw new BackupRefusal(
        `Arsip ini dari basis data ${KIND_NAMES[database.kind]}, instalasi ini memakai ${KIND_NAMES[kind]} (DB_CONNECTION); tidak ada yang dipulihkan ` +
          `(the archive is of ${KIND_NAMES[database.kind]}, this installation uses ${KIND_NAMES[kind]}; nothing restored)`
      )
    }
    const hasData = kind === 'sqlite' ? sqliteHasData(sqlitePath()) : await pgHasData()
    if (hasData && !options.force) {
      throw new BackupRefusal(
        'Basis data tujuan sudah berisi data (akun, order atau log audit); pemulihan dibatalkan, tidak ada yang diubah. ' +
          'Pulihkan ke instalasi kosong, atau tambahkan --force untuk menimpanya. ' +
          '(The target database already holds data; restore refused, nothing changed. Restore into an empty installation, or add --force to overwrite it.)'
      )
    }

    progress(`[2/4] Memulihkan berkas / restoring stored files`)
    let reported = 0
    await restoreStoredFiles(staging, manifest.files.entries, (done, total) => {
      if (done === total || done - reported >= Math.max(50, Math.ceil(total / 10))) {
        reported = done
        progress(`      ${done}/${total} berkas`)
      }
    })

    progress(`[3/4] Memulihkan basis data / restoring the ${KIND_NAMES[kind]} database`)
    const dump = join(staging, database.path)
    let counts: Record<string, number>
    if (kind === 'sqlite') {
      await placeSqlite(dump, sqlitePath())
      counts = sqliteFacts(sqlitePath()).tables
    } else {
      await restorePg(dump)
      counts = await pgRowCounts()
    }
    const differences = countDifferences(database.tables, counts)
    if (differences.length) {
      throw new Error(
        `Jumlah baris tidak sesuai manifest (row counts differ): ${differences.join('; ')}`
      )
    }
    const rows = Object.values(database.tables).reduce((sum, count) => sum + count, 0)
    progress(
      `      ${Object.keys(database.tables).length} tabel, ${rows} baris: sesuai manifest (match)`
    )
    return manifest
  } finally {
    // tar may still be closing files of an archive it gave up on: retried until they are.
    await rm(staging, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 })
  }
}
