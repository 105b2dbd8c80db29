import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type CalibratorLoan from '#models/calibrator_loan'
import type User from '#models/user'
import type { CalibratorCondition } from '#enums/master_data'
import { audit, type Actor } from '#services/audit'
import { databaseNow } from '#services/database_time'
import { refuseFields } from '#services/field_errors'
import { loanWorkflow } from '#workflows/loan_workflow'
import { releaseLines } from '#actions/lending/save_loan'

type LoanActor = Actor & { user: User }

interface OpenLine {
  id: number
  calibrator_id: number
  serial_number: string
}

/** The lines still holding their calibrator, with its serial number. */
function openLines(trx: TransactionClientContract, loanId: number) {
  return trx
    .from('calibrator_loan_lines as l')
    .join('calibrators as c', 'c.id', 'l.calibrator_id')
    .where('l.loan_id', loanId)
    .whereNull('l.return_date')
    .select('l.id', 'l.calibrator_id', 'c.serial_number')
    .then((rows) =>
      rows.map((row): OpenLine => ({
        id: Number(row.id),
        calibrator_id: Number(row.calibrator_id),
        serial_number: row.serial_number,
      }))
    )
}

/**
 * Sets the return of `lines` now, frees their calibrators (recording the condition each came
 * back in) and, once none is left open, marks the loan returned.
 */
async function returnLines(
  trx: TransactionClientContract,
  actor: LoanActor,
  loan: CalibratorLoan,
  lines: OpenLine[],
  conditions: Record<number, CalibratorCondition | undefined>
) {
  const now = databaseNow(trx)
  for (const line of lines) {
    const condition = conditions[line.calibrator_id]
    await trx
      .from('calibrator_loan_lines')
      .where('id', line.id)
      .update({
        return_date: now,
        returned_by: actor.user.id,
        is_ended_good: condition ? condition === 'Good' : null,
      })
    if (condition) {
      await trx
        .from('calibrators')
        .where('id', line.calibrator_id)
        .update({ calibrator_condition: condition })
    }
  }
  await releaseLines(trx, lines)
  const left = await openLines(trx, loan.id)
  if (!left.length) {
    await trx.from('calibrator_loans').where('id', loan.id).update({ returned_at: now })
  }
  await audit(
    actor,
    {
      action: 'loan.return',
      subjectType: 'calibrator_loan',
      subjectId: loan.id,
      to: { serial_numbers: lines.map((line) => line.serial_number).join(', ') },
    },
    trx
  )
  return now
}

/** POST /api/calibrator/loan/{id}/return: the line of that serial number is returned now. */
export async function returnBySerial(
  actor: LoanActor,
  loan: CalibratorLoan,
  serial: string,
  condition?: CalibratorCondition
) {
  return loanWorkflow.take('return', loan, actor.user, async (trx) => {
    const open = await openLines(trx, loan.id)
    const line = open.find((row) => row.serial_number.toLowerCase() === serial.toLowerCase())
    if (!line) {
      const returned = await trx
        .from('calibrator_loan_lines as l')
        .join('calibrators as c', 'c.id', 'l.calibrator_id')
        .where('l.loan_id', loan.id)
        .whereRaw('lower(c.serial_number) = ?', [serial.toLowerCase()])
        .first()
      refuseFields({
        serial_number: returned
          ? `Kalibrator dengan nomor seri ${serial} sudah dikembalikan.`
          : `Kalibrator dengan nomor seri ${serial} tidak ada dalam peminjaman ${loan.number}.`,
      })
    }
    const returnedAt = await returnLines(trx, actor, loan, [line], {
      [line.calibrator_id]: condition,
    })
    return { calibratorId: line.calibrator_id, returnedAt }
  })
}

/** Batch (Keseluruhan): every open line is returned now; answers how many. */
export async function returnAll(
  actor: LoanActor,
  loan: CalibratorLoan,
  conditions: Record<number, CalibratorCondition | undefined> = {}
) {
  return loanWorkflow.take('return', loan, actor.user, async (trx) => {
    const open = await openLines(trx, loan.id)
    if (!open.length) refuseFields({ serial_number: 'Semua kalibrator sudah dikembalikan.' })
    await returnLines(trx, actor, loan, open, conditions)
    return open.length
  })
}
