import db from '@adonisjs/lucid/services/db'
import { servicesPerFacility } from '#queries/reports/counted_services'
import { labYearOf, yearsOf, type ReportFilters } from '#queries/reports/report_filters'
import { categoriesOf, facilityPlaces, NO_REGION, regionNames } from '#queries/reports/regions'

/**
 * Spec: /api/report/yearly/city, every year of data: for each city (of the chosen province, or
 * of every province), each year's services per facility category and in all. With calculation
 * `fasyankes` a cell counts facilities served, so a total counts each facility once.
 */
export interface YearCell {
  categories: number[]
  total: number
}

export async function yearlyCity(filters: ReportFilters) {
  // The years of data, from the first and the last order (the two ends of an index), each
  // read as its own range of the report index (services per facility, year by year).
  const ends = await db.from('orders').min('created_at as first').max('created_at as last').first()
  const [first, last] = [labYearOf(ends?.first), labYearOf(ends?.last)]
  const rows: { id: number; year: number; services: number }[] = []
  for (const year of first && last ? yearsOf(first, last) : []) {
    const services = await servicesPerFacility({
      ...filters,
      startDate: `${year.key}-01-01`,
      endDate: `${year.key}-12-31`,
      from: year.from,
      until: year.until,
    })
    for (const [id, count] of services) rows.push({ id, year: Number(year.key), services: count })
  }
  const places = await facilityPlaces(filters.province)
  const [categories, cityNames, provinceNames] = await Promise.all([
    categoriesOf(places),
    regionNames('city', filters.province),
    regionNames('province', filters.province),
  ])

  const served = rows.filter((row) => places.has(row.id))
  const years = [...new Set(served.map((row) => row.year))].sort()
  const yearIndex = new Map(years.map((value, index) => [value, index]))
  const column = new Map(categories.map((category, index) => [category.id, index]))
  const byFacility = filters.calculation === 'fasyankes'

  /** A city's (or all cities') cells per year, the facilities it served, its total. */
  const area = () => ({
    reports: years.map((): YearCell => ({ categories: categories.map(() => 0), total: 0 })),
    facilities: new Set<number>(),
    total: 0,
  })
  const cities = new Map<string | null, ReturnType<typeof area>>()
  const totals = area()
  for (const row of served) {
    const place = places.get(row.id)!
    const city = cities.get(place.city) ?? area()
    cities.set(place.city, city)
    const value = byFacility ? 1 : row.services
    const index = yearIndex.get(row.year)!
    const category = column.get(place.category)!
    for (const target of [city, totals]) {
      target.reports[index].categories[category] += value
      target.reports[index].total += value
      target.facilities.add(row.id)
      if (!byFacility) target.total += value
    }
  }

  const provinceOfCity = (code: string | null) =>
    code ? (provinceNames.get(code.slice(0, 2)) ?? null) : null
  return {
    calculation_type: filters.calculation,
    categories,
    years,
    cities: [...cities.entries()]
      .map(([code, city]) => ({
        code,
        name: code ? (cityNames.get(code) ?? code) : NO_REGION,
        province: provinceOfCity(code),
        reports: city.reports,
        total: byFacility ? city.facilities.size : city.total,
      }))
      .sort((a, b) => b.total - a.total || a.name.localeCompare(b.name, 'id')),
    totals: {
      reports: totals.reports,
      total: byFacility ? totals.facilities.size : totals.total,
    },
  }
}
