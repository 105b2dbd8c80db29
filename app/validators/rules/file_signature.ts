import { open } from 'node:fs/promises'
import vine from '@vinejs/vine'
import type { FieldContext } from '@vinejs/vine/types'

/**
 * The first bytes of each accepted kind. The body parser trusts the file name
 * when it cannot recognise the content, so uploads are checked here by what
 * they contain.
 */
const SIGNATURES = {
  pdf: [Buffer.from('%PDF-')],
  png: [Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])],
  jpg: [Buffer.from([0xff, 0xd8, 0xff])],
} as const

export type FileKind = keyof typeof SIGNATURES

const LABELS: Record<FileKind, string> = { pdf: 'PDF', png: 'PNG', jpg: 'JPG' }

async function head(path: string) {
  const handle = await open(path, 'r')
  try {
    const buffer = Buffer.alloc(8)
    const { bytesRead } = await handle.read(buffer, 0, 8, 0)
    return buffer.subarray(0, bytesRead)
  } finally {
    await handle.close()
  }
}

export const fileSignature = vine.createRule(
  async (value: unknown, kinds: FileKind[], field: FieldContext) => {
    const tmpPath = (value as { tmpPath?: string } | null)?.tmpPath
    if (!tmpPath) return
    const bytes = await head(tmpPath)
    const matches = kinds.some((kind) =>
      SIGNATURES[kind].some((signature) => bytes.subarray(0, signature.length).equals(signature))
    )
    if (!matches) {
      field.report(
        `Isi berkas bukan ${kinds.map((kind) => LABELS[kind]).join('/')} yang valid.`,
        'fileSignature',
        field
      )
    }
  },
  { isAsync: true }
)
