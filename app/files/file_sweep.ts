import drive from '@adonisjs/drive/services/main'
import type { Disk } from '@adonisjs/drive'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import { FILE_FOLDERS } from '#files/file_store'
import { referencedKeys } from '#files/order_files'
import { removeStored } from '#files/staged_files'

/**
 * Stored files no row references (issue 33, point 3): what a killed worker leaves between
 * storing an upload and committing its row, or a deletion whose file could not be removed.
 * Only the app's own folders of the configured disk (local STORAGE_PATH or the S3 bucket) are
 * listed, so nothing else on a shared bucket is touched; the one column holding a stored key is
 * `order_files.storage_key` (every upload and every drawn certificate PDF is a row there).
 * A file younger than the grace period is never an orphan: its request may still be running.
 */

export interface Orphan {
  key: string
  size: number
  lastModified: Date
}

export interface SweepResult {
  /** Files listed in the app's folders. */
  listed: number
  orphans: Orphan[]
  bytes: number
  /** How many orphans were deleted (0 on a dry run). */
  removed: number
}

/** Rows read per query when asking which listed keys are referenced. */
const BATCH = 500

/** Every file under the app's folders of the disk, page by page (S3 lists a thousand at a time). */
async function* storedFiles(disk: Disk) {
  for (const folder of FILE_FOLDERS) {
    let paginationToken: string | undefined
    do {
      const page = await disk.listAll(`${folder}/`, { recursive: true, paginationToken })
      for (const object of page.objects) {
        if (object.isFile && object.key.startsWith(`${folder}/`)) yield object
      }
      paginationToken = page.paginationToken
    } while (paginationToken)
  }
}

/**
 * Lists the orphans older than `olderThanMs` at `now`; with `remove`, deletes them. A key is
 * checked against the database just before it is judged, in batches.
 */
export async function sweepFiles(
  client: QueryClientContract,
  options: { olderThanMs: number; remove: boolean; now?: Date },
  disk: Disk = drive.use()
): Promise<SweepResult> {
  const cutoff = (options.now ?? new Date()).getTime() - options.olderThanMs
  const result: SweepResult = { listed: 0, orphans: [], bytes: 0, removed: 0 }
  let batch: Orphan[] = []
  const judge = async () => {
    const referenced = await referencedKeys(
      client,
      batch.map((file) => file.key)
    )
    for (const file of batch) {
      if (referenced.has(file.key)) continue
      result.orphans.push(file)
      result.bytes += file.size
      if (options.remove && (await removeStored(file.key, disk))) result.removed++
    }
    batch = []
  }
  for await (const file of storedFiles(disk)) {
    result.listed++
    const meta = await file.getMetaData()
    if (meta.lastModified.getTime() > cutoff) continue
    batch.push({ key: file.key, size: meta.contentLength, lastModified: meta.lastModified })
    if (batch.length >= BATCH) await judge()
  }
  if (batch.length) await judge()
  return result
}
