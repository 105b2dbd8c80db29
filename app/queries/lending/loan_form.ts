import db from '@adonisjs/lucid/services/db'
import type { OrderType } from '#workflows/order_types'
import type User from '#models/user'
import { LAB_HEADS, LAB_LABELS, SERVICE_LABS } from '#enums/labs'
import { CALIBRATOR_CONDITIONS, CONDITION_LABELS } from '#enums/master_data'
import { whereContains } from '#lists/datatable'
import { formatDate, labToday } from '#services/format'
import { loanOrderFields } from '#validators/lending'

/** The conditions a calibrator leaves and comes back in (Baik, Tidak Baik). */
export const LOAN_CONDITIONS = CALIBRATOR_CONDITIONS.map((value) => ({
  value,
  label: CONDITION_LABELS[value],
}))

/** What the loan form offers: each lab's heads to approve, the conditions, the order pickers. */
export async function loanFormOptions() {
  const heads = await db
    .from('users as u')
    .join('user_roles as r', 'r.user_id', 'u.id')
    .whereIn('r.role', Object.values(LAB_HEADS))
    .orderBy('u.name')
    .select('u.id', 'u.name', 'r.role')
  return {
    labs: SERVICE_LABS.map((lab) => ({
      lab,
      label: LAB_LABELS[lab],
      heads: heads
        .filter((row) => row.role === LAB_HEADS[lab])
        .map((row) => ({ id: Number(row.id), name: row.name as string })),
    })),
    conditions: LOAN_CONDITIONS,
    // One order picker per order type, under the spec's field name.
    orderFields: loanOrderFields(),
    today: labToday(),
  }
}

/** Orders to link, newest first, found by number or facility (20 at most). */
export async function linkableOrders(type: OrderType, search: string) {
  const query = db
    .from('orders as o')
    .join('fasyankes as f', 'f.id', 'o.fasyankes_id')
    .where('o.type', type)
    .orderBy('o.id', 'desc')
    .limit(20)
    .select('o.id', 'o.number', 'o.status', 'f.fasyankes_name')
  whereContains(query, ['o.number', 'f.fasyankes_name'], search)
  const rows = await query
  return rows.map((row) => ({
    id: Number(row.id),
    number: row.number as string,
    status: row.status as string,
    fasyankes_name: row.fasyankes_name as string,
  }))
}

/**
 * Open lines past their planned return date that concern this user: the loans they borrowed
 * and the loans they approved for their lab. Shown first on the list.
 */
export async function overdueFor(user: User) {
  const query = db
    .from('calibrator_loan_lines as x')
    .join('calibrator_loans as l', 'l.id', 'x.loan_id')
    .join('calibrators as c', 'c.id', 'x.calibrator_id')
    .join('users as b', 'b.id', 'l.borrower_id')
    .whereNotNull('x.holding_calibrator_id')
    .where('l.status', 'Confirmed')
    .where('l.planned_return_date', '<', labToday())
    .where((mine) => {
      mine.where('l.borrower_id', user.id)
      for (const lab of SERVICE_LABS) mine.orWhere(`l.${lab}_officer_id`, user.id)
    })
    .orderBy('l.planned_return_date')
    .orderBy('x.id')
    .limit(50)
    .select(
      'l.id as loan_id',
      'l.number',
      'l.planned_return_date',
      'b.name as borrower',
      'c.name',
      'c.serial_number'
    )
  const rows = await query
  return rows.map((row) => ({
    loan_id: Number(row.loan_id),
    number: row.number as string,
    borrower: row.borrower as string,
    calibrator: `${row.name} (${row.serial_number})`,
    formatted_planned_return_date: formatDate(row.planned_return_date),
  }))
}
