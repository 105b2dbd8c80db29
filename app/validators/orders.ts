import vine from '@vinejs/vine'
import { labToday } from '#services/format'
import { number, staffUserId } from '#validators/rules/number'
import { upload } from '#validators/rules/upload'
import { notTaken } from '#validators/rules/not_taken'
import { RESULT_FILE_SIZE } from '#files/upload_limits'
import { FEEDBACK_CODES } from '#enums/feedback'
import { requestLines } from '#validators/rules/request_lines'

/** The shared order features' rules (both order types). */
/**
 * Requested devices: one list (`alkes`, incoming equipment) or one per lab
 * (`alkes_pk`, `alkes_ukpr`, `alkes_sarpras`, on-site orders).
 */
export const deviceLinesValidator = vine.create({
  alkes: requestLines().optional(),
  alkes_pk: requestLines().optional(),
  alkes_ukpr: requestLines().optional(),
  alkes_sarpras: requestLines().optional(),
})

export const cancelDeviceValidator = vine.create({
  reason: vine.string().trim().minLength(5).maxLength(500),
})

/** unit, critic and a 1-5 rating under each question code (1_a_K_1 ...). */
export const feedbackValidator = vine.create({
  unit: vine.string().trim().minLength(2).maxLength(150),
  critic: vine.string().trim().maxLength(2000).optional(),
  ...(Object.fromEntries(
    FEEDBACK_CODES.map((code) => [code, number().withoutDecimals().range([1, 5])])
  ) as Record<(typeof FEEDBACK_CODES)[number], ReturnType<typeof number>>),
})

/**
 * The measurements of a worksheet (issue 15), all optional so the spec's worksheet form keeps
 * working without them: per test point of the device type's template, in its order, the
 * readings, the device's resolution and the reference used; the room's conditions; the
 * standards; why the result differs from what the points give. Completeness against the
 * template is checked by the action (it knows the template).
 */
const measurementFields = {
  ambient_temperature: number().range([-10, 60]).optional(),
  ambient_humidity: number().range([0, 100]).optional(),
  standards: vine.array(number().withoutDecimals().positive()).maxLength(10).distinct().optional(),
  points: vine
    .array(
      vine.object({
        // A blank reading reaches the action, which names every incomplete point at once.
        readings: vine.array(number().nullable()).minLength(1).maxLength(10),
        resolution: number().positive().max(1_000_000),
        calibrator_id: number().withoutDecimals().positive().optional(),
        reference_uncertainty: number().min(0).max(1_000_000).optional(),
        reference_coverage: number().min(1).max(20).optional(),
      })
    )
    .maxLength(30)
    .optional(),
  laik_override_reason: vine.string().trim().minLength(10).maxLength(500).optional(),
}

/** What the officer records on a worksheet ("Lembar Kerja"), first or in an amendment. */
const worksheetFields = {
  merk: vine.string().trim().minLength(1).maxLength(100),
  model: vine.string().trim().minLength(1).maxLength(100),
  serial_number: vine.string().trim().minLength(1).maxLength(100),
  type: vine.enum(['Pengujian', 'Kalibrasi'] as const),
  additional_order_number: vine.string().trim().maxLength(50).optional(),
  certificate_month: number().withoutDecimals().range([1, 12]),
  // The work is done when its worksheet is saved: never a date after today (lab time).
  work_date: vine
    .date({ formats: ['YYYY-MM-DD'] })
    .beforeOrEqual(() => labToday(), { compare: 'day', format: 'YYYY-MM-DD' }),
  work_place: vine.string().trim().minLength(2).maxLength(200),
  room_name: vine.string().trim().maxLength(100).optional(),
  // Blank where test points give the result (the action derives it, or asks for it).
  is_laik: vine.enum(['1', '0', 1, 0] as const).optional(),
  officer_id: staffUserId(),
  ...measurementFields,
}

export const worksheetValidator = vine.withMetaData<{ deviceId: number }>().create({
  ...worksheetFields,
  /** Blank: the lab's next number is given on saving (services/certificate_numbers.ts). */
  certificate_number: vine
    .string()
    .trim()
    .maxLength(100)
    .unique(notTaken('order_devices', 'certificate_number', 'deviceId'))
    .optional(),
})

/**
 * A correction of an approved certificate (issue 15): the worksheet again, without its
 * number (a revision keeps it, with a suffix), and why.
 */
export const amendmentValidator = vine.create({
  ...worksheetFields,
  amendment_reason: vine.string().trim().minLength(10).maxLength(1000),
})

export const worksheetUploadValidator = vine.create({ file: upload(['pdf'], RESULT_FILE_SIZE) })

export const certificateDateValidator = vine.create({
  date: vine.date({ formats: ['YYYY-MM-DD'] }),
})

const httpsLink = () =>
  vine
    .string()
    .trim()
    .url({ require_protocol: true, protocols: ['https'] })
    .maxLength(500)

export const folderLinkValidator = vine.create({ link: httpsLink() })

/**
 * A certificate or result of one device line: a PDF, or an https download
 * link. The line is `order_device_id`; incoming-equipment pages and clients
 * send it under its first name, `internal_alkes_order_id`.
 */
export const attachmentValidator = vine.create({
  type: vine.enum(['certificate', 'result'] as const),
  order_device_id: number()
    .withoutDecimals()
    .optional()
    .requiredIfMissing('internal_alkes_order_id'),
  internal_alkes_order_id: number().withoutDecimals().optional(),
  file: upload(['pdf'], RESULT_FILE_SIZE).optional().requiredIfMissing('link'),
  link: httpsLink().optional(),
})

/**
 * The on-site form of the same upload (spec part 2: POST /insitu/{id}/attachment/{type}):
 * `data`, one entry per sub-order number, each a PDF or an https download link.
 */
export const subOrderAttachmentValidator = vine.create({
  type: vine.enum(['certificate', 'result'] as const),
  data: vine
    .array(
      vine.object({
        order_number: vine.string().trim().minLength(1).maxLength(60),
        value: vine.union([
          vine.union.if((value) => typeof value === 'string', httpsLink()),
          vine.union.else(upload(['pdf'], RESULT_FILE_SIZE)),
        ]),
      })
    )
    .minLength(1)
    .maxLength(50),
})

/** Most files one bulk certificate upload takes (one order's lines, in practice). */
export const MAX_BULK_FILES = 50

/** The files page's bulk upload: certificate PDFs and, at the same index, their device lines. */
export const bulkCertificatesValidator = vine.create({
  files: vine
    .array(upload(['pdf'], RESULT_FILE_SIZE))
    .minLength(1)
    .maxLength(MAX_BULK_FILES),
  order_device_ids: vine
    .array(number().withoutDecimals())
    .minLength(1)
    .maxLength(MAX_BULK_FILES)
    .distinct(),
})

/** The names of the files about to be uploaded, to match them to device lines first. */
export const fileNamesValidator = vine.create({
  names: vine.array(vine.string().trim().maxLength(255)).maxLength(MAX_BULK_FILES).optional(),
})

/** The device line an attachment is for, under either of its names. */
export function attachmentDeviceId(input: {
  order_device_id?: number
  internal_alkes_order_id?: number
}) {
  return input.order_device_id ?? input.internal_alkes_order_id ?? 0
}
