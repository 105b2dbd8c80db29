import vine from '@vinejs/vine'
import type { Infer, SchemaTypes, UndefinedOptional } from '@vinejs/vine/types'
import db from '@adonisjs/lucid/services/db'
import type { DatabaseQueryBuilderContract } from '@adonisjs/lucid/types/querybuilder'
import { number } from '#validators/rules/number'
import { baseFilterSchema, whereContains } from '#lists/datatable'
import type { AppliedFilter } from '#lists/types'

type Query = DatabaseQueryBuilderContract<any>

/** Filter fields shared by the lists. */
export const textFilter = () => vine.string().trim().maxLength(100).optional()
export const numberFilter = () => number().min(0).max(1_000_000_000_000).optional()

/** The spec's Ya / Tidak / Semua filters: '1', '0' or 'ALL' (default). */
export const YES_NO_FILTER = ['ALL', '1', '0'] as const
export const yesNoFilter = () => vine.enum(YES_NO_FILTER).optional()

export function whereYesNo(query: Query, column: string, value?: string) {
  if (value === '1' || value === '0') query.where(column, value === '1')
}

export function yesNoLabel(value?: string) {
  return value === '1' ? 'Ya' : value === '0' ? 'Tidak' : 'Semua'
}

/**
 * One filter of a list, declared once: the schema of its query-string value, its label, how it
 * narrows the list's query and how the exports print its value. The list's validator, its
 * filters' type, its narrowing and the filters an export prints under its title all follow
 * from the declarations (`listFilters`).
 */
export interface ListFilter<S extends SchemaTypes = SchemaTypes> {
  schema: S
  /** What the exports' header calls it ("Nama: alat"). */
  label: string
  /**
   * How a value narrows the list's query; none when the list's query reads it itself (read
   * together with other filters, as the order lists read their text filters).
   */
  where?: (query: Query, value: Value<S>) => unknown
  /** The value as the exports print it; null: not printed (ALL). The value itself by default. */
  print?: (value: Value<S>) => string | null | Promise<string | null>
}

type Value<S extends SchemaTypes> = Exclude<Infer<S>, undefined>

/** The filters a list's query string carries once validated, from their declarations. */
export type FilterValues<F extends Record<string, ListFilter<any>>> = UndefinedOptional<{
  [K in keyof F]: Infer<F[K]['schema']>
}>

/** Declares one filter (its value's type follows from its schema). */
export function listFilter<S extends SchemaTypes>(filter: ListFilter<S>) {
  return filter
}

/** A text box: rows whose columns (any of them) contain the value, ignoring case. */
export function textField(label: string, columns: readonly string[]) {
  return listFilter({
    schema: textFilter(),
    label,
    where: (query, value) => whereContains(query, columns, value),
  })
}

/** Ya / Tidak / Semua on a boolean column; `printed` names Ya and Tidak where they differ. */
export function yesNoField(label: string, column: string, printed?: { yes: string; no: string }) {
  return listFilter({
    schema: yesNoFilter(),
    label,
    where: (query, value) => whereYesNo(query, column, value),
    print: (value) =>
      value === 'ALL' ? null : printed ? printed[value === '1' ? 'yes' : 'no'] : yesNoLabel(value),
  })
}

/** ALL or one of `values` on a column, printed by `labels` (the value itself without). */
export function choiceField<const V extends string>(
  label: string,
  values: readonly V[],
  column: string,
  labels?: Record<V, string>
) {
  return listFilter({
    schema: vine.enum(['ALL', ...values] as const).optional(),
    label,
    where: (query, value) => {
      if (value !== 'ALL') query.where(column, value)
    },
    print: (value) => (value === 'ALL' ? null : (labels?.[value as V] ?? value)),
  })
}

/** A record of `table` by its id on a column, printed by its name (or the id, when gone). */
export function recordField(label: string, column: string, table: string) {
  return listFilter({
    schema: number().withoutDecimals().min(1).optional(),
    label,
    where: (query, value) => query.where(column, value),
    print: async (value) => {
      const row = await db.from(table).where('id', value).first()
      return row?.name ?? String(value)
    },
  })
}

/** The search box: narrowed by the list (`where`), printed as 'Pencarian'. */
export function searchField(where?: (query: Query, value: string) => unknown) {
  return listFilter({ schema: baseFilterSchema.search, label: 'Pencarian', where })
}

const isSet = (value: unknown) => value !== undefined && value !== null && value !== ''

/**
 * A list's filters from their declarations, in the order the exports print them:
 * - `schema`: the validator's fields (spread beside `baseFilterSchema`);
 * - `narrow`: applies every filter that has a value to the list's query;
 * - `describe`: the applied filters as the exports print them.
 */
export function listFilters<F extends Record<string, ListFilter<any>>>(fields: F) {
  const entries = Object.entries(fields) as [keyof F & string, ListFilter<any>][]
  return {
    fields,
    schema: Object.fromEntries(entries.map(([key, field]) => [key, field.schema])) as {
      [K in keyof F]: F[K]['schema']
    },
    narrow<Q extends Query>(query: Q, values: Partial<FilterValues<F>>): Q {
      for (const [key, field] of entries) {
        const value = (values as Record<string, unknown>)[key]
        if (field.where && isSet(value)) field.where(query, value)
      }
      return query
    },
    async describe(values: Partial<FilterValues<F>>): Promise<AppliedFilter[]> {
      const applied: AppliedFilter[] = []
      for (const [key, field] of entries) {
        const value = (values as Record<string, unknown>)[key]
        if (!isSet(value)) continue
        const printed = field.print ? await field.print(value) : String(value)
        if (printed !== null) applied.push({ label: field.label, value: printed })
      }
      return applied
    },
  }
}

export type ListFilters<F extends Record<string, ListFilter<any>>> = ReturnType<
  typeof listFilters<F>
>
