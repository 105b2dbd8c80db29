import vine from '@vinejs/vine'
import db from '@adonisjs/lucid/services/db'
import { ALKES_SEARCH_COLUMNS } from '#database/search_columns'
import { ALKES_LABORATORIES, LABORATORY_LABELS, type AlkesLaboratory } from '#enums/master_data'
import { baseFilterSchema, whereContains, whereSearch, typedColumn } from '#lists/datatable'
import { defineList } from '#lists/list_definition'
import { numberFilter, textFilter, whereYesNo, yesNoFilter, yesNoLabel } from '#lists/filters'
import { formatRupiah } from '#services/format'
import type { AppliedFilter } from '#lists/types'
import type { OrderType } from '#enums/order_types'
import { offeredFor } from '#queries/alkes/services'
import { deviceServices, type ORDER_TYPE_INFO } from '#workflows/order_types'

type ServiceField = (typeof ORDER_TYPE_INFO)[OrderType]['serviceField']

/** Its services, as the spec names them: a yes/no filter and flag per order type. */
type ServiceFlags<T> = { [field in ServiceField]?: T }
type FormattedServices = { [field in ServiceField as `formatted_${field}`]: string }

export interface AlkesFilters extends ServiceFlags<string> {
  search?: string
  limit?: number
  page?: number
  laboratory?: AlkesLaboratory
  pengujian_is_kan?: string
  kalibrasi_is_kan?: string
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
  pengujian_is_kan: boolean
  kalibrasi_is_kan: boolean
  has_laik_description: boolean
  formatted_is_tuntung_seharian: string
  formatted_has_pengujian: string
  formatted_has_kalibrasi: string
} & Required<ServiceFlags<boolean>> &
  FormattedServices

const yesNo = (value: boolean) => (value ? 'Ya' : 'Tidak')

/**
 * The yes/no flags of the device type's own row: filter name, column, label, and the row's
 * printed value (the spec spells tuntung 'saharian' in the filter).
 */
const FLAG_FILTERS = [
  ['pengujian_is_kan', 'pengujian_is_kan', 'Pengujian KAN', 'formatted_has_pengujian'],
  ['kalibrasi_is_kan', 'kalibrasi_is_kan', 'Kalibrasi KAN', 'formatted_has_kalibrasi'],
  [
    'is_tuntung_saharian',
    'is_tuntung_seharian',
    'Tuntung Saharian',
    'formatted_is_tuntung_seharian',
  ],
] as const

/**
 * Its services (`alkes_services`): one yes/no flag per order type, named by the registry (read
 * each time, so every registered type has its flag in the rows).
 */
const services = () =>
  deviceServices().map(({ type, field, title }) => ({
    type,
    field: field as ServiceField,
    label: title,
    formatted: `formatted_${field}` as keyof FormattedServices,
  }))
/** The filters and export columns, of the types known when the list is defined. */
const SERVICES = services()

/** Whether a device type is offered for `type`, as a column of the list's query. */
const offeredColumn = (type: OrderType, field: string) =>
  db.raw(
    `EXISTS (SELECT 1 FROM alkes_services s WHERE s.alkes_id = alkes.id AND s.order_type = ?) AS ${field}`,
    [type]
  )

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
    ...(Object.fromEntries(SERVICES.map(({ field }) => [field, yesNoFilter()])) as {
      [field in ServiceField]: ReturnType<typeof yesNoFilter>
    }),
    is_tuntung_saharian: yesNoFilter(),
    name: textFilter(),
    price: numberFilter(),
    minute_estimation: numberFilter(),
  }),

  query(filters) {
    // Names ignore case: "alat" sorts beside "Alat" (index alkes_name_lower_idx).
    const query = db
      .from('alkes')
      .select('alkes.*', ...services().map(({ type, field }) => offeredColumn(type, field)))
      .orderByRaw('lower(name)')
      .orderBy('id')
    if (filters.search) whereSearch(query, 'alkes', ALKES_SEARCH_COLUMNS, [filters.search])
    if (filters.laboratory) query.where('laboratory', filters.laboratory)
    for (const [key, column] of FLAG_FILTERS) whereYesNo(query, column, filters[key])
    for (const { type, field } of SERVICES) {
      const wanted = filters[field]
      if (wanted === '1') query.whereIn('id', offeredFor(type))
      if (wanted === '0') query.whereNotIn('id', offeredFor(type))
    }
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
      pengujian_is_kan: flag(raw.pengujian_is_kan),
      kalibrasi_is_kan: flag(raw.kalibrasi_is_kan),
      has_laik_description: flag(raw.has_laik_description),
    }
    const offered = Object.fromEntries(
      services().flatMap(({ field, formatted }) => [
        [field, flag(raw[field])],
        [formatted, yesNo(flag(raw[field]))],
      ])
    ) as Required<ServiceFlags<boolean>> & FormattedServices
    return {
      ...row,
      ...offered,
      formatted_price: formatRupiah(row.price),
      formatted_is_tuntung_seharian: yesNo(row.is_tuntung_seharian),
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
    ...FLAG_FILTERS.slice(0, 2).map(([, , label, key]) => ({ key, label, width: 0.8 })),
    ...SERVICES.map(({ label, formatted }) => ({ key: formatted, label, width: 0.8 })),
    ...FLAG_FILTERS.slice(2).map(([, , label, key]) => ({ key, label, width: 0.8 })),
    { key: 'recalibration_months', label: 'Rekalibrasi (bulan)', width: 0.8 },
  ],

  describeFilters(filters) {
    const applied: AppliedFilter[] = []
    if (filters.search) applied.push({ label: 'Pencarian', value: filters.search })
    if (filters.laboratory)
      applied.push({ label: 'Laboratorium', value: LABORATORY_LABELS[filters.laboratory] })
    const own = FLAG_FILTERS.map(([key, , label]) => ({ key, label }))
    const flags = [
      ...own.slice(0, 2),
      ...SERVICES.map(({ field, label }) => ({ key: field, label })),
      ...own.slice(2),
    ]
    for (const { key, label } of flags) {
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
