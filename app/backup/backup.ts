import { randomUUID } from 'node:crypto'
import { mkdir, rm, writeFile } from 'node:fs/promises'
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path'
import { driveDisk, localStorageRoot } from '#config/drive'
import { writeArchive } from '#backup/archive'
import { checksumOf, sumsText } from '#backup/checksums'
import { databaseKind, sqlitePath } from '#backup/database_target'
import { copyStoredFiles } from '#backup/files_copy'
import { MANIFEST_FORMAT, MANIFEST_PATH, SUMS_PATH, appInfo, type Manifest } from '#backup/manifest'
import { dumpPg } from '#backup/pg_dump'
import { snapshotSqlite, sqliteFacts } from '#backup/sqlite_snapshot'
import type { SnapshotFacts } from '#backup/snapshot_facts'

export type Progress = (line: string) => void

/** `kalibra-2026-11-28T10-15-00Z.tar.gz`: sorts by time, no characters a file system refuses. */
export function defaultArchiveName(now = new Date()) {
  return `kalibra-${now.toISOString().slice(0, 19).replace(/:/g, '-')}Z.tar.gz`
}

/**
 * The folder of the archive relative to the local disk, when it lies inside it (the default
 * storage/backups with STORAGE_PATH=storage): it is not copied into the archive itself.
 */
function insideLocalDisk(folder: string) {
  if (driveDisk !== 'fs') return []
  const inside = relative(localStorageRoot, folder)
  if (!inside || inside.startsWith('..') || isAbsolute(inside)) return []
  return [inside.split(sep).join('/')]
}

/**
 * One consistent archive of the installation at `archive`: first the database snapshot (SQLite
 * online copy, or pg_dump in one exported snapshot), then the stored files (every file on the
 * disk, and every file the snapshot's rows point to: stored before their rows were committed, so
 * all are there unless deleted since, which the manifest notes), then the manifest and
 * SHA256SUMS, packed as .tar.gz. The app keeps serving meanwhile. Work happens in a staging
 * folder next to the archive, removed at the end.
 */
export async function writeBackup(archive: string, progress: Progress) {
  const target = resolve(archive)
  const folder = dirname(target)
  const staging = join(folder, `.kalibra-backup-${randomUUID()}`)
  await mkdir(staging, { recursive: true })
  try {
    const kind = databaseKind()
    const databasePath = kind === 'sqlite' ? 'database/kalibra.sqlite3' : 'database/kalibra.pgdump'
    const databaseFile = join(staging, databasePath)
    await mkdir(dirname(databaseFile), { recursive: true })

    progress(
      kind === 'sqlite'
        ? `[1/3] Salinan basis data SQLite (online) / SQLite online snapshot`
        : `[1/3] pg_dump basis data PostgreSQL / PostgreSQL dump`
    )
    const snapshotAt = new Date().toISOString()
    let facts: SnapshotFacts
    if (kind === 'sqlite') {
      snapshotSqlite(sqlitePath(), databaseFile)
      facts = sqliteFacts(databaseFile)
    } else {
      facts = await dumpPg(databaseFile)
    }
    const databaseSum = await checksumOf(databaseFile)
    const rows = Object.values(facts.tables).reduce((sum, count) => sum + count, 0)
    progress(
      `      ${Object.keys(facts.tables).length} tabel, ${rows} baris, ${facts.migrations.length} migrasi; ${databaseSum.size} byte`
    )

    progress(`[2/3] Menyalin berkas tersimpan / copying stored files`)
    let reported = 0
    const files = await copyStoredFiles(staging, facts.storageKeys, {
      skip: insideLocalDisk(folder),
      progress: (done, total) => {
        if (done === total || done - reported >= Math.max(50, Math.ceil(total / 10))) {
          reported = done
          progress(`      ${done}/${total} berkas`)
        }
      },
    })
    for (const gone of files.missing) {
      progress(`      TIDAK ADA / missing: ${gone.key} (${gone.reason})`)
    }

    const manifest: Manifest = {
      format: MANIFEST_FORMAT,
      app: await appInfo(),
      createdAt: new Date().toISOString(),
      database: {
        kind,
        snapshotAt,
        path: databasePath,
        ...databaseSum,
        migrations: facts.migrations,
        tables: facts.tables,
      },
      files: { disk: driveDisk, ...files },
    }
    await writeFile(join(staging, MANIFEST_PATH), `${JSON.stringify(manifest, null, 2)}\n`)
    const manifestSum = await checksumOf(join(staging, MANIFEST_PATH))
    await writeFile(
      join(staging, SUMS_PATH),
      sumsText([
        { path: MANIFEST_PATH, sha256: manifestSum.sha256 },
        { path: databasePath, sha256: databaseSum.sha256 },
        ...files.entries,
      ])
    )

    progress(`[3/3] Menulis arsip / writing archive ${target}`)
    const paths = [MANIFEST_PATH, SUMS_PATH, databasePath, ...files.entries.map((e) => e.path)]
    const written = await writeArchive(staging, paths, target)
    return { archive: target, manifest, ...written }
  } finally {
    await rm(staging, { recursive: true, force: true })
  }
}
