import vine from '@vinejs/vine'
import { upload, DOCUMENT_OR_IMAGE } from '#validators/rules/upload'
import { labelledMessages } from '#validators/labelled_messages'
import { number } from '#validators/rules/number'

/** Label requests of both order types (spec part 2: Labels). */

/** The label page's fields, as the form names them. */
export const LABEL_LABELS = {
  'main.*.quantity': 'Jumlah Label Utama',
  'additional.*.quantity': 'Jumlah Label Tambahan',
  'notes': 'Catatan Label Utama',
  'additional_notes': 'Catatan Label Tambahan',
  'labels.*.returned_quantity': 'Jumlah Dikembalikan',
  'file': 'Bukti Pengembalian',
}

/** Spec part 2 section 5: label quantities never below 0. */
export const MAX_LABEL_QUANTITY = 9999
const quantity = () => number().withoutDecimals().min(0).max(MAX_LABEL_QUANTITY)
const id = () => number().withoutDecimals().positive()

const lines = () =>
  vine
    .array(vine.object({ label_id: id(), quantity: quantity() }))
    .maxLength(50)
    .optional()

/** PUT /{orderType}/{orderId}/label: main and additional quantities, notes, additional_notes. */
export const labelRequestValidator = vine.create({
  main: lines(),
  additional: lines(),
  notes: vine.string().trim().maxLength(1000).optional(),
  additional_notes: vine.string().trim().maxLength(1000).optional(),
})
labelRequestValidator.messagesProvider = labelledMessages(LABEL_LABELS)

/** POST /{orderType}/{labelRequestId}/label/finishing: returned quantities and a proof file. */
export const labelFinishingValidator = vine.create({
  labels: vine
    .array(vine.object({ id: id(), returned_quantity: quantity() }))
    .minLength(1)
    .maxLength(100),
  file: upload(DOCUMENT_OR_IMAGE),
})
labelFinishingValidator.messagesProvider = labelledMessages(LABEL_LABELS)
