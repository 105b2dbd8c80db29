import { randomUUID } from 'node:crypto'
import { open } from 'node:fs/promises'
import drive from '@adonisjs/drive/services/main'
import type { MultipartFile } from '@adonisjs/core/bodyparser'
import { CONTENT_TYPES } from '#validators/rules/upload'
import type { FileKind } from '#validators/rules/file_signature'

export interface StoredFile {
  key: string
  originalName: string
  size: number
  contentType: string
}

/**
 * The top folders of the configured disk that hold order files, and nothing else: every stored
 * key starts with one of them (`letters/…`, `results/12/…`). The orphan sweep looks only here,
 * so nothing else on a shared bucket is ever touched.
 */
export const FILE_FOLDERS = [
  'letters',
  'contracts',
  'worksheets',
  'results',
  'certificates',
  'invoices',
  'payments',
  'labels',
] as const

export type FileFolder = (typeof FILE_FOLDERS)[number]
/** A folder of the store: a top folder, or one of its per-order subfolders. */
export type StoreFolder = FileFolder | `${FileFolder}/${number}`

/** Folders whose files the app draws itself (an approved certificate's PDF), not uploads. */
const GENERATED_FOLDERS: FileFolder[] = ['certificates']

/** Whether a stored file was drawn by the app (it may open inline) rather than uploaded. */
export function isGenerated(key: string) {
  return GENERATED_FOLDERS.some((folder) => key.startsWith(`${folder}/`))
}

const SIGNATURES: [FileKind, number[]][] = [
  ['pdf', [0x25, 0x50, 0x44, 0x46, 0x2d]],
  ['png', [0x89, 0x50, 0x4e, 0x47]],
  ['jpg', [0xff, 0xd8, 0xff]],
  ['xlsx', [0x50, 0x4b, 0x03, 0x04]],
]

/** The stored type of an upload, from its first bytes (the validator already checked them). */
async function contentTypeOf(path: string) {
  const handle = await open(path, 'r')
  try {
    const head = Buffer.alloc(8)
    await handle.read(head, 0, 8, 0)
    const kind = SIGNATURES.find(([, bytes]) => bytes.every((byte, i) => head[i] === byte))?.[0]
    return kind ? CONTENT_TYPES[kind] : 'application/octet-stream'
  } finally {
    await handle.close()
  }
}

/**
 * Moves a validated upload into the configured disk (local STORAGE_PATH or an
 * S3-compatible store) under `folder/` with a random name. Only `StagedFiles`
 * (files/staged_files.ts) calls it: a stored file must be removed again when
 * the write that was to reference it fails.
 */
export async function writeUpload(file: MultipartFile, folder: StoreFolder): Promise<StoredFile> {
  const contentType = await contentTypeOf(file.tmpPath!)
  const key = `${folder}/${randomUUID()}.${(file.extname ?? 'bin').toLowerCase()}`
  const size = file.size
  await file.moveToDisk(key)
  return { key, originalName: file.clientName, size, contentType }
}

export function readStored(key: string) {
  return drive.use().getStream(key)
}

export function storedExists(key: string) {
  return drive.use().exists(key)
}
