import db from '@adonisjs/lucid/services/db'
import { FEEDBACK_GROUPS } from '#enums/feedback'
import { countedOrders, periodOf } from '#queries/reports/counted_services'
import { monthsOf, type ReportFilters } from '#queries/reports/report_filters'

/**
 * The satisfaction index of the feedback questionnaire (domain decisions: per group, in the
 * reports), per month of the range and over the whole range. A group's index is the mean of
 * its questions' ratings (1 to 5) times 20, so 100 means every answer was 5; the grade follows
 * the bands of the public-service satisfaction survey (PermenPAN-RB 14/2017).
 */
export const SATISFACTION_GRADES = [
  { min: 88.31, grade: 'A', label: 'Sangat Baik' },
  { min: 76.61, grade: 'B', label: 'Baik' },
  { min: 65, grade: 'C', label: 'Kurang Baik' },
  { min: 0, grade: 'D', label: 'Tidak Baik' },
] as const

export interface IndexValue {
  index: number | null
  grade: string | null
  grade_label: string | null
  responses: number
}

class Mean {
  sum = 0
  count = 0
  add(value: number) {
    this.sum += value
    this.count++
  }
}

export function indexOf(mean: Mean, responses: number): IndexValue {
  if (!mean.count) return { index: null, grade: null, grade_label: null, responses }
  const index = Math.round((mean.sum / mean.count) * 20 * 100) / 100
  const band = SATISFACTION_GRADES.find((candidate) => index >= candidate.min)!
  return { index, grade: band.grade, grade_label: band.label, responses }
}

function ratingsOf(value: unknown): Record<string, number> {
  if (value && typeof value === 'object') return value as Record<string, number>
  try {
    return JSON.parse(String(value))
  } catch {
    return {}
  }
}

export async function satisfactionIndex(filters: ReportFilters) {
  // Answers given in the range, about orders of the type and province asked.
  const query = countedOrders(filters, 'fb.created_at').join(
    'feedbacks as fb',
    'fb.order_id',
    'o.id'
  )
  const months = monthsOf(filters.startDate, filters.endDate)
  query.select('fb.ratings', db.raw(`${periodOf(query, 'fb.created_at', months)} as month`))

  const column = new Map(months.map((entry, index) => [entry.key, index]))
  const groups = FEEDBACK_GROUPS.map(() => new Mean())
  const overall = new Mean()
  const perMonth = months.map(() => ({
    groups: FEEDBACK_GROUPS.map(() => new Mean()),
    overall: new Mean(),
    responses: 0,
  }))
  let responses = 0
  for (const row of await query) {
    const ratings = ratingsOf(row.ratings)
    const period = perMonth[column.get(row.month) ?? -1]
    responses++
    if (period) period.responses++
    FEEDBACK_GROUPS.forEach((group, index) => {
      for (const [code] of group.questions) {
        const rating = Number(ratings[code])
        if (!Number.isInteger(rating) || rating < 1 || rating > 5) continue
        for (const mean of [groups[index], overall]) mean.add(rating)
        if (period) for (const mean of [period.groups[index], period.overall]) mean.add(rating)
      }
    })
  }
  return {
    groups: FEEDBACK_GROUPS.map((group, index) => ({
      title: group.title,
      ...indexOf(groups[index], responses),
    })),
    months: months.map(({ key, label }, index) => ({
      key,
      label,
      groups: perMonth[index].groups.map((mean) => indexOf(mean, perMonth[index].responses)),
      ...indexOf(perMonth[index].overall, perMonth[index].responses),
    })),
    overall: indexOf(overall, responses),
  }
}
