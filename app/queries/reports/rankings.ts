import db from '@adonisjs/lucid/services/db'
import { countLines, servicesPerFacility } from '#queries/reports/counted_services'
import { keptDeviceServices, overRange, sumPerId } from '#queries/reports/kept_counts'
import type { ReportFilters } from '#queries/reports/report_filters'
import RankingTransformer from '#transformers/reports/ranking_transformer'

/** The spec's top and lowest lists: a facility or a device type, and its count of services. */
export type RankedItem = ReturnType<RankingTransformer['toObject']>

export const RANKED_ROWS = 10
export type Direction = 'top' | 'lowest'

/**
 * Facilities by their services in the range (every lab): the most served, or the least among
 * those served at all. Ties go to the lower id, so the list is the same on every call.
 */
export async function rankFacilities(filters: ReportFilters, direction: Direction) {
  const services = await servicesPerFacility(filters)
  return named(rank([...services], direction), 'fasyankes', 'fasyankes_name')
}

/**
 * PK device types by their services in the range (spec: alkes PK report): whole months from the
 * kept counts, the days around them from the lines.
 */
export async function rankAlkes(filters: ReportFilters, direction: Direction) {
  const pairs = await overRange(
    filters,
    async (kept) => {
      const months = await keptDeviceServices(filters, kept, 'pk', 'ordered')
      return months.map((row): [number, number] => [row.alkesId, row.count])
    },
    async (part) => {
      const lines = await countLines(part, 'pk', () => ['d.alkes_id'])
      return lines.map((line): [number, number] => [Number(line.keys[0]), line.count])
    }
  )
  return named(rank([...sumPerId(pairs)], direction), 'alkes', 'name')
}

/** The first ten of `[id, count]` pairs, most or fewest first, ties by id. */
function rank(entries: [number, number][], direction: Direction) {
  const sign = direction === 'top' ? -1 : 1
  return entries
    .map(([id, count]) => ({ id, count }))
    .sort((a, b) => sign * (a.count - b.count) || a.id - b.id)
    .slice(0, RANKED_ROWS)
}

async function named(rows: { id: number; count: number }[], table: string, column: string) {
  const names = new Map<number, string>()
  if (rows.length) {
    const found = await db
      .from(table)
      .whereIn(
        'id',
        rows.map((row) => row.id)
      )
      .select('id', `${column} as name`)
    for (const row of found) names.set(Number(row.id), row.name)
  }
  return rows.map((row) =>
    new RankingTransformer({
      id: row.id,
      name: names.get(Number(row.id)) ?? '-',
      count: row.count,
    }).toObject()
  )
}
