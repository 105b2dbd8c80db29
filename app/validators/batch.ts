import vine, { SimpleMessagesProvider } from '@vinejs/vine'
import { upload } from '#validators/rules/upload'

/** The spreadsheet of a batch edit: a real .xlsx of at most 5 MB (the one upload rule). */
export const batchFileValidator = vine.create({ file: upload(['xlsx'], '5mb') })

batchFileValidator.messagesProvider = new SimpleMessagesProvider({
  'file.required': 'Berkas wajib diunggah.',
  'file.file': 'Berkas wajib diunggah.',
  'file.file.size': 'Ukuran berkas maksimal 5 MB.',
  'file.file.extname': 'Berkas harus berformat Excel (.xlsx).',
})
