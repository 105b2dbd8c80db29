import vine from '@vinejs/vine'
import { labNow, labToday } from '#services/format'
import { labelledMessages } from '#validators/labelled_messages'
import { number, rupiah } from '#validators/rules/number'
import { DOCUMENT_OR_IMAGE, upload } from '#validators/rules/upload'
import { SERVICE_LABS } from '#enums/labs'
import { requestLines } from '#validators/rules/request_lines'

/** The years an on-site order may be carried out in: this year and the next (spec section 9). */
export function executionYears() {
  const year = labNow().year
  return [year, year + 1]
}

const requestFields = {
  // This year or the next, checked when saving (the year turns while the server runs).
  execution_year: number().withoutDecimals().range([2000, 2999]),
  fasyankes_id: number().withoutDecimals().exists({ table: 'fasyankes', column: 'id' }).optional(),
  letter_number: vine.string().trim().minLength(3).maxLength(100),
  letter_date: vine.date({ formats: ['YYYY-MM-DD'] }),
  alkes_pk: requestLines('insitu').optional(),
  alkes_ukpr: requestLines('insitu').optional(),
  alkes_sarpras: requestLines('insitu').optional(),
}

/** POST /insitu: the application letter is required on create (spec part 2 section 5). */
export const createInsituOrderValidator = vine.create({
  ...requestFields,
  letter: upload(DOCUMENT_OR_IMAGE),
})

/** PUT /insitu/{id}: the letter is optional on edit. */
export const updateInsituOrderValidator = vine.create({
  ...requestFields,
  letter: upload(DOCUMENT_OR_IMAGE).optional(),
})

/** `{lab}_{field}` for each lab: the spec sends every lab's fields in one request. */
function perLab<T>(fields: Record<string, T>) {
  return Object.fromEntries(
    SERVICE_LABS.flatMap((lab) =>
      Object.entries(fields).map(([field, rule]) => [`${lab}_${field}`, rule])
    )
  )
}

/** The travel there and back and the officers of each lab (spec part 2 section 7). */
export const ESTIMATION_FIELDS = {
  pp_hour: () => number().withoutDecimals().range([0, 999]).optional(),
  pp_minute: () => number().withoutDecimals().range([0, 59]).optional(),
  officer: () => number().withoutDecimals().range([1, 99]).optional(),
}

export const estimationValidator = vine.create(
  perLab(Object.fromEntries(Object.entries(ESTIMATION_FIELDS).map(([k, rule]) => [k, rule()])))
)

const amount = () => rupiah().range([0, 10_000_000_000]).optional()
const count = () => number().withoutDecimals().range([0, 999]).optional()

/** One lab's accommodation fields (spec part 2 section 3), in the form's order. */
export const ACCOMMODATION_FIELDS = {
  officer_price: amount,
  officer_count: count,
  officer_day: count,
  transportation_price: amount,
  transportation_day: count,
  transportation_count: count,
  hotel_price: amount,
  hotel_day: count,
  hotel_count: count,
  plane_price: amount,
  plane_count: count,
  plane_luggage: amount,
  plane_is_pp: () => vine.boolean().optional(),
}

export const accommodationValidator = vine.create(
  perLab(Object.fromEntries(Object.entries(ACCOMMODATION_FIELDS).map(([k, rule]) => [k, rule()])))
)

export const cancelInsituValidator = vine.create({
  reason: vine.string().trim().minLength(5).maxLength(1000),
})

/** PUT /insitu/{id}/offering/signature: who signs the approval for the facility. */
export const signatureValidator = vine.create({
  signature_name: vine.string().trim().minLength(3).maxLength(150),
  // Civil servants have an 18-digit NIP; a signer without one writes "-".
  signature_nip: vine
    .string()
    .trim()
    .regex(/^(-|[0-9 .]{8,30})$/),
  signature_position: vine.string().trim().minLength(2).maxLength(150),
})

/** POST /insitu/{id}/offering/confirm: the approved letter with the contract's number and date. */
export const contractValidator = vine.create({
  number: vine.string().trim().minLength(3).maxLength(100),
  date: vine
    .date({ formats: ['YYYY-MM-DD'] })
    .beforeOrEqual(() => labToday(), { compare: 'day', format: 'YYYY-MM-DD' }),
  file: upload(DOCUMENT_OR_IMAGE),
})
contractValidator.messagesProvider = labelledMessages({
  number: 'Nomor kontrak',
  date: 'Tanggal kontrak',
  file: 'Surat persetujuan',
})

/** POST /insitu/{id}/finalization: an optional note. */
export const finalizationValidator = vine.create({
  notes: vine.string().trim().maxLength(2000).optional(),
})

/**
 * PUT /insitu/{id}/officer: a lab's team (`lab` when the head heads more than one requested
 * lab). What is missing gets the spec's alerts from the action, under its field.
 */
export const teamValidator = vine.create({
  lab: vine.enum(SERVICE_LABS).optional(),
  leader: number().withoutDecimals().nullable().optional(),
  member: vine.array(number().withoutDecimals()).maxLength(50).optional(),
  dates: vine
    .array(
      vine.object({
        start_date: vine.date({ formats: ['YYYY-MM-DD'] }),
        end_date: vine.date({ formats: ['YYYY-MM-DD'] }),
      })
    )
    .maxLength(30)
    .optional(),
})
