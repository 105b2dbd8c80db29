import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import CalibratorLoan from '#models/calibrator_loan'
import { LAB_HEADS, LAB_LABELS, SERVICE_LABS, type ServiceLab } from '#enums/labs'
import type { CalibratorCondition } from '#enums/master_data'
import { loanApprovalRequested } from '#notifications/loan_news'
import { audit, type Actor } from '#services/audit'
import type User from '#models/user'
import { refuseFields } from '#services/field_errors'
import { nextOrderNumber } from '#services/order_number'
import { databaseNow } from '#services/database_time'
import { judgeCalibrators, stillOnLoan } from '#queries/lending/lendable'
import { loanWorkflow, overallLoanStatus } from '#workflows/loan_workflow'
import { changedByOthers } from '#workflows/kit'
import { affectedRows, insertedId } from '#services/query_results'
import type { LinkedOrder } from '#validators/lending'
import { isOrderType } from '#workflows/order_types'

/**
 * The loan form, with the orders it serves as `{ id, type }` (the spec's payload fields, one per
 * order type, are read into them at the edge: validators/lending.ts, `linkedOrdersOf`).
 */
export interface LoanInput {
  orders: LinkedOrder[]
  calibrators: {
    id: number
    condition: CalibratorCondition
    bag?: boolean
    charger?: boolean
    probe?: boolean
    sensor?: boolean
    note?: string
  }[]
  notes?: string
  loan_description: string
  planned_return_date: Date
  pk_officer?: number
  ukpr_officer?: number
  sarpras_officer?: number
}

type LoanActor = Actor & { user: User }

/** A unique index refused the insert: another loan took the calibrator at the same moment. */
function isUniqueViolation(error: unknown) {
  const { code } = (error ?? {}) as { code?: string }
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT'
}

/**
 * The calibrators the loan may hold (refused under each one that may not), the labs that
 * must decide on it and, for each, the head the borrower chose (who must head that lab).
 */
async function checkedLoan(trx: TransactionClientContract, input: LoanInput, loanId?: number) {
  const ids = input.calibrators.map((line) => line.id)
  const judged = await judgeCalibrators(trx, ids, loanId)
  const refusals = Object.fromEntries(
    judged.flatMap((entry, index) =>
      entry.refusal ? [[`calibrators.${index}.id`, entry.refusal]] : []
    )
  )
  if (Object.keys(refusals).length) refuseFields(refusals)
  const labs = new Set(judged.map((entry) => entry.calibrator!.lab).filter(Boolean))
  const officers: Partial<Record<ServiceLab, number>> = {}
  const missing: Record<string, string> = {}
  for (const lab of SERVICE_LABS) {
    if (!labs.has(lab)) continue
    const chosen = input[`${lab}_officer`]
    const head = chosen
      ? await trx.from('user_roles').where({ user_id: chosen, role: LAB_HEADS[lab] }).first()
      : null
    if (!head) {
      missing[`${lab}_officer`] =
        `Pilih Kepala Laboratorium ${LAB_LABELS[lab]} yang menyetujui peminjaman kalibrator ${LAB_LABELS[lab]}.`
    } else officers[lab] = chosen
  }
  if (Object.keys(missing).length) refuseFields(missing)
  const orderIds = await linkedOrders(trx, input)
  return { officers, orderIds }
}

/**
 * The linked orders, each of the type it was chosen as; refused under that type's field
 * (`internal_orders`) when one is not, or when the type is not a registered one.
 */
async function linkedOrders(trx: TransactionClientContract, input: LoanInput) {
  const byType = new Map<string, number[]>()
  for (const { id, type } of input.orders) byType.set(type, [...(byType.get(type) ?? []), id])
  const ids: number[] = []
  for (const [type, wanted] of byType) {
    const found = isOrderType(type)
      ? await trx.from('orders').whereIn('id', wanted).where('type', type).select('id')
      : []
    if (found.length !== new Set(wanted).size) {
      refuseFields({ [`${type}_orders`]: 'Order yang dipilih tidak ditemukan.' })
    }
    ids.push(...wanted)
  }
  return [...new Set(ids)]
}

/** The loan's columns from the form: its texts, and each lab Pending with its chosen head. */
function loanColumns(input: LoanInput, officers: Partial<Record<ServiceLab, number>>) {
  const columns: Record<string, unknown> = {
    notes: input.notes ?? null,
    loan_description: input.loan_description,
    planned_return_date: DateTime.fromJSDate(input.planned_return_date).toISODate(),
    status: overallLoanStatus(SERVICE_LABS.map((lab) => (officers[lab] ? 'Pending' : null))),
  }
  for (const lab of SERVICE_LABS) {
    columns[`${lab}_officer_id`] = officers[lab] ?? null
    columns[`${lab}_status`] = officers[lab] ? 'Pending' : null
    columns[`${lab}_reason`] = null
    columns[`${lab}_decided_at`] = null
  }
  return columns
}

