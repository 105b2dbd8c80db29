import vine, { SimpleMessagesProvider } from '@vinejs/vine'
import { FIELD_LABELS, VALIDATION_MESSAGES } from '#validators/messages'

export const holidayValidator = vine.create({
  date: vine.date({ formats: ['YYYY-MM-DD'] }),
  name: vine.string().trim().minLength(3).maxLength(150),
})

// The Hari Libur form labels its fields Tanggal and Keterangan.
holidayValidator.messagesProvider = new SimpleMessagesProvider(VALIDATION_MESSAGES, {
  ...FIELD_LABELS,
  date: 'Tanggal',
  name: 'Keterangan',
})
