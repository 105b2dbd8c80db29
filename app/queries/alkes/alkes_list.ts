import db from '@adonisjs/lucid/services/db'
import { ALKES_SEARCH_COLUMNS } from '#database/search_columns'
import { ALKES_LABORATORIES, LABORATORY_LABELS, type AlkesLaboratory } from '#enums/master_data'
import { whereSearch, typedColumn } from '#lists/datatable'
import { defineList } from '#lists/list_definition'
import {
  choiceField,
  listFilter,
  listFilters,
  numberFilter,
  searchField,
  textField,
  yesNoField,
  yesNoFilter,
  yesNoLabel,
  type FilterValues,
} from '#lists/filters'
import { formatRupiah } from '#services/format'
import type { OrderType } from '#enums/order_types'
import { offeredColumn, offeredFor } from '#queries/alkes/services'
import { deviceServices, type ORDER_TYPE_INFO } from '#workflows/order_types'

type ServiceField = (typeof ORDER_TYPE_INFO)[OrderType]['serviceField']

/** Its services, as the spec names them: a yes/no filter and flag per order type. */
type ServiceFlags<T> = { [field in ServiceField]?: T }
type FormattedServices = { [field in ServiceField as `formatted_${field}`]: string }

export type AlkesFilters = FilterValues<typeof ALKES_FILTERS.fields> & {
  limit?: number
  page?: number
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

/** A service's filter: Ya, offered for that order type; Tidak, not offered. */
const serviceField = (type: OrderType, label: string) =>
  listFilter({
    schema: yesNoFilter(),
    label,
    where: (query, value) => {
      if (value === '1') query.whereIn('id', offeredFor(type))
      if (value === '0') query.whereNotIn('id', offeredFor(type))
    },
    print: (value) => (value === 'ALL' ? null : yesNoLabel(value)),
  })

/** A number a column must equal. */
const equalsField = (label: string, column: string, print = (value: number) => String(value)) =>
  listFilter({
    schema: numberFilter(),
    label,
    where: (query, value) => query.where(column, value),
    print,
  })

/**
 * The list's filters, in the order the exports print them (the spec spells tuntung
 * 'saharian' in the filter's name).
 */
const ALKES_FILTERS = listFilters({
  search: searchField((query, value) => whereSearch(query, 'alkes', ALKES_SEARCH_COLUMNS, [value])),
  laboratory: choiceField('Laboratorium', ALKES_LABORATORIES, 'laboratory', LABORATORY_LABELS),
  pengujian_is_kan: yesNoField('Pengujian KAN', 'pengujian_is_kan'),
  kalibrasi_is_kan: yesNoField('Kalibrasi KAN', 'kalibrasi_is_kan'),
  ...(Object.fromEntries(
    SERVICES.map(({ type, field, label }) => [field, serviceField(type, label)])
  ) as { [field in ServiceField]: ReturnType<typeof serviceField> }),
  is_tuntung_saharian: yesNoField('Tuntung Saharian', 'is_tuntung_seharian'),
  name: textField('Nama', ['name']),
  price: equalsField('Tarif', 'price', formatRupiah),
  minute_estimation: equalsField('Estimasi (menit)', 'minute_estimation'),
})

/** The yes/no columns of the exports: the device type's own flags around its services. */
const FLAG_COLUMNS = [
  { key: 'formatted_has_pengujian', label: 'Pengujian KAN' },
  { key: 'formatted_has_kalibrasi', label: 'Kalibrasi KAN' },
  ...SERVICES.map(({ label, formatted }) => ({ key: formatted, label })),
  { key: 'formatted_is_tuntung_seharian', label: 'Tuntung Saharian' },
]

export const alkesList = defineList<AlkesFilters, AlkesRow>({
  title: 'Data Alkes',
  subtitle: 'Jenis alat kesehatan, tarif layanan, dan estimasi waktu pengerjaan.',
  path: '/alkes/data',
  recordName: 'Alkes',
  fileName: 'data-alkes',
  permission: 'alkes.view',
  filters: ALKES_FILTERS,

  query(filters) {
    // Names ignore case: "alat" sorts beside "Alat" (index alkes_name_lower_idx).
    const query = db
      .from('alkes')
      .select(
        'alkes.*',
        ...services().map(({ type, field }) => offeredColumn(type, field, 'alkes.id'))
      )
      .orderByRaw('lower(name)')
      .orderBy('id')
    return ALKES_FILTERS.narrow(query, filters)
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
    ...FLAG_COLUMNS.map(({ key, label }) => ({ key, label, width: 0.8 })),
    { key: 'recalibration_months', label: 'Rekalibrasi (bulan)', width: 0.8 },
  ],
})
