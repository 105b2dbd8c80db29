import vine from '@vinejs/vine'
import { DateTime } from 'luxon'
import type User from '#models/user'
import { baseFilterSchema, typedColumn } from '#lists/datatable'
import { textFilter } from '#lists/filters'
import { defineList } from '#lists/list_definition'
import { labelledMessages } from '#validators/labelled_messages'
import { countRows } from '#lists/datatable'
import { planText } from '#lists/text_plan'
import {
  inventoryQuery,
  inventorySearchTest,
  namesContaining,
  seesFacilities,
  type InventoryFilters,
  type InventoryRow,
} from '#queries/monitoring/inventory_rows'
import type { AppliedFilter, ExportColumn } from '#lists/types'
import InventoryRowTransformer from '#transformers/lists/inventory_row_transformer'

/** The per-column filters: the query's name, its label in the exports' header. */
const TEXT_FILTERS = [
  ['fasyankes', 'Fasyankes'],
  ['alkes', 'Alat'],
  ['merk', 'Merk'],
  ['model', 'Tipe/Model'],
  ['serial_number', 'Nomor Seri'],
] as const

const validator = vine.create({
  ...baseFilterSchema,
  ...Object.fromEntries(TEXT_FILTERS.map(([key]) => [key, textFilter()])),
  calibration_month: vine
    .string()
    .trim()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/)
    .optional(),
})
validator.messagesProvider = labelledMessages({
  fasyankes: 'Fasyankes',
  alkes: 'Alat',
  model: 'Tipe/Model',
  calibration_month: 'Bulan kalibrasi (YYYY-MM)',
})

const FACILITY_COLUMN: ExportColumn<InventoryRow> = {
  key: 'fasyankes',
  label: 'Fasyankes',
  width: 2,
  value: (row) => row.fasyankes?.fasyankes_name ?? null,
}

const DEVICE_COLUMNS: ExportColumn<InventoryRow>[] = [
  { key: 'alkes', label: 'Alat', width: 1.8, value: (row) => row.alkes.name },
  { key: 'merk', label: 'Merk' },
  { key: 'type_model', label: 'Tipe/Model' },
  { key: 'serial_number', label: 'Nomor Seri', width: 1.2 },
  typedColumn(
    'formatted_last_calibration_date',
    'Kalibrasi Terakhir',
    1.2,
    'date',
    (row) => row.last_calibration_date
  ),
  typedColumn(
    'formatted_next_calibration_date',
    'Kalibrasi Berikutnya',
    1.2,
    'date',
    (row) => row.next_calibration_date
  ),
  typedColumn('day_counter', 'Hari', 0.6, 'number', (row) => row.day_counter),
  {
    key: 'mark',
    label: 'Keterangan',
    width: 1.2,
    value: (row) => (row.mark.state === 'scheduled' ? null : row.mark.label),
  },
]

/**
 * Spec part 1: 'Data Inventory Fasyankes'. The facility column is only for users who see
 * every facility (yantek and admin_pk), so the list comes in two shapes, with and without
 * it; `inventoryListFor` picks the user's, and the page, its JSON and both exports read
 * that one. The rows are scoped to a facility user's own facility in either.
 */
function inventoryListShape(withFacility: boolean) {
  return defineList<InventoryFilters, InventoryRow>({
    title: 'Data Inventory Fasyankes',
    subtitle: 'Alat kesehatan fasyankes beserta jadwal kalibrasi berikutnya.',
    path: '/fasyankes/inventory',
    fileName: 'inventory-fasyankes',
    defaultLimit: 20,
    permission: 'inventory.view',
    validator,

    query: (filters, user) => inventoryQuery(filters, user),
    row: (raw) => new InventoryRowTransformer(raw).toObject(),

    /** The search box is read by walking the list or from the indexes, as a sample decides. */
    async resolve(filters, user) {
      if (!filters.search?.trim()) return filters
      const { search, ...others } = filters
      const list = inventoryQuery(others, user)
      const searchOnly = TEXT_FILTERS.every(([key]) => !filters[key]) && !filters.calibration_month
      const names = await namesContaining(search, seesFacilities(user))
      const plan = await planText(
        list,
        inventorySearchTest(search, user, names),
        searchOnly ? () => countRows(list) : null,
        searchOnly
      )
      return { ...filters, text_plan: plan, search_names: names }
    },
    async total(filters) {
      return filters.text_plan?.total ?? null
    },

    sorts: {
      next_calibration_date: { label: 'Kalibrasi Berikutnya', column: 'i.next_calibration_date' },
      day_counter: { label: 'Hari', column: 'i.next_calibration_date' },
    },
    idColumn: 'i.id',
    keyset: { keys: ['i.next_calibration_date', 'i.id'], dir: 'asc' },

    columns: withFacility ? [FACILITY_COLUMN, ...DEVICE_COLUMNS] : DEVICE_COLUMNS,

    describeFilters(filters) {
      const applied: AppliedFilter[] = []
      if (filters.search) applied.push({ label: 'Pencarian', value: filters.search })
      for (const [key, label] of TEXT_FILTERS) {
        const value = filters[key]
        if (value && (withFacility || key !== 'fasyankes')) applied.push({ label, value })
      }
      if (filters.calibration_month) {
        const month = DateTime.fromISO(`${filters.calibration_month}-01`)
          .setLocale('id')
          .toFormat('LLLL yyyy')
        applied.push({ label: 'Bulan Kalibrasi Berikutnya', value: month })
      }
      return applied
    },
  })
}

const WITH_FACILITY = inventoryListShape(true)
const OWN_FACILITY = inventoryListShape(false)

/** The inventory list as this user may read it (with the facility column or without). */
export function inventoryListFor(user: User | undefined) {
  return seesFacilities(user) ? WITH_FACILITY : OWN_FACILITY
}
