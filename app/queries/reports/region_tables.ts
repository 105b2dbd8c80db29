import { servicesPerFacility } from '#queries/reports/counted_services'
import type { ReportFilters } from '#queries/reports/report_filters'
import {
  categoriesOf,
  facilityPlaces,
  NO_REGION,
  regionNames,
  type Category,
  type FacilityPlace,
} from '#queries/reports/regions'
import RegionRowTransformer, {
  type CoverageTone,
  type RegionCounts,
} from '#transformers/reports/region_row_transformer'

/**
 * The province and city tables: one row per region, one column per facility category. A
 * cell counts services (calculation `alkes`) or the facilities served (`fasyankes`). Each row
 * also shows its coverage: the facilities served out of those registered there, coloured as
 * spec part 2 section 9 says (0 red, below 50 yellow, below 80 blue, else green).
 */
export function coverageTone(percentage: number): CoverageTone {
  if (percentage <= 0) return 'red'
  if (percentage < 50) return 'amber'
  if (percentage < 80) return 'blue'
  return 'emerald'
}

export type RegionRow = ReturnType<RegionRowTransformer['toObject']>

type Totals = RegionCounts

function coverage(served: number, registered: number) {
  const percentage = registered ? Math.round((served / registered) * 1000) / 10 : 0
  return { percentage, tone: coverageTone(percentage) }
}

/** Rolls the facilities' services up into rows of a region level. */
function rollUp(
  places: Map<number, FacilityPlace>,
  services: Map<number, number>,
  categories: Category[],
  regionOf: (place: FacilityPlace) => string | null,
  calculation: ReportFilters['calculation']
) {
  const column = new Map(categories.map((category, index) => [category.id, index]))
  const rows = new Map<string | null, Totals>()
  const empty = (): Totals => ({
    reports: categories.map(() => 0),
    total: 0,
    registered: 0,
    served: 0,
    percentage: 0,
    tone: 'red',
  })
  const totals = empty()
  for (const [id, place] of places) {
    const key = regionOf(place)
    const row = rows.get(key) ?? empty()
    rows.set(key, row)
    row.registered++
    totals.registered++
    const count = services.get(id)
    if (!count) continue
    const value = calculation === 'alkes' ? count : 1
    const index = column.get(place.category)!
    for (const target of [row, totals]) {
      target.reports[index] += value
      target.total += value
      target.served++
    }
  }
  for (const row of [...rows.values(), totals]) {
    Object.assign(row, coverage(row.served, row.registered))
  }
  return { rows, totals }
}

async function regionTable(filters: ReportFilters, level: 'province' | 'city', lab?: string) {
  const [places, services] = await Promise.all([
    facilityPlaces(filters.province),
    servicesPerFacility(filters, lab),
  ])
  const [categories, names] = await Promise.all([
    categoriesOf(places),
    regionNames(level, filters.province),
  ])
  const { rows, totals } = rollUp(
    places,
    services,
    categories,
    (place) => place[level],
    filters.calculation
  )
  const regions = totals.total
    ? [...rows.entries()]
        .map(([code, counts]) =>
          new RegionRowTransformer({
            code,
            name: code ? (names.get(code) ?? code) : NO_REGION,
            counts,
          }).toObject()
        )
        .sort((a, b) => b.total - a.total || a.name.localeCompare(b.name, 'id'))
    : []
  const total = new RegionRowTransformer({ code: null, name: 'Total', counts: totals })
  return { categories, regions, totals: total.forTotals() }
}

/** Spec: /api/report/service/province and /alkespk/province (PK lines only). */
export async function provinceTable(filters: ReportFilters, lab?: string) {
  const { categories, regions, totals } = await regionTable(filters, 'province', lab)
  return { calculation_type: filters.calculation, categories, provinces: regions, totals }
}

/** Spec: /api/report/service/city, the cities of the chosen province (or of all). */
export async function cityTable(filters: ReportFilters) {
  const { categories, regions, totals } = await regionTable(filters, 'city')
  return { calculation_type: filters.calculation, categories, cities: regions, totals }
}
