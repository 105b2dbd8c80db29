import vine from '@vinejs/vine'
import { number, staffUserId } from '#validators/rules/number'
import { labelledMessages } from '#validators/labelled_messages'
import { labToday } from '#services/format'
import { CALIBRATOR_CONDITIONS } from '#enums/master_data'
import { LOAN_STATUSES } from '#enums/loan_statuses'
import { ORDER_TYPE_INFO, ORDER_TYPES, type OrderType } from '#workflows/order_types'

/** Calibrator lending (spec part 1: loan form payload, confirmation, return). */

/**
 * The orders a loan serves, one field per order type under the spec's payload name
 * (`internal_orders`, `insitu_orders`), labelled `Order {type's title}`: read from the
 * registry each time, so every registered type has its field.
 */
export type LoanOrderField = `${OrderType}_orders`
export function loanOrderFields() {
  return ORDER_TYPES.map((type) => ({
    type,
    field: `${type}_orders` as LoanOrderField,
    label: `Order ${ORDER_TYPE_INFO[type].title}`,
  }))
}

/** A linked order as the loan keeps it: its id and its order type. */
export type LinkedOrder = { id: number; type: OrderType }

/** The spec's payload fields (`internal_orders`: ids) as the loan's linked orders. */
export function linkedOrdersOf(input: Partial<Record<string, unknown>>): LinkedOrder[] {
  return loanOrderFields().flatMap(({ field, type }) =>
    ((input[field] as number[] | undefined) ?? []).map((id) => ({ id, type }))
  )
}

/** The loan form's fields, as the form names them. */
export const LOAN_LABELS = {
  'calibrators': 'Kalibrator',
  'calibrators.*.id': 'Kalibrator',
  'calibrators.*.condition': 'Kondisi',
  'calibrators.*.note': 'Catatan Kalibrator',
  'notes': 'Catatan',
  'loan_description': 'Keperluan Peminjaman',
  'planned_return_date': 'Rencana Tanggal Kembali',
  ...Object.fromEntries(loanOrderFields().map(({ field, label }) => [field, label])),
  'pk_officer': 'Kepala Laboratorium PK',
  'ukpr_officer': 'Kepala Laboratorium UKPR',
  'sarpras_officer': 'Kepala Laboratorium Sarpras',
  'status': 'Keputusan',
  'reason': 'Alasan Ditolak',
  'serial_number': 'Nomor Seri',
}

export const MAX_LOAN_LINES = 50
const id = () => number().withoutDecimals().positive()
const orderIds = () => vine.array(id()).maxLength(50).distinct().optional()
const orderFields = Object.fromEntries(
  loanOrderFields().map(({ field }) => [field, orderIds()])
) as Record<LoanOrderField, ReturnType<typeof orderIds>>

/** POST /calibrator/loan and PUT /calibrator/loan/{id}. */
export const loanValidator = vine.create({
  calibrators: vine
    .array(
      vine.object({
        id: id(),
        condition: vine.enum(CALIBRATOR_CONDITIONS),
        bag: vine.boolean().optional(),
        charger: vine.boolean().optional(),
        probe: vine.boolean().optional(),
        sensor: vine.boolean().optional(),
        note: vine.string().trim().maxLength(500).optional(),
      })
    )
    .minLength(1)
    .maxLength(MAX_LOAN_LINES)
    .distinct('id'),
  notes: vine.string().trim().maxLength(1000).optional(),
  loan_description: vine.string().trim().minLength(3).maxLength(1000),
  planned_return_date: vine
    .date({ formats: ['YYYY-MM-DD'] })
    .afterOrEqual(() => labToday(), { compare: 'day', format: 'YYYY-MM-DD' }),
  ...orderFields,
  pk_officer: staffUserId().optional(),
  ukpr_officer: staffUserId().optional(),
  sarpras_officer: staffUserId().optional(),
})
loanValidator.messagesProvider = labelledMessages(LOAN_LABELS)

/** POST /calibrator/loan/{id}/confirm: Confirmed, or Rejected with its reason. */
export const loanDecisionValidator = vine.create({
  status: vine.enum(LOAN_STATUSES.filter((status) => status !== 'Pending')),
  reason: vine.string().trim().maxLength(1000).optional().requiredWhen('status', '=', 'Rejected'),
})
loanDecisionValidator.messagesProvider = labelledMessages(LOAN_LABELS)

/** POST /api/calibrator/loan/{id}/return: one serial number, with the condition it came back in. */
export const loanReturnValidator = vine.create({
  serial_number: vine.string().trim().minLength(1).maxLength(100),
  condition: vine.enum(CALIBRATOR_CONDITIONS).optional(),
})
loanReturnValidator.messagesProvider = labelledMessages(LOAN_LABELS)

/** POST /calibrator/loan/{id}/return/batch: the conditions the open lines came back in. */
export const loanBatchReturnValidator = vine.create({
  conditions: vine.record(vine.enum(CALIBRATOR_CONDITIONS)).optional(),
})
