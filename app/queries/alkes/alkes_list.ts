import vine from '@vinejs/vine'
import db from '@adonisjs/lucid/services/db'
import { ALKES_SEARCH_COLUMNS } from '#database/search_columns'
import { ALKES_LABORATORIES, LABORATORY_LABELS, type AlkesLaboratory } from '#enums/master_data'
import { baseFilterSchema, whereContains, whereSearch, typedColumn } from '#lists/datatable'
import { defineList } from '#lists/list_definition'
import { numberFilter, textFilter, whereYesNo, yesNoFilter, yesNoLabel } from '#lists/filters'
import { formatRupiah } from '#services/format'
import type { AppliedFilter } from '#lists/types'

export interface AlkesFilters {
  search?: string
  limit?: number
  page?: number
  laboratory?: AlkesLaboratory
  pengujian_is_kan?: string
  kalibrasi_is_kan?: string
  is_internal?: string
  is_insitu?: string
  is_tuntung_saharian?: string
  name?: string
  price?: number
  minute_estimation?: number
}

export type AlkesRow = {
  id: number
  name: string
  laboratory: AlkesLaboratory
  category: string | null
  price: number
  formatted_price: string
  minute_estimation: number
  alkes_code: string
  mk_code: string | null
  aspak_code: string | null
  certificate_number: string | null
  total_page: number | null
  recalibration_months: number
  is_tuntung_seharian: boolean
  is_internal: boolean
  is_insitu: boolean
  pengujian_is_kan: boolean
  kalibrasi_is_kan: boolean
  has_laik_description: boolean
  formatted_is_tuntung_seharian: string
  formatted_is_internal: string
  formatted_is_insitu: string
  formatted_has_pengujian: string
  formatted_has_kalibrasi: string
}

const yesNo = (value: boolean) => (value ? 'Ya' : 'Tidak')

/** The spec's boolean filters: query name and column (the spec spells tuntung 'saharian' in the filter). */
/** The yes/no flags: filter name, column, label, and the row's printed value. */
const FLAG_FILTERS = [
  ['pengujian_is_kan', 'pengujian_is_kan', 'Pengujian KAN', 'formatted_has_pengujian'],
  ['kalibrasi_is_kan', 'kalibrasi_is_kan', 'Kalibrasi KAN', 'formatted_has_kalibrasi'],
  ['is_internal', 'is_internal', 'Alat Datang', 'formatted_is_internal'],
  ['is_insitu', 'is_insitu', 'Insitu', 'formatted_is_insitu'],
  [
    'is_tuntung_saharian',
    'is_tuntung_seharian',
    'Tuntung Saharian',
    'formatted_is_tuntung_seharian',
  ],
] as const

export const alkesList = defineList<AlkesFilters, AlkesRow>({
  title: 'Data Alkes',
  subtitle: 'Jenis alat kesehatan, tarif layanan, dan estimasi waktu pengerjaan.',
  path: '/alkes/data',
  recordName: 'Alkes',
  fileName: 'data-alkes',
  permission: 'alkes.view',
  validator: vine.create({
    ...baseFilterSchema,
    laboratory: vine.enum(ALKES_LABORATORIES).optional(),
    pengujian_is_kan: yesNoFilter(),
    kalibrasi_is_kan: yesNoFilter(),
    is_internal: yesNoFilter(),
    is_insitu: yesNoFilter(),
    is_tuntung_saharian: yesNoFilter(),
    name: textFilter(),
    price: numberFilter(),
    minute_estimation: numberFilter(),
  }),

  query(filters) {
    // Names ignore case: "alat" sorts beside "Alat" (index alkes_name_lower_idx).
    const query = db.from('alkes').select('*').orderByRaw('lower(name)').orderBy('id')
    if (filters.search) whereSearch(query, 'alkes', ALKES_SEARCH_COLUMNS, [filters.search])
    if (filters.laboratory) query.where('laboratory', filters.laboratory)
    for (const [key, column] of FLAG_FILTERS) whereYesNo(query, column, filters[key])
    whereContains(query, ['name'], filters.name)
    if (filters.price !== undefined) query.where('price', filters.price)
    if (filters.minute_estimation !== undefined)
      query.where('minute_estimation', filters.minute_estimation)
    return query
  },

  row: (raw) => {
    const flag = (value: unknown) => Boolean(Number(value))
    const row = {
      id: Number(raw.id),
      name: raw.name,
      laboratory: raw.laboratory,
      category: raw.category,
      price: Number(raw.price),
      minute_estimation: Number(raw.minute_estimation),
      alkes_code: raw.alkes_code,
      mk_code: raw.mk_code,
      aspak_code: raw.aspak_code,
      certificate_number: raw.certificate_number,
      total_page: raw.total_page === null ? null : Number(raw.total_page),
      recalibration_months: Number(raw.recalibration_months),
      is_tuntung_seharian: flag(raw.is_tuntung_seharian),
      is_internal: flag(raw.is_internal),
      is_insitu: flag(raw.is_insitu),
      pengujian_is_kan: flag(raw.pengujian_is_kan),
      kalibrasi_is_kan: flag(raw.kalibrasi_is_kan),
      has_laik_description: flag(raw.has_laik_description),
    }
    return {
      ...row,
      formatted_price: formatRupiah(row.price),
      formatted_is_tuntung_seharian: yesNo(row.is_tuntung_seharian),
      formatted_is_internal: yesNo(row.is_internal),
      formatted_is_insitu: yesNo(row.is_insitu),
      formatted_has_pengujian: yesNo(row.pengujian_is_kan),
      formatted_has_kalibrasi: yesNo(row.kalibrasi_is_kan),
    }
  },

  sorts: {
    name: { label: 'Nama Alkes', column: 'name', text: true },
    formatted_price: { label: 'Tarif', column: 'price' },
    minute_estimation: { label: 'Estimasi (menit)', column: 'minute_estimation' },
  },

  columns: [
    { key: 'alkes_code', label: 'Kode', width: 0.8 },
    { key: 'name', label: 'Nama Alkes', width: 2.5 },
    { key: 'laboratory', label: 'Lab', width: 0.7 },
    { key: 'category', label: 'Kategori', width: 1.2 },
    typedColumn('formatted_price', 'Tarif', 1.1, 'rupiah', (row) => row.price),
    typedColumn(
      'minute_estimation',
      'Estimasi (menit)',
      0.9,
      'number',
      (row) => row.minute_estimation
    ),
    ...FLAG_FILTERS.map(([, , label, key]) => ({ key, label, width: 0.8 })),
    { key: 'recalibration_months', label: 'Rekalibrasi (bulan)', width: 0.8 },
  ],

  describeFilters(filters) {
    const applied: AppliedFilter[] = []
    if (filters.search) applied.push({ label: 'Pencarian', value: filters.search })
    if (filters.laboratory)
      applied.push({ label: 'Laboratorium', value: LABORATORY_LABELS[filters.laboratory] })
    for (const [key, , label] of FLAG_FILTERS) {
      const value = filters[key]
      if (value && value !== 'ALL') applied.push({ label, value: yesNoLabel(value) })
    }
    if (filters.name) applied.push({ label: 'Nama', value: filters.name })
    if (filters.price !== undefined)
      applied.push({ label: 'Tarif', value: formatRupiah(filters.price) })
    if (filters.minute_estimation !== undefined) {
      applied.push({ label: 'Estimasi (menit)', value: String(filters.minute_estimation) })
    }
    return applied
  },
})
