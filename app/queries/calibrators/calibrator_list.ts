import { urlFor } from '@adonisjs/core/services/url_builder'
import { number } from '#validators/rules/number'
import db from '@adonisjs/lucid/services/db'
import {
  CALIBRATOR_CONDITIONS,
  CONDITION_LABELS,
  type CalibratorCondition,
} from '#enums/master_data'
import { whereContains, typedColumn } from '#lists/datatable'
import { defineList } from '#lists/list_definition'
import {
  choiceField,
  listFilter,
  listFilters,
  recordField,
  searchField,
  textField,
  yesNoField,
  type FilterValues,
} from '#lists/filters'
import { formatDate, isoDate } from '#services/format'

export type CalibratorRow = {
  id: number
  name: string
  merk: string | null
  type_model_category: string
  type_model: string | null
  serial_number: string
  channel_count: number
  bpfk_user_id: number | null
  bpfk_user: { id: number; name: string } | null
  unit: { id: number; name: string }
  calibrator_condition: CalibratorCondition
  formatted_calibrator_condition: string
  is_available: boolean
  formatted_is_available: string
  last_calibration_date: string | null
  next_calibration_date: string | null
  formatted_last_calibration_date: string
  formatted_next_calibration_date: string
  /** Its own calibration history (issue 15), shown to whoever may read the list. */
  history_href: string
}

/** What the list's search box looks in. */
const SEARCH_COLUMNS = ['c.name', 'c.merk', 'c.type_model', 'c.serial_number', 'n.name']

/** The list's filters, in the order the exports print them. */
const CALIBRATOR_FILTERS = listFilters({
  search: searchField((query, value) => whereContains(query, SEARCH_COLUMNS, value)),
  status: yesNoField('Status', 'c.is_available', { yes: 'Tersedia', no: 'Tidak Tersedia' }),
  condition: choiceField(
    'Kondisi',
    CALIBRATOR_CONDITIONS,
    'c.calibrator_condition',
    CONDITION_LABELS
  ),
  unit: recordField('Unit', 'c.unit_id', 'units'),
  name: textField('Nama', ['c.name']),
  merk: textField('Merk', ['c.merk']),
  model: textField('Tipe/Model', ['c.type_model']),
  serial_number: textField('Nomor Seri', ['c.serial_number']),
  channel_count: listFilter({
    schema: number().withoutDecimals().min(1).max(1000).optional(),
    label: 'Kanal',
    where: (query, value) => query.where('c.channel_count', value),
  }),
})

export type CalibratorFilters = FilterValues<typeof CALIBRATOR_FILTERS.fields> & {
  limit?: number
  page?: number
}

export const calibratorList = defineList<CalibratorFilters, CalibratorRow>({
  title: 'Data Kalibrator',
  subtitle: 'Kalibrator acuan milik tiap unit laboratorium.',
  path: '/calibrator/data',
  recordName: 'Kalibrator',
  fileName: 'data-kalibrator',
  permission: 'calibrator.view',
  filters: CALIBRATOR_FILTERS,

  query(filters) {
    const query = db
      .from('calibrators as c')
      .join('units as n', 'n.id', 'c.unit_id')
      .leftJoin('users as u', 'u.id', 'c.bpfk_user_id')
      .select('c.*', 'n.name as unit_name', 'u.name as bpfk_user_name')
      .orderByRaw('lower(c.name)')
      .orderBy('c.id')
    return CALIBRATOR_FILTERS.narrow(query, filters)
  },

  row: (raw) => {
    const available = Boolean(Number(raw.is_available))
    const condition = raw.calibrator_condition as CalibratorCondition
    const last = isoDate(raw.last_calibration_date)
    const next = isoDate(raw.next_calibration_date)
    return {
      id: Number(raw.id),
      name: raw.name,
      merk: raw.merk,
      type_model_category: raw.type_model_category,
      type_model: raw.type_model,
      serial_number: raw.serial_number,
      channel_count: Number(raw.channel_count),
      bpfk_user_id: raw.bpfk_user_id === null ? null : Number(raw.bpfk_user_id),
      bpfk_user: raw.bpfk_user_id
        ? { id: Number(raw.bpfk_user_id), name: raw.bpfk_user_name }
        : null,
      unit: { id: Number(raw.unit_id), name: raw.unit_name },
      calibrator_condition: condition,
      formatted_calibrator_condition: CONDITION_LABELS[condition] ?? condition,
      is_available: available,
      formatted_is_available: available ? 'Tersedia' : 'Tidak Tersedia',
      last_calibration_date: last,
      next_calibration_date: next,
      formatted_last_calibration_date: formatDate(last),
      formatted_next_calibration_date: formatDate(next),
      history_href: urlFor('calibrator.history', { id: raw.id }),
    }
  },

  sorts: {
    name: { label: 'Nama', column: 'c.name', text: true },
    merk: { label: 'Merk', column: 'c.merk', text: true },
    serial_number: { label: 'Nomor Seri', column: 'c.serial_number', text: true },
    channel_count: { label: 'Kanal', column: 'c.channel_count' },
  },
  idColumn: 'c.id',

  columns: [
    { key: 'name', label: 'Nama Kalibrator', width: 2 },
    { key: 'merk', label: 'Merk' },
    { key: 'type_model', label: 'Tipe/Model' },
    { key: 'serial_number', label: 'Nomor Seri', width: 1.2 },
    typedColumn('channel_count', 'Kanal', 0.5, 'number', (row) => row.channel_count),
    { key: 'unit', label: 'Unit', width: 0.7, value: (row) => row.unit.name },
    {
      key: 'bpfk_user',
      label: 'Penanggung Jawab',
      width: 1.5,
      value: (row) => row.bpfk_user?.name ?? null,
    },
    { key: 'formatted_calibrator_condition', label: 'Kondisi', width: 0.8 },
    { key: 'formatted_is_available', label: 'Status', width: 0.9 },
    typedColumn(
      'formatted_next_calibration_date',
      'Kalibrasi Berikutnya',
      1.2,
      'date',
      (row) => row.next_calibration_date
    ),
  ],
})
