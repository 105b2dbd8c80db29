/**
 * The `unique` options of a value no other row may hold: the row being edited (its id in
 * the validator's meta data under `metaKey`) is left out. Emails compare ignoring case.
 */
export function notTaken(table: string, column: string, metaKey = 'id') {
  return {
    table,
    column,
    caseInsensitive: column === 'email',
    filter: (db: any, _value: unknown, field: { meta: Record<string, unknown> }) => {
      const id = field.meta[metaKey]
      if (id) db.whereNot('id', id)
    },
  } as const
}
