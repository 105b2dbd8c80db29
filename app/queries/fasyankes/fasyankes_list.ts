import vine from '@vinejs/vine'
import db from '@adonisjs/lucid/services/db'
import { FASYANKES_TYPES } from '#enums/fasyankes'
import { whereContains } from '#lists/datatable'
import { defineList } from '#lists/list_definition'
import {
  listFilter,
  listFilters,
  recordField,
  searchField,
  textField,
  type FilterValues,
} from '#lists/filters'
import { joinFacilityPlace } from '#queries/orders/joins'
import FasyankesRowTransformer from '#transformers/lists/fasyankes_row_transformer'

/** What the list's search box looks in. */
const SEARCH_COLUMNS = ['f.fasyankes_name', 'f.address', 'f.pic', 'r.name', 'u.email']

/** The list's filters, in the order the exports print them. */
const FASYANKES_FILTERS = listFilters({
  search: searchField((query, value) => whereContains(query, SEARCH_COLUMNS, value)),
  name: textField('Nama', ['f.fasyankes_name']),
  category: recordField('Kategori', 'f.category_id', 'fasyankes_categories'),
  class: recordField('Kelas', 'f.class_id', 'fasyankes_classes'),
  type: listFilter({
    schema: vine.enum(FASYANKES_TYPES).optional(),
    label: 'Jenis',
    where: (query, value) => query.where('f.type', value),
  }),
  province: listFilter({
    schema: vine.string().trim().maxLength(5).optional(),
    label: 'Provinsi',
    where: (query, value) => query.where('f.province_code', value),
    print: async (code) => {
      const row = await db.from('provinces').where('code', code).first()
      return row?.name ?? code
    },
  }),
})

export type FasyankesFilters = FilterValues<typeof FASYANKES_FILTERS.fields> & {
  limit?: number
  page?: number
}

/** A row of the list: its transformer's (`app/transformers/lists/fasyankes_row_transformer.ts`). */
export type FasyankesRow = ReturnType<FasyankesRowTransformer['toObject']>

/** Facilities with their region, category, class and login email (spec part 1, Fasyankes). */
export const fasyankesList = defineList<FasyankesFilters, FasyankesRow>({
  title: 'Data Fasyankes',
  subtitle: 'Fasilitas pelayanan kesehatan pengguna layanan beserta akunnya.',
  path: '/fasyankes/data',
  recordName: 'Fasyankes',
  fileName: 'data-fasyankes',
  permission: 'fasyankes.view',
  filters: FASYANKES_FILTERS,

  query(filters) {
    const query = joinFacilityPlace(db.from('fasyankes as f'))
      .leftJoin('fasyankes_categories as c', 'c.id', 'f.category_id')
      .leftJoin('fasyankes_classes as k', 'k.id', 'f.class_id')
      .leftJoin('users as u', 'u.fasyankes_id', 'f.id')
      .select(
        'f.*',
        'p.name as province_name',
        'r.name as city_name',
        'c.name as category_name',
        'k.name as class_name',
        'u.email'
      )
      .orderByRaw('lower(f.fasyankes_name)')
      .orderBy('f.id')
    return FASYANKES_FILTERS.narrow(query, filters)
  },

  row: (raw) => new FasyankesRowTransformer(raw).toObject(),

  sorts: {
    fasyankes_name: { label: 'Nama Fasyankes', column: 'f.fasyankes_name', text: true },
    type: { label: 'Jenis', column: 'f.type' },
  },
  idColumn: 'f.id',

  columns: [
    { key: 'fasyankes_name', label: 'Nama Fasyankes', width: 2.5 },
    { key: 'category', label: 'Kategori', value: (row) => row.category?.name ?? null },
    { key: 'class', label: 'Kelas', value: (row) => row.class?.name ?? null },
    { key: 'type', label: 'Jenis', width: 0.8 },
    { key: 'province', label: 'Provinsi', width: 1.3 },
    { key: 'city', label: 'Kabupaten/Kota', width: 1.5 },
    { key: 'address', label: 'Alamat', width: 2.5 },
    { key: 'phone', label: 'Telepon' },
    { key: 'pic', label: 'Penanggung Jawab', width: 1.5 },
    { key: 'email', label: 'Email Akun', width: 1.8 },
  ],
})
