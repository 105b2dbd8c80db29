import vine from '@vinejs/vine'
import { fileSignature, type FileKind } from '#validators/rules/file_signature'

/** File name endings each accepted kind may carry. */
const EXTNAMES: Record<FileKind, string[]> = {
  pdf: ['pdf'],
  png: ['png'],
  jpg: ['jpg', 'jpeg'],
  xlsx: ['xlsx'],
}

/** The type an upload is stored and served with: what its content is, not what the browser said. */
export const CONTENT_TYPES: Record<FileKind, string> = {
  pdf: 'application/pdf',
  png: 'image/png',
  jpg: 'image/jpeg',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
}

export const DOCUMENT_OR_IMAGE: FileKind[] = ['pdf', 'png', 'jpg']

/**
 * The one upload rule: the name's ending, the size, and the content's own
 * signature (a renamed text file is not a PDF). Every upload field uses it.
 */
export function upload(kinds: FileKind[], size: `${number}mb` = '5mb') {
  return vine
    .file({ size, extnames: kinds.flatMap((kind) => EXTNAMES[kind]) })
    .use(fileSignature(kinds))
}
