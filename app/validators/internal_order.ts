import vine from '@vinejs/vine'
import { DELIVERY_OPTIONS, SERVICE_TYPES } from '#workflows/internal_order_workflow'

const MAX_LINES = 200
const letterFile = () => vine.file({ size: '5mb', extnames: ['pdf', 'jpg', 'jpeg', 'png'] })

const orderFields = {
  fasyankes_id: vine
    .number()
    .withoutDecimals()
    .exists({ table: 'fasyankes', column: 'id' })
    .optional(),
  delivery_date_estimation: vine.date({ formats: ['YYYY-MM-DD'] }),
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
  alkes: vine
    .array(
      vine.object({
        alkes_id: vine
          .number()
          .withoutDecimals()
          .exists({
            table: 'alkes',
            column: 'id',
            filter: (db) => {
              db.where('is_internal', true)
            },
          }),
        quantity: vine.number().withoutDecimals().range([1, 100]),
        price: vine.number().optional(),
        description: vine.string().trim().maxLength(500).optional(),
        minute_estimation: vine.number().optional(),
      })
    )
    .minLength(1)
    .maxLength(MAX_LINES),
}

export const createInternalOrderValidator = vine.create({ ...orderFields, letter: letterFile() })
export const updateInternalOrderValidator = vine.create({
  ...orderFields,
  letter: letterFile().optional(),
})

export const appendValidator = vine.create({ alkes: orderFields.alkes })

export const confirmValidator = vine.create({
  status: vine.enum(['approve', 'reject', 'ORDER DITERIMA', 'DITOLAK'] as const).optional(),
  order_description: vine.string().trim().minLength(5).maxLength(1000),
})

export const cancelDeviceValidator = vine.create({
  reason: vine.string().trim().minLength(5).maxLength(500),
})
