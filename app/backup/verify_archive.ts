import { readFile, readdir } from 'node:fs/promises'
import { join, relative, sep } from 'node:path'
import { checksumOf, parseSums } from '#backup/checksums'
import {
  FILES_FOLDER,
  MANIFEST_PATH,
  SUMS_PATH,
  parseManifest,
  type Manifest,
} from '#backup/manifest'
import { BackupRefusal } from '#backup/refusal'

const DAMAGED =
  'Arsip rusak atau diubah; tidak ada yang dipulihkan (archive damaged or altered; nothing restored)'

/** Every file under `folder`, relative, with `/`. */
async function filesUnder(folder: string) {
  const found = await readdir(folder, { recursive: true, withFileTypes: true })
  return found
    .filter((entry) => entry.isFile())
    .map((entry) => relative(folder, join(entry.parentPath, entry.name)).split(sep).join('/'))
}

/**
 * Checks an unpacked archive before anything is restored: the manifest is whole (its sha256 in
 * SHA256SUMS), the archive holds exactly the files the manifest lists, and every one of them
 * has the size and sha256 the manifest and SHA256SUMS give. Returns the manifest, or refuses
 * with the first difference.
 */
export async function verifyUnpacked(staging: string): Promise<Manifest> {
  const present = new Set(await filesUnder(staging))
  for (const required of [MANIFEST_PATH, SUMS_PATH]) {
    if (!present.has(required))
      throw new BackupRefusal(`${DAMAGED}: ${required} tidak ada (missing)`)
  }
  const sums = parseSums(await readFile(join(staging, SUMS_PATH), 'utf8'))
  if (!sums) throw new BackupRefusal(`${DAMAGED}: ${SUMS_PATH} tidak terbaca (unreadable)`)
  const manifestSum = await checksumOf(join(staging, MANIFEST_PATH))
  if (sums.get(MANIFEST_PATH) !== manifestSum.sha256) {
    throw new BackupRefusal(`${DAMAGED}: checksum ${MANIFEST_PATH} tidak cocok (mismatch)`)
  }
  const manifest = parseManifest(await readFile(join(staging, MANIFEST_PATH), 'utf8'))
  if (typeof manifest === 'string') throw new BackupRefusal(`${DAMAGED}: ${manifest}`)

  const listed = [manifest.database, ...manifest.files.entries]
  for (const entry of manifest.files.entries) {
    if (entry.path !== `${FILES_FOLDER}/${entry.key}`) {
      throw new BackupRefusal(`${DAMAGED}: ${entry.path} bukan berkas ${entry.key}`)
    }
  }
  const expected = new Set([MANIFEST_PATH, SUMS_PATH, ...listed.map((entry) => entry.path)])
  const extra = [...present].filter((path) => !expected.has(path))
  const absent = [...expected].filter((path) => !present.has(path))
  if (extra.length || absent.length) {
    throw new BackupRefusal(
      `${DAMAGED}: berkas di luar manifest (not in the manifest): ${extra.join(', ') || '-'}; ` +
        `berkas manifest yang tidak ada (missing): ${absent.join(', ') || '-'}`
    )
  }
  if (sums.size !== listed.length + 1) {
    throw new BackupRefusal(
      `${DAMAGED}: ${SUMS_PATH} tidak sesuai manifest (differs from the manifest)`
    )
  }
  for (const entry of listed) {
    const actual = await checksumOf(join(staging, entry.path))
    if (
      actual.sha256 !== entry.sha256 ||
      actual.size !== entry.size ||
      sums.get(entry.path) !== entry.sha256
    ) {
      throw new BackupRefusal(`${DAMAGED}: checksum ${entry.path} tidak cocok (checksum mismatch)`)
    }
  }
  return manifest
}
