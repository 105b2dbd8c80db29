import vine from '@vinejs/vine'
import { labToday } from '#services/format'
import { upload, DOCUMENT_OR_IMAGE } from '#validators/rules/upload'
import { labelledMessages } from '#validators/labelled_messages'

/** Invoices of both order types (spec part 2: Invoices). */

const day = () => vine.date({ formats: ['YYYY-MM-DD'] })
const notAfterToday = () =>
  day().beforeOrEqual(() => labToday(), { compare: 'day', format: 'YYYY-MM-DD' })

/** The invoice page's labels, as the form shows them. */
export const INVOICE_LABELS = {
  first_date: 'Tanggal Tagihan 1',
  second_date: 'Tanggal Tagihan 2',
  third_date: 'Tanggal Tagihan 3',
  number: 'Nomor Surat Tagihan',
  file: 'Berkas Surat Tagihan',
  files: 'Bukti Pembayaran',
  date: 'Tanggal',
}

/** POST /{orderType}/{id}/invoice/update: the stages' dates, the letter's number and file. */
export const invoiceUpdateValidator = vine.create({
  first_date: day().optional(),
  second_date: day().optional(),
  third_date: day().optional(),
  number: vine.string().trim().minLength(3).maxLength(100),
  file: upload(['pdf']).optional(),
})
invoiceUpdateValidator.messagesProvider = labelledMessages(INVOICE_LABELS)

/** Most payment proofs one upload takes. */
export const MAX_PAYMENT_FILES = 10

/** POST /{orderType}/{id}/invoice/payment: the facility's payment proofs (PDF or image). */
export const paymentValidator = vine.create({
  files: vine.array(upload(DOCUMENT_OR_IMAGE)).minLength(1).maxLength(MAX_PAYMENT_FILES),
})
paymentValidator.messagesProvider = labelledMessages(INVOICE_LABELS)

/** PUT /{orderType}/{id}/invoice/confirm: the day the payment was received. */
export const paymentConfirmValidator = vine.create({ date: notAfterToday() })
paymentConfirmValidator.messagesProvider = labelledMessages({
  date: 'Tanggal Konfirmasi Pembayaran',
})

/** PUT /internal/{id}/invoice: the proof of invoice's date (today when none is sent). */
export const invoiceRefreshValidator = vine.create({ date: notAfterToday().optional() })
invoiceRefreshValidator.messagesProvider = labelledMessages({ date: 'Tanggal Bukti Tagihan' })
