import db from '@adonisjs/lucid/services/db'
import { FEEDBACK_GROUPS, FEEDBACK_SCORE_COLUMNS } from '#enums/feedback'
import { countedOrders, periodOf } from '#queries/reports/counted_services'
import { monthsOf, type ReportFilters } from '#queries/reports/report_filters'
import { keptFeedbackMonths, overRange } from '#queries/reports/kept_counts'

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

export function indexOf(total: number, answers: number, responses: number): IndexValue {
  if (!answers) return { index: null, grade: null, grade_label: null, responses }
  const index = Math.round((total / answers) * 20 * 100) / 100
  const band = SATISFACTION_GRADES.find((candidate) => index >= candidate.min)!
  return { index, grade: band.grade, grade_label: band.label, responses }
}

/**
 * The questionnaires answered in the range (about orders of the type and province asked), per
 * month: how many, and the sums of their group totals.
 */
async function answeredIn(filters: ReportFilters) {
  const months = monthsOf(filters.startDate, filters.endDate)
  const query = countedOrders(filters, 'fb.created_at').join(
    'feedbacks as fb',
    'fb.order_id',
    'o.id'
  )
  const month = periodOf(query, 'fb.created_at', months)
  query
    .select(db.raw(`${month} as month`), db.raw('count(*) as responses'))
    .select(FEEDBACK_SCORE_COLUMNS.map((name, index) => db.raw(`sum(fb.${name}) as g${index}`)))
    .groupByRaw(month)
  const rows = await query
  return rows.map((row) => ({
    month: String(row.month),
    responses: Number(row.responses),
    sums: FEEDBACK_SCORE_COLUMNS.map((_, index) => Number(row[`g${index}`] ?? 0)),
  }))
}

/**
 * Sums the questionnaires' group totals (kept on each one, models/feedback.ts) per month in
 * SQL: every questionnaire answers every question, so a group's mean is its total over the
 * questionnaires times its questions. Whole months come from the kept counts
 * (database/report_counts.ts), the days around them from the questionnaires.
 */
export async function satisfactionIndex(filters: ReportFilters) {
  const months = monthsOf(filters.startDate, filters.endDate)
  const rows = await overRange(
    filters,
    (kept) => keptFeedbackMonths(filters, kept, FEEDBACK_SCORE_COLUMNS),
    answeredIn
  )
  const questions = FEEDBACK_GROUPS.map((group) => group.questions.length)
  const allQuestions = questions.reduce((sum, count) => sum + count, 0)
  const empty = () => ({ responses: 0, totals: questions.map(() => 0) })
  const perMonth = new Map(months.map((entry) => [entry.key, empty()]))
  const overall = empty()
  for (const row of rows) {
    const target = perMonth.get(row.month)
    for (const sums of target ? [target, overall] : [overall]) {
      sums.responses += row.responses
      questions.forEach((_, index) => (sums.totals[index] += row.sums[index]))
    }
  }
  const indexes = (sums: ReturnType<typeof empty>) => ({
    groups: questions.map((count, index) =>
      indexOf(sums.totals[index], sums.responses * count, sums.responses)
    ),
    ...indexOf(
      sums.totals.reduce((total, value) => total + value, 0),
      sums.responses * allQuestions,
      sums.responses
    ),
  })
  const { groups, ...all } = indexes(overall)
  return {
    groups: FEEDBACK_GROUPS.map((group, index) => ({ title: group.title, ...groups[index] })),
    months: months.map(({ key, label }) => ({ key, label, ...indexes(perMonth.get(key)!) })),
    overall: all,
  }
}
