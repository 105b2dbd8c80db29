import vine from '@vinejs/vine'

/**
 * vine.number() reads its input with Number(), so `[]` passes as 0, `true` as
 * 1 and `[7]` as 7. Forms send numbers as text (multipart, urlencoded) and
 * JSON as numbers: those two stay accepted; anything else (arrays, booleans,
 * objects, blank text) becomes NaN, which the number rule refuses with the
 * field's message ("... harus berupa angka.").
 */
function numericInput(value: unknown) {
  if (value === undefined || value === null || typeof value === 'number') return value
  if (typeof value === 'string' && value.trim() !== '') return value
  return Number.NaN
}

/** The only way the app asks for a number: use it instead of vine.number(). */
export const number = () => vine.number().parse(numericInput)

/** The id of a lab staff account (one with no facility), such as an officer or a checker. */
export const staffUserId = () =>
  number()
    .withoutDecimals()
    .exists({
      table: 'users',
      column: 'id',
      filter: (db) => {
        db.whereNull('fasyankes_id')
      },
    })
