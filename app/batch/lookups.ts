import db from '@adonisjs/lucid/services/db'

/** Spreadsheet cells to form values: names to ids, Ya/Tidak to booleans, numbers to text. */
export function text(value: unknown) {
  if (value === null || value === undefined) return null
  if (value instanceof Date) return value.toISOString().slice(0, 10)
  return String(value)
}

/** The two answers a yes/no column takes. */
export const YES_NO = ['Ya', 'Tidak'] as const

/** The names of a reference table, in order: a column's drop-down in the format file. */
export async function namesOf(table: string) {
  const rows = await db.from(table).select('name').orderBy('name')
  return rows.map((row) => String(row.name))
}

export function yesNo(value: unknown): boolean | unknown {
  if (value === null || value === undefined) return false
  const normalized = String(value).trim().toLowerCase()
  if (['ya', 'y', 'yes', '1', 'true'].includes(normalized)) return true
  if (['tidak', 't', 'no', '0', 'false'].includes(normalized)) return false
  return value
}

export function isoDate(value: unknown) {
  if (value instanceof Date) return value.toISOString().slice(0, 10)
  return value === null || value === undefined ? null : String(value)
}

/** Looks a name up case-insensitively; pushes an Indonesian error when it is unknown. */
export async function idByName(table: string, label: string, value: unknown, errors: string[]) {
  if (value === null || value === undefined) return null
  const row = await db
    .from(table)
    .whereRaw('lower(name) = ?', [String(value).trim().toLowerCase()])
    .first()
  if (!row) errors.push(`${label} "${value}" tidak dikenal.`)
  return row ? Number(row.id) : null
}
