import db from '@adonisjs/lucid/services/db'
import { loanOrderFields } from '#validators/lending'
import type CalibratorLoan from '#models/calibrator_loan'
import { LAB_HEADS, LAB_LABELS, SERVICE_LABS } from '#enums/labs'
import { CONDITION_LABELS } from '#enums/master_data'
import { formatDate, formatDateTime, fromDatabase, labToday } from '#services/format'
import { labOfUnit } from '#queries/lending/lendable'
import { LOAN_STATUS_LABELS, loanWorkflow, shownLoanStatus } from '#workflows/loan_workflow'
import type { LoanStatus } from '#enums/loan_statuses'
import { auditTimeline } from '#queries/audit_timeline'

const ACCESSORIES = [
  ['is_with_bag', 'Tas'],
  ['is_with_charger', 'Charger/Kabel Daya'],
  ['is_with_filter', 'Probe/Selang/Filter'],
  ['is_with_sensor', 'Sensor'],
] as const

const flag = (value: unknown) => value === true || Number(value) === 1

/** A loan's lines with their calibrators, in the order they were added. */
async function loanLines(loan: CalibratorLoan) {
  const overdue = loan.status === 'Confirmed' && loan.plannedReturnDate.toISODate()! < labToday()
  const rows = await db
    .from('calibrator_loan_lines as l')
    .join('calibrators as c', 'c.id', 'l.calibrator_id')
    .join('units as n', 'n.id', 'c.unit_id')
    .where('l.loan_id', loan.id)
    .orderBy('l.id')
    .select('l.*', 'c.name', 'c.merk', 'c.type_model', 'c.serial_number', 'n.name as unit')
  return rows.map((row) => {
    const returned = fromDatabase(row.return_date)
    const startedGood = flag(row.is_started_good)
    const endedGood = row.is_ended_good === null ? null : flag(row.is_ended_good)
    return {
      id: Number(row.id),
      calibrator_id: Number(row.calibrator_id),
      name: row.name as string,
      merk: row.merk as string | null,
      type_model: row.type_model as string | null,
      serial_number: row.serial_number as string,
      unit: row.unit as string,
      lab: labOfUnit(row.unit),
      is_started_good: startedGood,
      condition: CONDITION_LABELS[startedGood ? 'Good' : 'Bad'],
      returned_condition: endedGood === null ? null : CONDITION_LABELS[endedGood ? 'Good' : 'Bad'],
      accessories: ACCESSORIES.filter(([column]) => flag(row[column])).map(([, label]) => label),
      description: row.description as string | null,
      return_date: returned?.toISO() ?? null,
      formatted_return_date: returned ? formatDateTime(returned) : null,
      overdue: overdue && !returned,
    }
  })
}

/** The loan's linked orders, grouped by order type: number and facility. */
async function linkedOrders(loanId: number) {
  const rows = await db
    .from('calibrator_loan_orders as lo')
    .join('orders as o', 'o.id', 'lo.order_id')
    .join('fasyankes as f', 'f.id', 'o.fasyankes_id')
    .where('lo.loan_id', loanId)
    .orderBy('o.id')
    .select('o.id', 'o.type', 'o.number', 'f.fasyankes_name')
  return loanOrderFields().map(({ type, field, label }) => ({
    type,
    field,
    label,
    orders: rows
      .filter((row) => row.type === type)
      .map((row) => ({
        id: Number(row.id),
        number: row.number as string,
        fasyankes_name: row.fasyankes_name as string,
      })),
  }))
}

/** Everything the detail page, the edit form and the printed slips show of one loan. */
export async function loanView(loan: CalibratorLoan) {
  await loan.load('borrower')
  const officerIds = SERVICE_LABS.map((lab) => loan.labDecision(lab).officerId).filter(
    (id): id is number => id !== null
  )
  const officerRows = await db.from('users').whereIn('id', officerIds).select('id', 'name', 'nip')
  const officers = new Map(officerRows.map((row) => [Number(row.id), row]))
  const [lines, orders] = await Promise.all([loanLines(loan), linkedOrders(loan.id)])
  const planned = loan.plannedReturnDate.toISODate()
  return {
    id: loan.id,
    number: loan.number,
    status: loan.status,
    formatted_status: shownLoanStatus(loan.status, loan.returnedAt !== null).label,
    status_tone: shownLoanStatus(loan.status, loan.returnedAt !== null).tone,
    formatted_created_at: formatDateTime(loan.createdAt),
    borrower: { id: loan.borrowerId, name: loan.borrower.name, nip: loan.borrower.nip },
    notes: loan.notes,
    loan_description: loan.loanDescription,
    planned_return_date: planned,
    formatted_planned_return_date: formatDate(planned),
    returned: loan.returnedAt !== null,
    overdue_count: lines.filter((line) => line.overdue).length,
    labs: SERVICE_LABS.filter((lab) => loan.labDecision(lab).status !== null).map((lab) => {
      const decision = loan.labDecision(lab)
      const officer = decision.officerId ? officers.get(decision.officerId) : null
      return {
        lab,
        label: LAB_LABELS[lab],
        role: LAB_HEADS[lab],
        officer_id: decision.officerId,
        officer: officer
          ? { name: officer.name as string, nip: officer.nip as string | null }
          : null,
        status: decision.status as LoanStatus,
        formatted_status: LOAN_STATUS_LABELS[decision.status as LoanStatus],
        status_tone: loanWorkflow.tone(decision.status as LoanStatus),
        reason: decision.reason,
      }
    }),
    /** The orders it serves, one group per order type (the form's fields). */
    linked_orders: orders,
    lines,
  }
}

export type LoanView = Awaited<ReturnType<typeof loanView>>

/** The loan's history from the audit log, in the loan workflow's words. */
export function loanTimeline(loan: CalibratorLoan) {
  return auditTimeline({ type: 'calibrator_loan', id: loan.id }, loanWorkflow.timelineLabels())
}
