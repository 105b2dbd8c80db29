import vine, { type VineValidator } from '@vinejs/vine'
import type { SchemaTypes } from '@vinejs/vine/types'
import type { DatabaseQueryBuilderContract } from '@adonisjs/lucid/types/querybuilder'
import type User from '#models/user'
import type { Permission } from '#enums/permissions'
import type { Signatory } from '#documents/kit/document'
import { baseFilterSchema } from '#lists/datatable'
import type { AppliedFilter, ExportColumn, Keyset, ListTotal, SortColumn } from '#lists/types'

/**
 * Everything one list needs, in one place: its filters, its query, the shape
 * of a row, and the columns its exports print. The list page, its
 * `/datatable` JSON and its PDF/Excel exports are all served from it.
 */
export interface ListDefinition<
  Filters extends { search?: string; limit?: number; page?: number },
  Row,
> {
  title: string
  /** One line under the title of the list's page. */
  subtitle?: string
  /** Where the list's page lives; its JSON is `{path}/datatable`, its exports `{path}/print/…`. */
  path: string
  /** What one row is called ('Alkes'): the 'Tambah …' and 'Ubah …' of a register's pages. */
  recordName?: string
  /** The title of a record's edit page, when not 'Ubah {recordName}'. */
  editTitle?: string
  fileName: string
  /** Rows per page when the query names none (20 unless the spec says otherwise). */
  defaultLimit?: number
  /** Permission needed to read the list and its exports. */
  permission: Permission
  validator: VineValidator<any, any>
  query(filters: Filters, user?: User): DatabaseQueryBuilderContract<any>
  row(raw: Record<string, any>): Row
  columns: ExportColumn<Row>[]
  /**
   * The columns a user may sort by (`?sort=key&dir=asc|desc`), each served by an index;
   * without `sort` the list keeps the order of its query. `idColumn` breaks ties.
   */
  sorts?: Record<string, SortColumn>
  /**
   * The id column of the list's rows. A list that names it has each page's ids chosen first
   * (from its index alone) and only those rows joined (datatable.ts paginate).
   */
  idColumn?: string
  /**
   * For a large list: the keys of its own order (the last one `idColumn`), so its exports read
   * it in keyset chunks instead of pages. Its sorts must then be on columns without NULLs.
   */
  keyset?: Keyset
  describeFilters(filters: Filters): AppliedFilter[] | Promise<AppliedFilter[]>
  /**
   * How many rows match, when the list can tell better than counting them all (kept counts,
   * a bounded count, an estimate); null to count them.
   */
  total?(filters: Filters, user?: User): Promise<ListTotal | null>
  /**
   * Filters completed from the database before the list is read (the order lists choose how
   * to read a text filter); the page, its JSON and its exports all get the completed filters.
   */
  resolve?(filters: Filters, user?: User): Promise<Filters>
  /** Totals over every matching row (not only the page), sent as the JSON's `summary`. */
  summary?(filters: Filters, user?: User): Promise<Record<string, number>>
  /** Those totals as the exports print them under the table. */
  describeSummary?(summary: Record<string, number>): AppliedFilter[]
  /**
   * A report's PDF is a document of the lab: its letterhead above the title, and under a
   * berita acara the signature blocks of who made it and who approves it.
   */
  document?: { letterhead?: boolean; signatures?(user: User): Signatory[] }
}

/** A list's declared filters (`listFilters` in filters.ts). */
interface DeclaredFilters<F> {
  schema: Record<string, SchemaTypes>
  describe(filters: F): Promise<AppliedFilter[]>
}

/**
 * A list as written: with its declared `filters`, its validator (the base fields and theirs)
 * and the filters its exports print follow from them; a list may still write either itself
 * (a validator with its own messages).
 */
export type ListSource<F extends { search?: string; limit?: number; page?: number }, R> = Omit<
  ListDefinition<F, R>,
  'validator' | 'describeFilters'
> &
  (
    | { filters: DeclaredFilters<F>; validator?: VineValidator<any, any>; describeFilters?: never }
    | Pick<ListDefinition<F, R>, 'validator' | 'describeFilters'>
  )

export function defineList<F extends { search?: string; limit?: number; page?: number }, R>(
  source: ListSource<F, R>
): ListDefinition<F, R> {
  if (!('filters' in source) || !source.filters) return source as ListDefinition<F, R>
  const { filters, ...definition } = source
  return {
    ...definition,
    validator: source.validator ?? vine.create({ ...baseFilterSchema, ...filters.schema }),
    describeFilters: (values) => filters.describe(values),
  }
}
