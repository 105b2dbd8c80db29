import db from '@adonisjs/lucid/services/db'
import {
  countLines,
  monthOfDate,
  periodOf,
  type LineCount,
} from '#queries/reports/counted_services'
import { monthsOf, type ReportFilters } from '#queries/reports/report_filters'
import { keptDeviceServices, overRange } from '#queries/reports/kept_counts'

/**
 * Spec: /api/report/alkespk/monthly, PK device types by month, each month split into M (masuk:
 * services requested that month) and H (hasil: services finished that month, by the
 * worksheet's work date). docs/decisions.md (issue 14) records this reading of "H and M".
 */
export interface HM {
  H: number
  M: number
}

/**
 * A lab's counted lines per device type and month, M or H: whole months from the kept counts,
 * the days around them from the lines.
 */
async function perMonth(filters: ReportFilters, lab: string, half: keyof HM) {
  return overRange<LineCount>(
    filters,
    async (kept) => {
      const measure = half === 'M' ? 'ordered' : 'finished'
      const months = await keptDeviceServices(filters, kept, lab, measure)
      return months.map((row) => ({ keys: [row.alkesId, row.month], count: row.count }))
    },
    (part) => {
      if (half === 'H') {
        const keys = (query: Parameters<typeof monthOfDate>[0]) => [
          'd.alkes_id',
          monthOfDate(query, 'd.work_date'),
        ]
        return countLines(part, lab, keys, { finished: true })
      }
      const months = monthsOf(part.startDate, part.endDate)
      return countLines(part, lab, (query) => [
        'd.alkes_id',
        periodOf(query, 'd.ordered_at', months),
      ])
    }
  )
}

export async function monthlyAlkes(filters: ReportFilters) {
  const months = monthsOf(filters.startDate, filters.endDate)
  const requested = await perMonth(filters, 'pk', 'M')
  const finished = await perMonth(filters, 'pk', 'H')
  const column = new Map(months.map((month, index) => [month.key, index]))
  const perAlkes = new Map<number, HM[]>()
  const add = (lines: LineCount[], half: keyof HM) => {
    for (const { keys, count } of lines) {
      const index = column.get(String(keys[1]))
      if (index === undefined) continue
      const id = Number(keys[0])
      const cells = perAlkes.get(id) ?? months.map(() => ({ H: 0, M: 0 }))
      perAlkes.set(id, cells)
      cells[index][half] += count
    }
  }
  add(requested, 'M')
  add(finished, 'H')

  const names = new Map<number, string>()
  if (perAlkes.size) {
    const found = await db
      .from('alkes')
      .whereIn('id', [...perAlkes.keys()])
      .select('id', 'name')
    for (const row of found) names.set(Number(row.id), row.name)
  }
  const sum = (cells: HM[]) =>
    cells.reduce((total, cell) => ({ H: total.H + cell.H, M: total.M + cell.M }), { H: 0, M: 0 })
  const alkes = [...perAlkes.entries()]
    .map(([id, reports]) => ({ id, name: names.get(id) ?? '-', reports, total: sum(reports) }))
    .sort((a, b) => b.total.M - a.total.M || b.total.H - a.total.H || a.name.localeCompare(b.name))
  const totals = months.map((_, index) => sum(alkes.map((row) => row.reports[index])))
  return {
    months: months.map(({ key, label }) => ({ key, label })),
    alkes,
    totals,
    total: sum(totals),
  }
}