/** The lines, each holding its calibrator; a calibrator taken meanwhile is refused by name. */
async function writeLines(trx: TransactionClientContract, loanId: number, input: LoanInput) {
  for (const [index, line] of input.calibrators.entries()) {
    try {
      await trx.table('calibrator_loan_lines').insert({
        loan_id: loanId,
        calibrator_id: line.id,
        holding_calibrator_id: line.id,
        is_started_good: line.condition === 'Good',
        description: line.note || null,
        is_with_bag: line.bag ?? false,
        is_with_charger: line.charger ?? false,
        is_with_filter: line.probe ?? false,
        is_with_sensor: line.sensor ?? false,
      })
    } catch (error) {
      if (!isUniqueViolation(error)) throw error
      const calibrator = await db.from('calibrators').where('id', line.id).first()
      refuseFields({
        [`calibrators.${index}.id`]: stillOnLoan(calibrator.name, calibrator.serial_number),
      })
    }
  }
  const ids = input.calibrators.map((line) => line.id)
  await trx.from('calibrators').whereIn('id', ids).update({ is_available: false })
}

async function writeOrders(trx: TransactionClientContract, loanId: number, orderIds: number[]) {
  await trx.from('calibrator_loan_orders').where('loan_id', loanId).delete()
  if (orderIds.length) {
    await trx
      .table('calibrator_loan_orders')
      .multiInsert(orderIds.map((orderId) => ({ loan_id: loanId, order_id: orderId })))
  }
}

const described = (input: LoanInput) => ({
  calibrator_ids: input.calibrators.map((line) => line.id),
  loan_description: input.loan_description,
})

/** POST /calibrator/loan: a new loan (PJM/2026/11/0001), its calibrators held at once. */
export async function createLoan(actor: LoanActor, input: LoanInput) {
  const number = await nextOrderNumber('PJM')
  return db.transaction(async (trx) => {
    const { officers, orderIds } = await checkedLoan(trx, input)
    const now = databaseNow(trx)
    const [row] = await trx
      .table('calibrator_loans')
      .insert({
        number,
        borrower_id: actor.user.id,
        ...loanColumns(input, officers),
        status_changed_at: now,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
    const loanId = insertedId(row)
    await writeLines(trx, loanId, input)
    await writeOrders(trx, loanId, orderIds)
    await audit(
      actor,
      {
        action: 'loan.create',
        subjectType: 'calibrator_loan',
        subjectId: loanId,
        to: described(input),
      },
      trx
    )
    await loanApprovalRequested(trx, actor.user.id, loanId)
    return CalibratorLoan.findOrFail(loanId, { client: trx })
  })
}

/** Frees the calibrators the loan's open lines hold (returned, or the loan rejected). */
export async function releaseLines(
  trx: TransactionClientContract,
  lines: { id: number; calibrator_id: number }[]
) {
  if (!lines.length) return
  await trx
    .from('calibrator_loan_lines')
    .whereIn(
      'id',
      lines.map((line) => line.id)
    )
    .update({ holding_calibrator_id: null })
  await trx
    .from('calibrators')
    .whereIn(
      'id',
      lines.map((line) => line.calibrator_id)
    )
    .update({ is_available: true })
}

/**
 * PUT /calibrator/loan/{id}: the borrower changes a Pending loan. Its lines are written anew
 * and every lab decides again (what they approved has changed).
 */
export async function updateLoan(actor: LoanActor, loan: CalibratorLoan, input: LoanInput) {
  await loanWorkflow.take('edit', loan, actor.user, async (trx) => {
    const { officers, orderIds } = await checkedLoan(trx, input, loan.id)
    const affected = await trx
      .from('calibrator_loans')
      .where({ id: loan.id, status: 'Pending' })
      .update({ ...loanColumns(input, officers), updated_at: databaseNow(trx) })
    if (affectedRows(affected) !== 1) {
      throw changedByOthers(loan.number)
    }
    const old = await trx.from('calibrator_loan_lines').where('loan_id', loan.id)
    await releaseLines(
      trx,
      old.map((line) => ({ id: Number(line.id), calibrator_id: Number(line.calibrator_id) }))
    )
    await trx.from('calibrator_loan_lines').where('loan_id', loan.id).delete()
    await writeLines(trx, loan.id, input)
    await writeOrders(trx, loan.id, orderIds)
    await audit(
      actor,
      {
        action: 'loan.edit',
        subjectType: 'calibrator_loan',
        subjectId: loan.id,
        to: described(input),
      },
      trx
    )
    await loanApprovalRequested(trx, actor.user.id, loan.id)
  })
}
