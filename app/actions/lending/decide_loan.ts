import type CalibratorLoan from '#models/calibrator_loan'
import type User from '#models/user'
import { SERVICE_LABS } from '#enums/labs'
import { audit, type Actor } from '#services/audit'
import { databaseNow } from '#services/database_time'
import { changedByOthers } from '#workflows/kit'
import { labsToDecide, loanWorkflow, overallLoanStatus } from '#workflows/loan_workflow'
import type { LoanStatus } from '#enums/loan_statuses'
import { releaseLines } from '#actions/lending/save_loan'
import { loanDecided } from '#notifications/loan_news'
import { affectedRows } from '#services/query_results'

/**
 * POST /calibrator/loan/{id}/confirm: the chosen head decides for their lab(s). The overall
 * status follows the domain decisions; a rejected loan frees its calibrators at once.
 */
export async function decideLoan(
  actor: Actor & { user: User },
  loan: CalibratorLoan,
  decision: { status: Exclude<LoanStatus, 'Pending'>; reason?: string }
) {
  return loanWorkflow.take('confirm', loan, actor.user, async (trx) => {
    const labs = labsToDecide(actor.user, loan)
    const now = databaseNow(trx)
    for (const lab of labs) {
      const affected = await trx
        .from('calibrator_loans')
        .where({ id: loan.id, status: 'Pending', [`${lab}_status`]: 'Pending' })
        .update({
          [`${lab}_status`]: decision.status,
          [`${lab}_reason`]: decision.status === 'Rejected' ? decision.reason : null,
          [`${lab}_decided_at`]: now,
          updated_at: now,
        })
      if (affectedRows(affected) !== 1) {
        throw changedByOthers(loan.number)
      }
      await audit(
        actor,
        {
          action: 'loan.confirm',
          subjectType: 'calibrator_loan',
          subjectId: loan.id,
          from: { lab, status: 'Pending' },
          to: { lab, status: decision.status },
          reason: decision.status === 'Rejected' ? decision.reason : null,
        },
        trx
      )
    }
    const row = await trx.from('calibrator_loans').where('id', loan.id).first()
    const overall = overallLoanStatus(SERVICE_LABS.map((lab) => row[`${lab}_status`]))
    if (overall !== 'Pending') {
      await trx
        .from('calibrator_loans')
        .where('id', loan.id)
        .update({ status: overall, status_changed_at: now })
    }
    await loanDecided(
      trx,
      actor.user.id,
      loan.id,
      { labs, status: decision.status, reason: decision.reason },
      overall
    )
    if (overall === 'Rejected') {
      const open = await trx
        .from('calibrator_loan_lines')
        .where('loan_id', loan.id)
        .whereNotNull('holding_calibrator_id')
      await releaseLines(
        trx,
        open.map((line) => ({ id: Number(line.id), calibrator_id: Number(line.calibrator_id) }))
      )
    }
    return overall
  })
}
