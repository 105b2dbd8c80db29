import { BaseTransformer } from '@adonisjs/core/transformers'
import { formatDate, formatDateTime, fromDatabase, isoDate } from '#services/format'
import { shownLoanStatus } from '#workflows/loan_workflow'
import type { LoanStatus } from '#enums/loan_statuses'

/**
 * A row of the loans (`loanList`, spec part 1: Peminjaman Kalibrator): a `calibrator_loans` row
 * with its borrower's name, its line counts and what the user may do with it.
 */
export default class LoanRowTransformer extends BaseTransformer<Record<string, any>> {
  toObject() {
    const raw = this.resource
    const status = raw.status as LoanStatus
    const lineCount = Number(raw.line_count)
    const shown = shownLoanStatus(status, lineCount > 0 && Number(raw.returned_count) === lineCount)
    const created = fromDatabase(raw.created_at)
    const planned = isoDate(raw.planned_return_date)
    return {
      id: Number(raw.id),
      number: raw.number as string,
      created_at: created?.toISO() ?? null,
      formatted_created_at: formatDateTime(created),
      bpfk_user: { id: Number(raw.borrower_id), name: raw.borrower_name as string },
      notes: raw.notes as string | null,
      loan_description: raw.loan_description as string | null,
      status,
      formatted_status: shown.label,
      /** The badge tone of the status (the loan workflow's). */
      status_tone: shown.tone,
      planned_return_date: planned,
      formatted_planned_return_date: formatDate(planned),
      pk_status: raw.pk_status as LoanStatus | null,
      ukpr_status: raw.ukpr_status as LoanStatus | null,
      sarpras_status: raw.sarpras_status as LoanStatus | null,
      line_count: Number(raw.line_count),
      returned_count: Number(raw.returned_count),
      /** Lines still out past the planned return date. */
      overdue_count: Number(raw.overdue_count),
      /** What this user may do with the row (computed for them by the query). */
      may_edit: Number(raw.may_edit) === 1,
      may_confirm: Number(raw.may_confirm) === 1,
    }
  }
}
