import { urlFor } from '@adonisjs/core/services/url_builder'
import type User from '#models/user'
import type CalibratorLoan from '#models/calibrator_loan'
import { SERVICE_LABS, type ServiceLab } from '#enums/labs'
import { defineWorkflow } from '#workflows/kit'
import type { LoanStatus } from '#enums/loan_statuses'

/**
 * A calibrator loan as data (spec part 1 section 4, the lending rules of the domain decisions):
 * Pending until every lab whose calibrators it holds has confirmed, Rejected as soon as one
 * rejects (the status names: app/enums/loan_statuses.ts). The borrower edits and returns; each
 * lab's chosen head decides for that lab.
 */
export const LOAN_STATUS_LABELS: Record<LoanStatus, string> = {
  Pending: 'Menunggu Persetujuan',
  Confirmed: 'Disetujui',
  Rejected: 'Ditolak',
}

/** What a confirmed loan whose calibrators have all come back reads as: finished, not approved. */
export const RETURNED_LOAN_LABEL = 'Selesai (Dikembalikan)'

/**
 * A loan's status as its badge shows it: the status's label and tone, or, once every calibrator
 * of a confirmed loan is back, finished (grey). The stored status stays Confirmed (spec).
 */
export function shownLoanStatus(status: LoanStatus, allReturned: boolean) {
  if (status === 'Confirmed' && allReturned) return { label: RETURNED_LOAN_LABEL, tone: 'slate' }
  return { label: LOAN_STATUS_LABELS[status] ?? status, tone: loanWorkflow.tone(status) as string }
}

/**
 * The overall status from the decisions of the labs that must decide (null: the lab does not).
 * Rejected as soon as any rejects; Confirmed once all have confirmed (at once when no lab must:
 * a loan of PDP calibrators only waits for nobody); otherwise Pending.
 */
export function overallLoanStatus(decisions: (LoanStatus | null)[]): LoanStatus {
  const required = decisions.filter((status): status is LoanStatus => status !== null)
  if (required.includes('Rejected')) return 'Rejected'
  if (required.every((status) => status === 'Confirmed')) return 'Confirmed'
  return 'Pending'
}

/** The labs this user decides for on this loan: chosen as its head, its decision still Pending. */
export function labsToDecide(user: User, loan: CalibratorLoan): ServiceLab[] {
  return SERVICE_LABS.filter((lab) => {
    const decision = loan.labDecision(lab)
    return decision.status === 'Pending' && decision.officerId === user.id && user.headsLab(lab)
  })
}

const isBorrower = (user: User, loan: CalibratorLoan) => loan.borrowerId === user.id
const page =
  (route: 'calibrator.loan.edit' | 'calibrator.loan.confirm.form') => (loan: CalibratorLoan) =>
    urlFor(route, { id: loan.id })

export const loanWorkflow = defineWorkflow<
  LoanStatus,
  'create' | 'edit' | 'confirm' | 'return',
  CalibratorLoan
>({
  name: 'loan',
  describe: (loan) => loan.number,
  statuses: {
    Pending: { tone: 'amber' },
    Confirmed: { tone: 'emerald' },
    Rejected: { tone: 'red' },
  },
  actions: {
    create: {
      from: [],
      permission: 'loan.borrow',
      verb: 'mengajukan peminjaman',
      timeline: 'Peminjaman diajukan',
    },
    edit: {
      from: ['Pending'],
      permission: 'loan.borrow',
      guard: isBorrower,
      verb: 'mengubah peminjaman',
      guardRefusal: 'Peminjaman hanya dapat diubah oleh peminjamnya.',
      statusRefusal: 'Peminjaman yang sudah diputuskan tidak dapat diubah.',
      button: { label: 'Ubah', href: page('calibrator.loan.edit') },
      timeline: 'Peminjaman diubah',
    },
    confirm: {
      from: ['Pending'],
      permission: 'loan.confirm',
      guard: (user, loan) => labsToDecide(user, loan).length > 0,
      verb: 'memutuskan peminjaman',
      guardRefusal:
        'Peminjaman ini tidak menunggu keputusan Anda: diputuskan oleh kepala laboratorium yang dipilih peminjam.',
      statusRefusal: 'Peminjaman ini sudah diputuskan.',
      button: {
        label: 'Konfirmasi',
        href: page('calibrator.loan.confirm.form'),
        variant: 'primary',
      },
      timeline: (change) =>
        `${String(change.lab ?? '').toUpperCase()}: ${change.status === 'Rejected' ? 'ditolak' : 'disetujui'}`,
    },
    return: {
      from: ['Confirmed'],
      permission: 'loan.borrow',
      guard: isBorrower,
      verb: 'mengembalikan kalibrator',
      guardRefusal: 'Kalibrator dikembalikan oleh peminjamnya.',
      statusRefusal: 'Kalibrator dikembalikan setelah peminjaman disetujui.',
      timeline: (change) => `Kalibrator dikembalikan (${String(change.serial_numbers ?? '')})`,
    },
  },
})
