import { readFile } from 'node:fs/promises'
import app from '@adonisjs/core/services/app'
import type { Checksummed } from '#backup/checksums'

export const MANIFEST_FORMAT = 'kalibra-backup/1'
export const MANIFEST_PATH = 'manifest.json'
export const SUMS_PATH = 'SHA256SUMS'
/** Where the stored files go inside the archive: `files/<key>`. */
export const FILES_FOLDER = 'files'

export type DatabaseKind = 'sqlite' | 'pg'

export interface StoredFileEntry extends Checksummed {
  /** The key on the disk (the order_files row's storage_key). */
  key: string
}

/**
 * What an archive holds, written as `manifest.json`: the app, the moment of the database
 * snapshot, the snapshot itself (its kind, migrations and the row count of every table) and
 * every stored file with its size and sha256. `missing` names files the snapshot's rows point
 * to that were not on the disk when they were copied (deleted meanwhile, or lost before).
 */
export interface Manifest {
  format: typeof MANIFEST_FORMAT
  app: { name: string; version: string }
  createdAt: string
  database: Checksummed & {
    kind: DatabaseKind
    snapshotAt: string
    migrations: string[]
    tables: Record<string, number>
  }
  files: {
    disk: string
    entries: StoredFileEntry[]
    missing: { key: string; reason: string }[]
  }
}

/** The app's name and version, from package.json. */
export async function appInfo() {
  const pkg = JSON.parse(await readFile(app.makePath('package.json'), 'utf8'))
  return { name: String(pkg.name), version: String(pkg.version) }
}

/** The manifest read from an archive, or the reason it cannot be one. */
export function parseManifest(text: string): Manifest | string {
  let manifest: Manifest
  try {
    manifest = JSON.parse(text)
  } catch {
    return 'manifest.json bukan JSON yang sah (not valid JSON)'
  }
  if (manifest?.format !== MANIFEST_FORMAT) {
    return `format arsip tidak dikenal (unknown archive format): ${String(manifest?.format)}`
  }
  const database = manifest.database
  if (
    !database ||
    !['sqlite', 'pg'].includes(database.kind) ||
    typeof database.path !== 'string' ||
    !Array.isArray(manifest.files?.entries)
  ) {
    return 'manifest.json tidak lengkap (incomplete manifest)'
  }
  return manifest
}
