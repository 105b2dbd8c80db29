/**
 * C0 control characters (and DEL) never belong in what a user types: a NUL
 * makes PostgreSQL refuse the text (a 500), an ESC ends up in exports and
 * terminals. Every form field, query value and spreadsheet cell goes through
 * here before anything validates or stores it.
 *
 * Tab, LF and CR are kept only in the multi-line fields (textareas); in every
 * other field they become a space, so words typed on two lines stay apart.
 */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g
const LINE_BREAKS = /\r\n|[\t\n\r]/g

/** Field names whose form control is a textarea (the last key of a nested name counts). */
export const MULTILINE_FIELDS: ReadonlySet<string> = new Set([
  'reason',
  'order_description',
  'critic',
  // The "Titik Uji" cell of the device batch file: one test point a line.
  'test_points',
])

export function cleanText(value: string, multiline = false) {
  const kept = value.replace(CONTROL, '')
  return multiline ? kept : kept.replace(LINE_BREAKS, ' ')
}

/** A parsed body or query object (the multipart parser makes them without a prototype); not a file. */
function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (!value || typeof value !== 'object') return false
  const prototype = Object.getPrototypeOf(value)
  return prototype === Object.prototype || prototype === null
}

/** Cleans every string inside a body, query string or row (arrays and objects walked; keys left alone). */
export function cleanInput<T>(value: T, field?: string): T {
  if (typeof value === 'string')
    return cleanText(value, field !== undefined && MULTILINE_FIELDS.has(field)) as T
  if (Array.isArray(value)) return value.map((item) => cleanInput(item, field)) as T
  if (isPlainObject(value)) {
    const out: Record<string, unknown> = {}
    for (const [key, item] of Object.entries(value)) out[key] = cleanInput(item, key)
    return out as T
  }
  return value
}
