import db from '@adonisjs/lucid/services/db'
import { whereSearch } from '#lists/datatable'
import { OFFICER_SEARCH_COLUMNS } from '#database/search_columns'
import { defineList } from '#lists/list_definition'
import { listFilters, searchField, textField, type FilterValues } from '#lists/filters'
import OfficerRowTransformer from '#transformers/lists/officer_row_transformer'

/** The list's filters, in the order the exports print them. */
const OFFICER_FILTERS = listFilters({
  search: searchField((query, value) =>
    whereSearch(query, 'users', OFFICER_SEARCH_COLUMNS, [value])
  ),
  name: textField('Nama', ['name']),
  nip: textField('NIP', ['nip']),
  rank: textField('Pangkat/Golongan', ['rank']),
  position: textField('Jabatan', ['position']),
})

export type OfficerFilters = FilterValues<typeof OFFICER_FILTERS.fields> & {
  limit?: number
  page?: number
}

/** A row of the list: its transformer's (`app/transformers/lists/officer_row_transformer.ts`). */
export type OfficerRow = ReturnType<OfficerRowTransformer['toObject']>

/** Staff accounts (users without a facility), spec part 1: 'Data Master Petugas'. */
export const officerList = defineList<OfficerFilters, OfficerRow>({
  title: 'Data Master Petugas',
  subtitle: 'Daftar petugas laboratorium beserta NIP, pangkat, dan jabatan.',
  path: '/officer',
  recordName: 'Petugas',
  editTitle: 'Ubah Data Petugas',
  fileName: 'data-petugas',
  permission: 'officer.view',
  filters: OFFICER_FILTERS,

  query(filters) {
    const query = db
      .from('users')
      .select('id', 'name', 'nip', 'rank', 'position', 'email')
      .orderByRaw('lower(name)')
      .orderBy('id')
    const filtered = Object.keys(OFFICER_FILTERS.fields).some(
      (key) => filters[key as keyof OfficerFilters]
    )
    if (filtered) {
      // Filtered, the matching rows are found first (search index or one pass over the table)
      // and then sorted; the unary plus keeps the planner from walking the whole staff-by-name
      // index row by row to test the filters instead, which is several times slower.
      query.whereRaw('+"fasyankes_id" IS NULL')
    } else {
      query.whereNull('fasyankes_id')
    }
    return OFFICER_FILTERS.narrow(query, filters)
  },

  row: (raw) => new OfficerRowTransformer(raw).toObject(),

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
})
