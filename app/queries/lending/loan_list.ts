import vine from '@vinejs/vine'
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import type User from '#models/user'
import { whereContains } from '#lists/datatable'
import {
  choiceField,
  listFilter,
  listFilters,
  recordField,
  searchField,
  type FilterValues,
} from '#lists/filters'
import { defineList } from '#lists/list_definition'
import { LAB_TIMEZONE, labToday, utcText } from '#services/format'
import { LOAN_STATUS_LABELS } from '#workflows/loan_workflow'
import { LOAN_STATUSES } from '#enums/loan_statuses'
import LoanRowTransformer from '#transformers/lists/loan_row_transformer'

export type LoanFilters = FilterValues<typeof LOAN_FILTERS.fields> & {
  limit?: number
  page?: number
}

/** A row of the list: its transformer's (`app/transformers/lists/loan_row_transformer.ts`). */
export type LoanRow = ReturnType<LoanRowTransformer['toObject']>

const SEARCH_COLUMNS = ['l.number', 'b.name', 'l.notes', 'l.loan_description']

/** `[first day, first day of the next month)` of a `YYYY-MM` month at the lab, in UTC. */
function monthRange(month: string) {
  const start = DateTime.fromISO(`${month}-01`, { zone: LAB_TIMEZONE })
  return [utcText(start), utcText(start.plus({ months: 1 }))] as const
}

/** The list's filters, in the order the exports print them. */
const LOAN_FILTERS = listFilters({
  search: searchField((query, value) => whereContains(query, SEARCH_COLUMNS, value)),
  status: choiceField('Status', LOAN_STATUSES, 'l.status', LOAN_STATUS_LABELS),
  month: listFilter({
    schema: vine
      .string()
      .regex(/^\d{4}-(0[1-9]|1[0-2])$/)
      .optional(),
    label: 'Bulan',
    where: (query, value) => {
      const [from, to] = monthRange(value)
      query.where('l.created_at', '>=', from).where('l.created_at', '<', to)
    },
    print: (value) => DateTime.fromISO(`${value}-01`).setLocale('id').toFormat('LLLL yyyy'),
  }),
  bpfk_user: recordField('Peminjam', 'l.borrower_id', 'users'),
})

/** The labs this user heads, as SQL: "the loan waits for this user's decision". */
function waitsFor(user: User | undefined) {
  const labs = user?.headedLabs ?? []
  if (!user || !labs.length) return db.raw('0 as may_confirm')
  const cases = labs
    .map((lab) => `(l.${lab}_status = 'Pending' AND l.${lab}_officer_id = ?)`)
    .join(' OR ')
  return db.raw(
    `CASE WHEN l.status = 'Pending' AND (${cases}) THEN 1 ELSE 0 END as may_confirm`,
    labs.map(() => user.id)
  )
}

/** Loans newest first (spec part 1: Peminjaman Kalibrator), counted per row of the page only. */
export const loanList = defineList<LoanFilters, LoanRow>({
  title: 'Peminjaman Kalibrator',
  subtitle: 'Kalibrator acuan yang dipinjam antarlaboratorium.',
  path: '/calibrator/loan',
  recordName: 'Peminjaman',
  fileName: 'peminjaman-kalibrator',
  permission: 'calibrator.view',
  filters: LOAN_FILTERS,

  query(filters, user) {
    const today = labToday()
    const query = db
      .from('calibrator_loans as l')
      .join('users as b', 'b.id', 'l.borrower_id')
      .select(
        'l.*',
        'b.name as borrower_name',
        db.raw(
          '(SELECT count(*) FROM calibrator_loan_lines x WHERE x.loan_id = l.id) as line_count'
        ),
        db.raw(
          '(SELECT count(*) FROM calibrator_loan_lines x WHERE x.loan_id = l.id AND x.return_date IS NOT NULL) as returned_count'
        ),
        db.raw(
          `(SELECT count(*) FROM calibrator_loan_lines x WHERE x.loan_id = l.id AND x.holding_calibrator_id IS NOT NULL AND l.status = 'Confirmed' AND l.planned_return_date < ?) as overdue_count`,
          [today]
        ),
        db.raw(
          `CASE WHEN l.status = 'Pending' AND l.borrower_id = ? THEN 1 ELSE 0 END as may_edit`,
          [user?.id ?? 0]
        ),
        waitsFor(user)
      )
      .orderBy('l.id', 'desc')
    return LOAN_FILTERS.narrow(query, filters)
  },

  // A page's ids first, exports in keyset chunks (lists/datatable.ts).
  idColumn: 'l.id',
  keyset: { keys: ['l.id'], dir: 'desc' },

  row: (raw) => new LoanRowTransformer(raw).toObject(),

  columns: [
    { key: 'number', label: 'Nomor', width: 1.3 },
    { key: 'formatted_created_at', label: 'Tanggal', width: 1.3 },
    { key: 'bpfk_user', label: 'Peminjam', width: 1.5, value: (row) => row.bpfk_user.name },
    { key: 'loan_description', label: 'Keperluan', width: 2 },
    {
      key: 'line_count',
      label: 'Kalibrator',
      width: 0.8,
      value: (row) => `${row.returned_count}/${row.line_count} kembali`,
    },
    { key: 'formatted_planned_return_date', label: 'Rencana Kembali', width: 1.1 },
    {
      key: 'formatted_status',
      label: 'Status',
      width: 1,
      value: (row) =>
        row.overdue_count ? `${row.formatted_status} (terlambat)` : row.formatted_status,
    },
  ],
})
