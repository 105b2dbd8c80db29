import vine from '@vinejs/vine'
import db from '@adonisjs/lucid/services/db'
import { baseFilterSchema, whereContains, whereSearch } from '#lists/datatable'
import { OFFICER_SEARCH_COLUMNS } from '#database/search_columns'
import { defineList } from '#lists/list_definition'

export interface OfficerFilters {
  search?: string
  limit?: number
  page?: number
  name?: string
  nip?: string
  rank?: string
  position?: string
}

export type OfficerRow = {
  id: number
  name: string
  nip: string | null
  rank: string | null
  position: string | null
  email: string
}

const text = () => vine.string().trim().maxLength(100).optional()

const COLUMN_FILTERS = [
  ['name', 'Nama'],
  ['nip', 'NIP'],
  ['rank', 'Pangkat/Golongan'],
  ['position', 'Jabatan'],
] as const

/** Staff accounts (users without a facility), spec part 1: 'Data Master Petugas'. */
export const officerList = defineList<OfficerFilters, OfficerRow>({
  title: 'Data Master Petugas',
  subtitle: 'Daftar petugas laboratorium beserta NIP, pangkat, dan jabatan.',
  path: '/officer',
  recordName: 'Petugas',
  editTitle: 'Ubah Data Petugas',
  fileName: 'data-petugas',
  permission: 'officer.view',
  validator: vine.create({
    ...baseFilterSchema,
    name: text(),
    nip: text(),
    rank: text(),
    position: text(),
  }),

  query(filters) {
    const query = db
      .from('users')
      .select('id', 'name', 'nip', 'rank', 'position', 'email')
      .orderByRaw('lower(name)')
      .orderBy('id')
    const columnValues = COLUMN_FILTERS.map(([key]) => filters[key]).filter(
      (value): value is string => !!value
    )
    const filtered = !!filters.search || columnValues.length > 0
    if (filtered) {
      // Filtered, the matching rows are found first (search index or one pass over the table)
      // and then sorted; the unary plus keeps the planner from walking the whole staff-by-name
      // index row by row to test the filters instead, which is several times slower.
      query.whereRaw('+"fasyankes_id" IS NULL')
    } else {
      query.whereNull('fasyankes_id')
    }
    if (filters.search) whereSearch(query, 'users', OFFICER_SEARCH_COLUMNS, [filters.search])
    for (const [key] of COLUMN_FILTERS) whereContains(query, [key], filters[key])
    return query
  },

  row: ({ id, name, nip, rank, position, email }) => ({
    id: Number(id),
    name,
    nip,
    rank,
    position,
    email,
  }),

  sorts: {
    name: { label: 'Nama', column: 'name', text: true },
    nip: { label: 'NIP', column: 'nip' },
    rank: { label: 'Pangkat/Golongan', column: 'rank', text: true },
    position: { label: 'Jabatan', column: 'position', text: true },
  },

  columns: [
    { key: 'name', label: 'Nama', width: 2 },
    { key: 'nip', label: 'NIP', width: 1.5 },
    { key: 'rank', label: 'Pangkat/Golongan', width: 1.5 },
    { key: 'position', label: 'Jabatan', width: 2 },
    { key: 'email', label: 'Email', width: 2 },
  ],

  describeFilters(filters) {
    const applied = COLUMN_FILTERS.filter(([key]) => filters[key]).map(([key, label]) => ({
      label,
      value: filters[key]!,
    }))
    return filters.search ? [{ label: 'Pencarian', value: filters.search }, ...applied] : applied
  },
})
