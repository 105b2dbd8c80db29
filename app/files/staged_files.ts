import drive from '@adonisjs/drive/services/main'
import type { Disk } from '@adonisjs/drive'
import logger from '@adonisjs/core/services/logger'
import type { MultipartFile } from '@adonisjs/core/bodyparser'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { writeUpload, type StoreFolder, type StoredFile } from '#files/file_store'

/**
 * Files stored for one write that a database row is yet to reference (issue 33, point 3).
 * A file is stored before the transaction that records it (moving bytes must not hold the
 * database's write lock), so a failed write would leave it in storage with no row. Here
 * every stored key waits to be kept: the transaction that records it (`recordFile`, through
 * `referenceIn`) keeps it on commit and removes it on rollback, and `withStagedFiles` removes
 * whatever no committed transaction kept when the work ends, a refusal or failure before the
 * transaction began included. A process killed in between leaves an orphan that
 * `node ace kalibra:sweep-files` finds.
 */
export class StagedFiles {
  readonly #waiting = new Set<string>()

  /** Moves a validated upload into the store, to be kept only by a committed transaction. */
  async upload(file: MultipartFile, folder: StoreFolder): Promise<StoredFile> {
    const stored = await writeUpload(file, folder)
    this.#wait(stored.key)
    return stored
  }

  /** Writes bytes the app drew (an approved certificate's PDF), kept the same way. */
  async put(key: string, bytes: Buffer, contentType: string) {
    await drive.use().put(key, bytes, { contentType })
    this.#wait(key)
  }

  #wait(key: string) {
    this.#waiting.add(key)
    waiting.set(key, this)
  }

  /** The key is referenced by a committed row: it stays. */
  keep(key: string) {
    this.#waiting.delete(key)
    if (waiting.get(key) === this) waiting.delete(key)
  }

  /** Removes one stored file no committed row references. */
  async discard(key: string) {
    if (!this.#waiting.has(key)) return
    this.keep(key)
    await removeStored(key)
  }

  /** Removes every file still waiting. */
  async discardAll() {
    for (const key of [...this.#waiting]) await this.discard(key)
  }
}

/** Every stored key still waiting for its transaction, with its staging. */
const waiting = new Map<string, StagedFiles>()

/**
 * Deletes a stored file; a failure is logged (the sweep finds the file later), never thrown.
 * Whether it was deleted.
 */
export async function removeStored(key: string, disk: Disk = drive.use()) {
  try {
    await disk.delete(key)
    return true
  } catch (error) {
    logger.warn({ key, err: error }, 'stored file could not be deleted; the sweep will find it')
    return false
  }
}

/**
 * Runs a write that stores files: whatever it stored and no committed transaction kept is
 * removed when it ends, however it ends (a refusal before the transaction, a rolled back
 * transaction, an error after it).
 */
export async function withStagedFiles<T>(work: (files: StagedFiles) => Promise<T>): Promise<T> {
  const files = new StagedFiles()
  try {
    return await work(files)
  } finally {
    await files.discardAll()
  }
}

/**
 * The transaction `trx` writes a row referencing the stored `key`: its commit keeps the file,
 * its rollback removes it. A key not stored by this process's current write (an older file)
 * is left alone.
 */
export function referenceIn(trx: TransactionClientContract, key: string) {
  const files = waiting.get(key)
  if (!files) return
  trx.after('commit', () => files.keep(key))
  trx.after('rollback', () => files.discard(key))
}

/**
 * Rows referencing these stored keys are deleted in `trx`: once that commits, each file no row
 * references any more (`stillReferenced` answers which still are) is removed. A rollback keeps
 * them, as the rows are back.
 */
export function removeAfterCommit(
  trx: TransactionClientContract,
  keys: (string | null)[],
  stillReferenced: (keys: string[]) => Promise<Set<string>>
) {
  const stored = [...new Set(keys.filter((key): key is string => !!key))]
  if (!stored.length) return
  trx.after('commit', async () => {
    const kept = await stillReferenced(stored)
    for (const key of stored) if (!kept.has(key)) await removeStored(key)
  })
}
