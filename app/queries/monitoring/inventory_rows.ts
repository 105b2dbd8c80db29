import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import type User from '#models/user'
import type { DatabaseQueryBuilderContract } from '@adonisjs/lucid/types/querybuilder'
import { likeTerm, whereContains, whereSearch } from '#lists/datatable'
import { keptResult } from '#lists/kept_reads'
import type { TextPlan, TextTest } from '#lists/text_plan'
import { INVENTORY_SEARCH_COLUMNS } from '#database/search_columns'
import type InventoryRowTransformer from '#transformers/lists/inventory_row_transformer'

/**
 * The facilities' devices with their calibration dates, as the inventory list and the
 * dashboard's recalibration monitor read them (spec part 1: Recalibration / inventory item).
 */
export interface InventoryFilters {
  search?: string
  limit?: number
  page?: number
  /** Facility name contains. */
  fasyankes?: string
  /** Device type name contains. */
  alkes?: string
  merk?: string
  model?: string
  serial_number?: string
  /** `2026-11`: the next calibration falls in that month. */
  calibration_month?: string
  /** How the search box is read (inventory_list.ts `resolve`); from the index without it. */
  text_plan?: TextPlan
  /** The device types and facilities whose names contain the search term (`namesContaining`). */
  search_names?: SearchNames
}

/** Ids of the device types and facilities a search term names; null: too many (a subquery). */
export interface SearchNames {
  alkes: number[] | null
  fasyankes: number[] | null
}

/** A row of the inventory: its transformer's (`app/transformers/lists/inventory_row_transformer.ts`). */
export type InventoryRow = ReturnType<InventoryRowTransformer['toObject']>

/** May this user see which facility a device belongs to (yantek and admin_pk)? */
export function seesFacilities(user: User | undefined) {
  return !!user && !user.isFacility && user.can('dashboard.all_facilities')
}

/** `[first day, first day of the next month)` of a `YYYY-MM` month, as DATE text. */
export function monthRange(month: string) {
  const start = DateTime.fromISO(`${month}-01`)
  return [start.toISODate()!, start.plus({ months: 1 }).toISODate()!] as const
}

type QueryBuilder = DatabaseQueryBuilderContract<any>

/** Where the names a search reads besides the device's own text are: table and column. */
const NAMES = { alkes: ['alkes', 'name'], fasyankes: ['fasyankes', 'fasyankes_name'] } as const

/** Names read once per search at most this many ids; more are asked for by subquery. */
const NAMED_IDS_LIMIT = 500

/** Ids of the device types (or facilities) whose names contain `value`, as a subquery. */
function idsNaming(kind: keyof SearchNames, value: string) {
  const [table, column] = NAMES[kind]
  return whereContains(db.from(table).select('id'), [column], value)
}

/**
 * The device types and facilities whose names contain `term`, read once for a search (the
 * sample, the count, the page and its rows each asked again: on PostgreSQL a scan of every
 * facility's name, 2.5 ms, four times a request) and kept a few seconds like a count, for the
 * next page of the same search.
 */
export async function namesContaining(term: string, withFacility: boolean): Promise<SearchNames> {
  const ids = (kind: keyof SearchNames) => {
    const query = idsNaming(kind, term).limit(NAMED_IDS_LIMIT + 1)
    return keptResult(query, async () => {
      const rows = await query
      return rows.length > NAMED_IDS_LIMIT ? null : rows.map((row) => Number(row.id))
    })
  }
  return { alkes: await ids('alkes'), fasyankes: withFacility ? await ids('fasyankes') : [] }
}

/** Rows whose `column` is one of the device types (or facilities) a search names. */
function whereNamed(
  query: QueryBuilder,
  column: string,
  kind: keyof SearchNames,
  term: string,
  names: SearchNames | undefined,
  or = false
) {
  const known = names?.[kind]
  if (known) return or ? query.orWhereIn(column, known) : query.whereIn(column, known)
  const named = idsNaming(kind, term)
  return or ? query.orWhereIn(column, named) : query.whereIn(column, named)
}

/** Columns of a device the search box reads besides its type's and its facility's names. */
const DEVICE_TEXT = INVENTORY_SEARCH_COLUMNS.map((column) => `i.${column}`)

/**
 * A common term: the list is walked in its order and each device tested (text_plan.ts). The
 * names of the types and facilities that contain the term are read once.
 */
function whereSearchScanned(
  query: QueryBuilder,
  term: string,
  withFacility: boolean,
  names?: SearchNames
) {
  const like = query.client.dialect.name === 'postgres' ? 'ILIKE' : 'LIKE'
  query.where((group) => {
    whereNamed(group, 'i.alkes_id', 'alkes', term, names)
    for (const column of DEVICE_TEXT) {
      group.orWhereRaw(`?? ${like} ? ESCAPE '\\'`, [column, likeTerm(term)])
    }
    if (withFacility) whereNamed(group, 'i.fasyankes_id', 'fasyankes', term, names, true)
  })
}

