import db from '@adonisjs/lucid/services/db'
import { ALKES_SEARCH_COLUMNS } from '#database/search_columns'
import { ALKES_LABORATORIES, LABORATORY_LABELS } from '#enums/master_data'
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
import {
  offeredColumn,
  offeredFor,
  serviceFields,
  type ServiceField,
} from '#queries/alkes/services'
import AlkesRowTransformer from '#transformers/lists/alkes_row_transformer'

export type AlkesFilters = FilterValues<typeof ALKES_FILTERS.fields> & {
  limit?: number
  page?: number
}

/** A row of the list: its transformer's (`app/transformers/lists/alkes_row_transformer.ts`). */
export type AlkesRow = ReturnType<AlkesRowTransformer['toObject']>

/** The filters and export columns, of the types known when the list is defined. */
const SERVICES = serviceFields()

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
        ...serviceFields().map(({ type, field }) => offeredColumn(type, field, 'alkes.id'))
      )
      .orderByRaw('lower(name)')
      .orderBy('id')
    return ALKES_FILTERS.narrow(query, filters)
  },

  row: (raw) => new AlkesRowTransformer(raw).toObject(),

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
