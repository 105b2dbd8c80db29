import { createHash } from 'node:crypto'
import { createReadStream, createWriteStream } from 'node:fs'
import { mkdir, rm } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { pipeline } from 'node:stream/promises'
import drive from '@adonisjs/drive/services/main'
import { FILES_FOLDER, type StoredFileEntry } from '#backup/manifest'

/** Every key on the configured disk (all pages of an S3 listing), but those under `skip/`. */
async function listKeys(skip: string[]) {
  const disk = drive.use()
  const keys: string[] = []
  let paginationToken: string | undefined
  do {
    const page = await disk.listAll('', { recursive: true, paginationToken })
    for (const object of page.objects) {
      if (!object.isFile) continue
      if (skip.some((prefix) => object.key === prefix || object.key.startsWith(`${prefix}/`))) {
        continue
      }
      keys.push(object.key)
    }
    paginationToken = page.paginationToken
  } while (paginationToken)
  return keys
}

/** Streams one stored file into `target`, hashing it on the way. */
async function copyOne(key: string, target: string) {
  await mkdir(dirname(target), { recursive: true })
  const hash = createHash('sha256')
  let size = 0
  const source = await drive.use().getStream(key)
  await pipeline(
    source,
    async function* (chunks: AsyncIterable<Buffer>) {
      for await (const chunk of chunks) {
        size += chunk.length
        hash.update(chunk)
        yield chunk
      }
    },
    createWriteStream(target)
  )
  return { size, sha256: hash.digest('hex') }
}

export interface CopiedFiles {
  entries: StoredFileEntry[]
  missing: { key: string; reason: string }[]
}

/**
 * Copies the stored files of the configured disk (local STORAGE_PATH or the S3 bucket) into
 * `staging/files/`, after the database snapshot was taken: every file the disk lists, and every
 * file the snapshot's rows point to (so none of those can be left out by a listing). A
 * referenced file that is gone by now is noted as missing; an unreferenced one that went away
 * meanwhile (a rolled-back upload, a health probe) is simply not in the archive.
 */
export async function copyStoredFiles(
  staging: string,
  referenced: string[],
  options: { skip: string[]; progress: (done: number, total: number) => void }
): Promise<CopiedFiles> {
  const wanted = new Set(referenced)
  const keys = [...new Set([...(await listKeys(options.skip)), ...referenced])].sort()
  const entries: StoredFileEntry[] = []
  const missing: CopiedFiles['missing'] = []
  let done = 0
  for (const key of keys) {
    const path = `${FILES_FOLDER}/${key}`
    try {
      const copied = await copyOne(key, join(staging, path))
      entries.push({ key, path, ...copied })
    } catch (error) {
      await rm(join(staging, path), { force: true })
      // Gone since it was listed (or never there): noted when the snapshot points to it. Any
      // other failure (the store unreachable) stops the backup.
      if (await drive.use().exists(key)) throw error
      if (wanted.has(key)) missing.push({ key, reason: 'not on the disk when copied' })
    }
    options.progress(++done, keys.length)
  }
  return { entries, missing }
}

/** Puts the archive's files back into the configured disk under their keys. */
export async function restoreStoredFiles(
  staging: string,
  entries: StoredFileEntry[],
  progress: (done: number, total: number) => void
) {
  const disk = drive.use()
  let done = 0
  for (const entry of entries) {
    await disk.putStream(entry.key, createReadStream(join(staging, entry.path)))
    progress(++done, entries.length)
  }
}
