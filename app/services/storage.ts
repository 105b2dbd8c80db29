import { randomUUID } from 'node:crypto'
import { mkdir } from 'node:fs/promises'
import { dirname, join, normalize } from 'node:path'
import app from '@adonisjs/core/services/app'
import type { MultipartFile } from '@adonisjs/core/bodyparser'
import env from '#start/env'

/**
 * Uploaded documents live under STORAGE_PATH (default storage/), outside
 * public/, and are only ever served through guarded routes.
 */
const root = () => app.makePath(env.get('STORAGE_PATH', 'storage'))

export async function storeUpload(file: MultipartFile, folder: string) {
  const name = `${randomUUID()}.${file.extname ?? 'bin'}`
  const relative = join(folder, name)
  await mkdir(dirname(join(root(), relative)), { recursive: true })
  await file.move(join(root(), folder), { name })
  return relative
}

/** Absolute path of a stored file; refuses anything that would leave the storage folder. */
export function storedPath(relative: string) {
  const clean = normalize(relative)
  if (clean.startsWith('..') || clean.startsWith('/')) throw new Error('Invalid storage path')
  return join(root(), clean)
}
