import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises'
import { basename, dirname } from 'node:path'
import { create, extract, type ReadEntry } from 'tar'
import { checksumOf } from '#backup/checksums'

/** The `<archive>.sha256` file next to an archive: its checksum, as `sha256sum -c` reads it. */
export const sidecarOf = (archive: string) => `${archive}.sha256`

/**
 * Packs `paths` (relative to `staging`) into a gzip-compressed tar at `archive`: written under a
 * temporary name and renamed when complete, so a half-written archive never carries the final
 * name. Writes `<archive>.sha256` too. Returns the archive's size and sha256.
 */
export async function writeArchive(staging: string, paths: string[], archive: string) {
  await mkdir(dirname(archive), { recursive: true })
  const partial = `${archive}.partial`
  try {
    await create(
      { gzip: true, file: partial, cwd: staging, portable: true, noDirRecurse: true },
      paths
    )
    const sum = await checksumOf(partial)
    await rename(partial, archive)
    await writeFile(sidecarOf(archive), `${sum.sha256}  ${basename(archive)}\n`)
    return sum
  } finally {
    await rm(partial, { force: true })
  }
}

/**
 * The archive's checksum against its `.sha256` file, when there is one: null when it holds (or
 * there is none), otherwise the reason.
 */
export async function checkSidecar(archive: string) {
  let text: string
  try {
    text = await readFile(sidecarOf(archive), 'utf8')
  } catch {
    return null
  }
  const expected = /^([0-9a-f]{64})\b/.exec(text.trim())?.[1]
  const { sha256 } = await checksumOf(archive)
  return expected === sha256
    ? null
    : `checksum arsip tidak cocok dengan ${basename(sidecarOf(archive))} (archive checksum mismatch)`
}

/**
 * Unpacks the archive into `staging`. Only plain files (and their folders) are taken; a link or
 * device entry, a damaged gzip stream or tar header stops it with an error (strict mode).
 * Absolute paths and `..` are stripped by tar itself.
 */
export async function extractArchive(archive: string, staging: string) {
  const refused: string[] = []
  await mkdir(staging, { recursive: true })
  await extract({
    file: archive,
    cwd: staging,
    strict: true,
    preserveOwner: false,
    filter: (path, entry) => {
      const type = (entry as ReadEntry).type
      if (type === 'File' || type === 'OldFile' || type === 'Directory') return true
      refused.push(path)
      return false
    },
  })
  if (refused.length) {
    throw new Error(
      `arsip memuat entri yang bukan berkas (non-file entries): ${refused.join(', ')}`
    )
  }
}
