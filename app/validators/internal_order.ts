import vine from '@vinejs/vine'
import { RECEIVE_CHECKLIST, type ReceiveCheck } from '#enums/receive_checklist'
import { labToday } from '#services/format'
import { number, staffUserId } from '#validators/rules/number'
import { DOCUMENT_OR_IMAGE, upload } from '#validators/rules/upload'
import { requestLines } from '#validators/rules/request_lines'
import { DELIVERY_OPTIONS, SERVICE_TYPES } from '#workflows/internal_order_workflow'

const letterFile = () => upload(DOCUMENT_OR_IMAGE)

const orderFields = {
  fasyankes_id: number().withoutDecimals().exists({ table: 'fasyankes', column: 'id' }).optional(),
  // The devices are sent from today on (lab time), never on a day already past.
  delivery_date_estimation: vine
    .date({ formats: ['YYYY-MM-DD'] })
    .afterOrEqual(() => labToday(), { compare: 'day', format: 'YYYY-MM-DD' }),
  arrival_date_estimation: vine
    .date({ formats: ['YYYY-MM-DD'] })
    .afterOrSameAs('delivery_date_estimation', { compare: 'day' }),
  contact_person_name: vine.string().trim().minLength(3).maxLength(150),
  contact_person_phone: vine
    .string()
    .trim()
    .regex(/^[0-9+()\- ]{6,30}$/),
  delivery_option: vine.enum(DELIVERY_OPTIONS),
  delivery_travel_name: vine
    .string()
    .trim()
    .maxLength(150)
    .optional()
    .requiredWhen('delivery_option', 'notIn', ['Diantar oleh pihak pertama']),
  service_type: vine.enum(SERVICE_TYPES),
  alkes: requestLines('internal').minLength(1),
}

export const createInternalOrderValidator = vine.create({ ...orderFields, letter: letterFile() })
export const updateInternalOrderValidator = vine.create({
  ...orderFields,
  letter: letterFile().optional(),
})

export const confirmValidator = vine.create({
  status: vine.enum(['approve', 'reject', 'ORDER DITERIMA', 'DITOLAK'] as const).optional(),
  order_description: vine.string().trim().minLength(5).maxLength(1000),
})

export const receiveValidator = vine.create({
  checker: staffUserId(),
  contact_person_name: vine.string().trim().minLength(3).maxLength(150),
  contact_person_phone: vine
    .string()
    .trim()
    .regex(/^[0-9+()\- ]{6,30}$/),
  received_date: vine.date({ formats: ['YYYY-MM-DD'] }),
  done_estimation_date: vine
    .date({ formats: ['YYYY-MM-DD'] })
    .afterOrSameAs('received_date', { compare: 'day' }),
  alkes_orders: vine
    .array(
      vine.object({
        id: number().withoutDecimals(),
        merk: vine.string().trim().minLength(1).maxLength(100),
        model: vine.string().trim().minLength(1).maxLength(100),
        serial_number: vine.string().trim().minLength(1).maxLength(100),
        functionality: vine.enum(['Baik', 'Tidak Baik'] as const),
        accessories: vine.string().trim().maxLength(500).optional(),
      })
    )
    .minLength(1),
  ...(Object.fromEntries(Object.keys(RECEIVE_CHECKLIST).map((key) => [key, vine.boolean()])) as {
    [key in ReceiveCheck]: ReturnType<typeof vine.boolean>
  }),
})

export const officerAssignmentValidator = vine.create({
  selected_officers: vine
    .array(
      vine.object({
        internal_alkes_order_id: number().withoutDecimals(),
        bpfk_user_id: number()
          .withoutDecimals()
          .exists({
            table: 'user_roles',
            column: 'user_id',
            filter: (db) => {
              db.whereIn('role', ['officer_pk', 'supervisor_of_pk_laboratory'])
            },
          }),
      })
    )
    .minLength(1),
})

export const handoverValidator = vine.create({
  contact_person_receiver_name: vine.string().trim().minLength(3).maxLength(150),
  contact_person_receiver_phone: vine
    .string()
    .trim()
    .regex(/^[0-9+()\- ]{6,30}$/),
  alkes_accordingly: vine.boolean(),
  certificate_handedover: vine.boolean(),
  alkes_checked: vine.boolean(),
  // Sent by older clients; the order's lines decide it (actions/internal/hand_over.ts).
  cancel_test: vine.boolean().optional(),
})
