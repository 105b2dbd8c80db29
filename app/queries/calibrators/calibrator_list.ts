import { number } from '#validators/rules/number'
import db from '@adonisjs/lucid/services/db'
import { CALIBRATOR_CONDITIONS, CONDITION_LABELS } from '#enums/master_data'
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
import CalibratorRowTransformer from '#transformers/lists/calibrator_row_transformer'

/** A row of the list: its transformer's (`app/transformers/lists/calibrator_row_transformer.ts`). */
export type CalibratorRow = ReturnType<CalibratorRowTransformer['toObject']>

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

  row: (raw) => new CalibratorRowTransformer(raw).toObject(),

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
