import { rankAlkes, rankFacilities } from '#queries/reports/rankings'
import { cityTable, provinceTable } from '#queries/reports/region_tables'
import { monthlyAlkes } from '#queries/reports/monthly_alkes'
import { yearlyCity } from '#queries/reports/yearly_city'
import { satisfactionIndex } from '#queries/reports/satisfaction'
import type { ReportFilters } from '#queries/reports/report_filters'

/**
 * The report calls of spec part 2 section 7, `GET /api/report/{path}`, each answering
 * `{ data }` for the validated filters, plus the satisfaction index of the questionnaire.
 */
export const REPORT_CALLS: Record<string, (filters: ReportFilters) => Promise<unknown>> = {
  'alkespk/top': (filters) => rankAlkes(filters, 'top'),
  'alkespk/lowest': (filters) => rankAlkes(filters, 'lowest'),
  'alkespk/monthly': monthlyAlkes,
  'alkespk/province': (filters) => provinceTable(filters, 'pk'),
  'service/top': (filters) => rankFacilities(filters, 'top'),
  'service/lowest': (filters) => rankFacilities(filters, 'lowest'),
  'service/province': (filters) => provinceTable(filters),
  'service/city': cityTable,
  'yearly/city': yearlyCity,
  'satisfaction': satisfactionIndex,
}