/**
 * A rare term: the matching devices are read from indexes (the device type's, the trigram
 * index of brand, model and serial number, the facility's), then sorted; never the whole list
 * walked for a serial number.
 */
function whereSearchIndexed(
  query: QueryBuilder,
  term: string,
  withFacility: boolean,
  names?: SearchNames
) {
  const ofTypes = whereNamed(
    db.from('inventories as t').select('t.id'),
    't.alkes_id',
    'alkes',
    term,
    names
  )
  const byText = whereSearch(
    db.from('inventories as s').select('s.id'),
    'inventories',
    INVENTORY_SEARCH_COLUMNS,
    [term],
    's'
  )
  const sources = [byText]
  if (withFacility) {
    sources.push(
      whereNamed(
        db.from('inventories as f').select('f.id'),
        'f.fasyankes_id',
        'fasyankes',
        term,
        names
      )
    )
  }
  query.whereIn('i.id', ofTypes.unionAll(sources))
}

/**
 * The test of a sampled row of inventoryQuery for the search box, as planText reads it: the
 * same conditions as the walked list's.
 */
export function inventorySearchTest(
  term: string,
  user: User | undefined,
  names?: SearchNames
): TextTest {
  const like = db.connection().dialect.name === 'postgres' ? 'ILIKE' : 'LIKE'
  const pattern = likeTerm(term)
  const contains = (column: string) => `${column} ${like} ? ESCAPE '\\'`
  const tests: { sql: string; bindings: unknown[] }[] = []
  const among = (column: string, kind: keyof SearchNames) => {
    const ids = names?.[kind]
    const [table, name] = NAMES[kind]
    if (!ids)
      tests.push({
        sql: `${column} IN (SELECT id FROM ${table} WHERE ${contains(name)})`,
        bindings: [pattern],
      })
    else if (ids.length)
      tests.push({ sql: `${column} IN (${ids.map(() => '?').join(', ')})`, bindings: ids })
  }
  among('s.alkes_id', 'alkes')
  for (const column of INVENTORY_SEARCH_COLUMNS)
    tests.push({ sql: contains(`s.${column}`), bindings: [pattern] })
  if (seesFacilities(user)) among('s.fasyankes_id', 'fasyankes')
  return {
    columns: ['i.alkes_id', 'i.fasyankes_id', ...DEVICE_TEXT],
    sql: `(${tests.map((test) => test.sql).join(' OR ')})`,
    bindings: tests.flatMap((test) => test.bindings),
  }
}

/**
 * The inventory, nearest next calibration first (then id), scoped to the user's facility
 * for a facility user whatever it asks for. Filters and the order are read from
 * `inventories` alone, whose indexes serve them (migration 0030); the names and the last
 * result are read by subqueries for the rows of the page only, so a page costs the same
 * however long the inventory grows. The facility's name is read only for users who may
 * see it.
 */
export function inventoryQuery(filters: InventoryFilters, user: User | undefined) {
  const withFacility = seesFacilities(user)
  const query = db
    .from('inventories as i')
    .select(
      'i.id',
      'i.fasyankes_id',
      'i.alkes_id',
      'i.merk',
      'i.model',
      'i.serial_number',
      'i.last_calibration_date',
      'i.next_calibration_date',
      db.raw('(SELECT a.name FROM alkes a WHERE a.id = i.alkes_id) AS alkes_name'),
      db.raw('(SELECT d.is_laik FROM order_devices d WHERE d.id = i.order_device_id) AS is_laik')
    )
    .orderBy('i.next_calibration_date')
    .orderBy('i.id')
  if (withFacility) {
    query.select(
      db.raw(
        '(SELECT f.fasyankes_name FROM fasyankes f WHERE f.id = i.fasyankes_id) AS fasyankes_name'
      )
    )
  }
  if (!user || user.isFacility) query.where('i.fasyankes_id', user?.fasyankesId ?? 0)

  if (filters.search) {
    const names = filters.search_names
    if (filters.text_plan?.scan) whereSearchScanned(query, filters.search, withFacility, names)
    else whereSearchIndexed(query, filters.search, withFacility, names)
  }
  // Only who sees the facility column filters by it: for the others it would name nothing shown.
  if (filters.fasyankes && withFacility) {
    query.whereIn('i.fasyankes_id', idsNaming('fasyankes', filters.fasyankes))
  }
  if (filters.alkes) query.whereIn('i.alkes_id', idsNaming('alkes', filters.alkes))
  whereContains(query, ['i.merk'], filters.merk)
  whereContains(query, ['i.model'], filters.model)
  whereContains(query, ['i.serial_number'], filters.serial_number)
  if (filters.calibration_month) {
    const [from, to] = monthRange(filters.calibration_month)
    query.where('i.next_calibration_date', '>=', from).where('i.next_calibration_date', '<', to)
  }
  return query
}
