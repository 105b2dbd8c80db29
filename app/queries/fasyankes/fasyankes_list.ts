import vine from '@vinejs/vine'
import { number } from '#validators/rules/number'
import db from '@adonisjs/lucid/services/db'
import { FASYANKES_TYPES } from '#enums/fasyankes'
import { baseFilterSchema, whereContains } from '#lists/datatable'
import { defineList } from '#lists/list_definition'
import { textFilter } from '#lists/filters'
import { joinFacilityPlace } from '#queries/orders/joins'

/** What the list's search box looks in. */
const SEARCH_COLUMNS = ['f.fasyankes_name', 'f.address', 'f.pic', 'r.name', 'u.email']

export interface FasyankesFilters {
  search?: string
  limit?: number
  page?: number
  category?: number
  class?: number
  type?: (typeof FASYANKES_TYPES)[number]
  name?: string
  province?: string
}

export type FasyankesRow = {
  id: number
  fasyankes_name: string
  phone: string | null
  address: string | null
  type: string
  province: string | null
  province_code: string | null
  city: string | null
  city_code: string | null
  category: { id: number; name: string } | null
  class: { id: number; name: string } | null
  pic: string | null
  pic_phone: string | null
  email: string | null
  latitude: number | null
  longitude: number | null
}

/** Facilities with their region, category, class and login email (spec part 1, Fasyankes). */
export const fasyankesList = defineList<FasyankesFilters, FasyankesRow>({
  title: 'Data Fasyankes',
  subtitle: 'Fasilitas pelayanan kesehatan pengguna layanan beserta akunnya.',
  path: '/fasyankes/data',
  recordName: 'Fasyankes',
  fileName: 'data-fasyankes',
  permission: 'fasyankes.view',
  validator: vine.create({
    ...baseFilterSchema,
    category: number().withoutDecimals().min(1).optional(),
    class: number().withoutDecimals().min(1).optional(),
    type: vine.enum(FASYANKES_TYPES).optional(),
    name: textFilter(),
    province: vine.string().trim().maxLength(5).optional(),
  }),

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
    whereContains(query, SEARCH_COLUMNS, filters.search)
    whereContains(query, ['f.fasyankes_name'], filters.name)
    if (filters.category) query.where('f.category_id', filters.category)
    if (filters.class) query.where('f.class_id', filters.class)
    if (filters.type) query.where('f.type', filters.type)
    if (filters.province) query.where('f.province_code', filters.province)
    return query
  },

  row: (raw) => ({
    id: Number(raw.id),
    fasyankes_name: raw.fasyankes_name,
    phone: raw.phone,
    address: raw.address,
    type: raw.type,
    province: raw.province_name,
    province_code: raw.province_code,
    city: raw.city_name,
    city_code: raw.city_code,
    category: raw.category_id ? { id: Number(raw.category_id), name: raw.category_name } : null,
    class: raw.class_id ? { id: Number(raw.class_id), name: raw.class_name } : null,
    pic: raw.pic,
    pic_phone: raw.pic_phone,
    email: raw.email,
    latitude: raw.latitude === null ? null : Number(raw.latitude),
    longitude: raw.longitude === null ? null : Number(raw.longitude),
  }),

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

  async describeFilters(filters) {
    const applied = []
    if (filters.search) applied.push({ label: 'Pencarian', value: filters.search })
    if (filters.name) applied.push({ label: 'Nama', value: filters.name })
    if (filters.category) {
      const row = await db.from('fasyankes_categories').where('id', filters.category).first()
      applied.push({ label: 'Kategori', value: row?.name ?? String(filters.category) })
    }
    if (filters.class) {
      const row = await db.from('fasyankes_classes').where('id', filters.class).first()
      applied.push({ label: 'Kelas', value: row?.name ?? String(filters.class) })
    }
    if (filters.type) applied.push({ label: 'Jenis', value: filters.type })
    if (filters.province) {
      const row = await db.from('provinces').where('code', filters.province).first()
      applied.push({ label: 'Provinsi', value: row?.name ?? filters.province })
    }
    return applied
  },
})
