import vine from '@vinejs/vine'

/**
 * What a number typed into a form looks like: digits, an optional sign and one decimal
 * separator, a point or the Indonesian comma ("12.5", "12,5", ",5"). Number() would also read
 * "0x10" as 16, "1e3" as 1000, "0b11", "Infinity" and "1_000" (as NaN): none of them is what a
 * person typed into a field, so they are refused.
 */
const PLAIN_DECIMAL = /^[+-]?(?:\d+(?:[.,]\d+)?|[.,]\d+)$/

/** An amount as the rupiah fields show it, grouped by points: "1.500.000". */
const GROUPED_THOUSANDS = /^\d{1,3}(?:\.\d{3})+$/

/**
 * vine.number() reads its input with Number(), so `[]` passes as 0, `true` as 1, `[7]` as 7
 * and "0x10" as 16. Forms send numbers as text (multipart, urlencoded) and JSON as numbers:
 * finite numbers and plain decimal text stay accepted; anything else (arrays, booleans,
 * objects, blank text, hex, exponents) becomes NaN, which the number rule refuses with the
 * field's message ("... harus berupa angka.").
 */
function numericInput(value: unknown, grouped = false) {
  if (value === undefined || value === null) return value
  if (typeof value === 'number') return Number.isFinite(value) ? value : Number.NaN
  if (typeof value !== 'string') return Number.NaN
  const text = value.trim()
  if (grouped && GROUPED_THOUSANDS.test(text)) return text.replaceAll('.', '')
  return PLAIN_DECIMAL.test(text) ? text.replace(',', '.') : Number.NaN
}

/** The only way the app asks for a number: use it instead of vine.number(). */
export const number = () => vine.number().parse((value) => numericInput(value))

/**
 * A whole amount in rupiah: as `number()`, and also grouped by points as the form shows it
 * ("1.500.000"), which would otherwise read as a decimal.
 */
export const rupiah = () =>
  vine
    .number()
    .parse((value) => numericInput(value, true))
    .withoutDecimals()

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
