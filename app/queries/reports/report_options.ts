import db from '@adonisjs/lucid/services/db'
import { labNow } from '#services/format'
import {
  CALCULATION_LABELS,
  CALCULATION_TYPES,
  ORDER_TYPE_FILTER_LABELS,
  ORDER_TYPE_FILTERS,
} from '#queries/reports/report_filters'

/** What a report page's filter form offers, and its defaults (spec part 2 section 9). */
export async function reportOptions() {
  const today = labNow()
  const provinces = await db.from('provinces').select('code', 'name').orderBy('name')
  return {
    defaults: {
      start_date: today.startOf('year').toISODate()!,
      end_date: today.toISODate()!,
      order_type: 'ALL',
      province: 'ALL',
      calculation_type: 'alkes',
    },
    orderTypes: ORDER_TYPE_FILTERS.map((value) => ({
      value,
      label: ORDER_TYPE_FILTER_LABELS[value],
    })),
    calculationTypes: CALCULATION_TYPES.map((value) => ({
      value,
      label: CALCULATION_LABELS[value],
    })),
    provinces: [
      { value: 'ALL', label: 'Semua' },
      ...provinces.map((row) => ({ value: row.code as string, label: row.name as string })),
    ],
  }
}
