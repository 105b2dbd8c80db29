import vine from '@vinejs/vine'
import type { FieldContext } from '@vinejs/vine/types'
import { number } from '#validators/rules/number'
import { labelledMessages } from '#validators/labelled_messages'
import { alkesFields } from '#validators/master_data'
import { TEST_POINT_FIELD_LABELS } from '#shared/test_point_labels'

/**
 * A device type's test points (issue 15): what a worksheet measures, point by point. The
 * form (PUT /alkes/data/:id/test-points) and the "Titik Uji" column of the device batch file
 * validate them with these rules.
 */
export const MAX_TEST_POINTS = 30
export const MAX_REPEATS = 10
export const TOLERANCE_TYPES = ['abs', 'pct'] as const

/** The fields as the form labels them. */
export const TEST_POINT_LABELS = {
  points: 'Titik Uji',
  test_points: 'Titik Uji',
  ...TEST_POINT_FIELD_LABELS,
}

/** Text that is only spaces is as empty as no text. */
const filled = vine.createRule((value: unknown, _: undefined, field: FieldContext) => {
  if (field.isValid && typeof value === 'string' && value === '')
    field.report('{{ field }} wajib diisi.', 'required', field)
})

/** The batch file separates a point's parts with "|", so a name never holds one. */
const noSeparator = vine.createRule((value: unknown, _: undefined, field: FieldContext) => {
  if (field.isValid && typeof value === 'string' && value.includes('|'))
    field.report('{{ field }} tidak boleh memuat tanda |.', 'noSeparator', field)
})

const aboveZero = vine.createRule((value: unknown, _: undefined, field: FieldContext) => {
  if (field.isValid && typeof value === 'number' && !(value > 0))
    field.report('{{ field }} harus lebih dari 0.', 'aboveZero', field)
})

/** A tolerance in percent is at most 100 % and needs a nominal other than 0 (0 % of 0 is 0). */
const percentTolerance = vine.createRule((value: unknown, _: undefined, field: FieldContext) => {
  if (!field.isValid || typeof value !== 'number' || field.parent?.tolerance_type !== 'pct') return
  if (value > 100) field.report('{{ field }} dalam persen maksimal 100.', 'percentMax', field)
  else if (Number(field.parent?.nominal) === 0)
    field.report(
      '{{ field }} dalam persen tidak dapat dipakai untuk Nilai Nominal 0; isi toleransi dalam satuan.',
      'percentOfZero',
      field
    )
})

/** One test point. */
export const testPointSchema = () =>
  vine.object({
    parameter: vine.string().trim().use(filled()).use(noSeparator()).maxLength(100),
    unit: vine.string().trim().use(filled()).use(noSeparator()).maxLength(30),
    nominal: number(),
    tolerance: number().use(aboveZero()).use(percentTolerance()),
    tolerance_type: vine.enum(TOLERANCE_TYPES),
    repeats: number().withoutDecimals().range([1, MAX_REPEATS]),
    resolution: number().use(aboveZero()),
  })

/** The whole list, in its order: 0 to 30 points. */
export const testPointList = () => vine.array(testPointSchema()).maxLength(MAX_TEST_POINTS)

/** PUT /alkes/data/:id/test-points: the whole list at once. */
export const testPointsValidator = vine.create({ points: testPointList() })
testPointsValidator.messagesProvider = labelledMessages(TEST_POINT_LABELS)

/**
 * A row of the device batch file: the device form's fields, and its test points when the
 * file has the "Titik Uji" column and they differ from the stored ones (app/batch/alkes_batch.ts).
 */
export const alkesBatchValidator = vine.withMetaData<{ id?: number }>().create({
  ...alkesFields,
  test_points: testPointList().optional(),
})
alkesBatchValidator.messagesProvider = labelledMessages(TEST_POINT_LABELS)
