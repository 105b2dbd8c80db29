import type { HttpContext } from '@adonisjs/core/http'
import { urlFor } from '@adonisjs/core/services/url_builder'
import db from '@adonisjs/lucid/services/db'
import CalibratorLoan from '#models/calibrator_loan'
import NotFoundException from '#exceptions/not_found_exception'
import { signedInActor } from '#services/audit'
import { filteredIds, listPageProps } from '#lists/list_responder'
import { loanList } from '#queries/lending/loan_list'
import { loanTimeline, loanView } from '#queries/lending/loan_detail'
import { LOAN_CONDITIONS, loanFormOptions, overdueFor } from '#queries/lending/loan_form'
import { createLoan, updateLoan, type LoanInput } from '#actions/lending/save_loan'
import { decideLoan } from '#actions/lending/decide_loan'
import { returnAll } from '#actions/lending/return_loan'
import { loanSlip, loanSlips, LOAN_SLIPS, type LoanSlip } from '#documents/lending/loan_slips'
import {
  linkedOrdersOf,
  loanBatchReturnValidator,
  loanDecisionValidator,
  loanValidator,
} from '#validators/lending'
import { labsToDecide, loanWorkflow, LOAN_STATUS_LABELS } from '#workflows/loan_workflow'
import { LAB_LABELS } from '#enums/labs'

/** The loan form as the action takes it: the spec's order fields read as `{ id, type }`. */
async function loanInput(ctx: HttpContext): Promise<LoanInput> {
  const input = await ctx.request.validateUsing(loanValidator)
  return { ...input, orders: linkedOrdersOf(input) }
}

/** Loans one list print holds at most (a page or more each). */
const MAX_PRINTED_LOANS = 100

/** The loan of the route, or 404. */
export async function loanOf(ctx: HttpContext) {
  const id = Number(ctx.params.id)
  const loan = Number.isSafeInteger(id) ? await CalibratorLoan.find(id) : null
  if (!loan) throw new NotFoundException()
  return loan
}

const detailPath = (loan: { id: number }) => urlFor('calibrator.loan.detail', { id: loan.id })

/** Calibrator lending (spec part 1): list, form, decision, detail, batch return and slips. */
export default class LoansController {
  async index({ inertia, auth }: HttpContext) {
    const user = auth.user!
    const borrowers = await db
      .from('users')
      .whereIn('id', db.from('calibrator_loans').select('borrower_id'))
      .orderBy('name')
      .select('id', 'name')
    return inertia.render('lending/index', {
      ...listPageProps(loanList, user),
      canBorrow: user.can('loan.borrow'),
      showBorrower: user.can('loan.list.borrower'),
      borrowers: borrowers.map((row) => ({ id: Number(row.id), name: row.name as string })),
      statuses: Object.entries(LOAN_STATUS_LABELS).map(([value, label]) => ({ value, label })),
      overdue: await overdueFor(user),
    })
  }

  async create({ inertia }: HttpContext) {
    return inertia.render('lending/form', {
      loan: null,
      submitHref: urlFor('calibrator.loan.store'),
      options: await loanFormOptions(),
    })
  }

  async store(ctx: HttpContext) {
    const loan = await createLoan(signedInActor(ctx), await loanInput(ctx))
    ctx.session.flash('success', `Peminjaman ${loan.number} diajukan.`)
    return ctx.response.redirect(detailPath(loan))
  }

  async edit(ctx: HttpContext) {
    const loan = await loanOf(ctx)
    loanWorkflow.assert('edit', loan, ctx.auth.user!)
    return ctx.inertia.render('lending/form', {
      loan: await loanView(loan),
      submitHref: urlFor('calibrator.loan.update', { id: loan.id }),
      options: await loanFormOptions(),
    })
  }

  async update(ctx: HttpContext) {
    const loan = await loanOf(ctx)
    // Who may not edit it (or not now) is told before anything typed is checked.
    loanWorkflow.assert('edit', loan, ctx.auth.user!)
    await updateLoan(signedInActor(ctx), loan, await loanInput(ctx))
    ctx.session.flash('success', `Peminjaman ${loan.number} diubah.`)
    return ctx.response.redirect(detailPath(loan))
  }

  async detail(ctx: HttpContext) {
    const loan = await loanOf(ctx)
    const user = ctx.auth.user!
    return ctx.inertia.render('lending/detail', {
      loan: await loanView(loan),
      timeline: await loanTimeline(loan),
      actions: loanWorkflow.pageActions(loan, user),
      mayReturn: loanWorkflow.allows('return', loan, user),
      conditions: LOAN_CONDITIONS,
      slips: LOAN_SLIPS.map((slip) => ({
        slip,
        label: slip === 'order' ? 'Cetak Surat Peminjaman' : 'Cetak Bukti Transaksi',
        href: urlFor('calibrator.loan.print', { id: loan.id, slip }),
      })),
    })
  }

  async confirmForm(ctx: HttpContext) {
    const loan = await loanOf(ctx)
    const user = ctx.auth.user!
    loanWorkflow.assert('confirm', loan, user)
    return ctx.inertia.render('lending/confirm', {
      loan: await loanView(loan),
      labs: labsToDecide(user, loan).map((lab) => LAB_LABELS[lab]),
      submitHref: urlFor('calibrator.loan.confirm', { id: loan.id }),
    })
  }

  async confirm(ctx: HttpContext) {
    const loan = await loanOf(ctx)
    loanWorkflow.assert('confirm', loan, ctx.auth.user!)
    const decision = await ctx.request.validateUsing(loanDecisionValidator)
    const overall = await decideLoan(signedInActor(ctx), loan, decision)
    const verdict = decision.status === 'Rejected' ? 'ditolak' : 'disetujui'
    const state =
      overall === 'Pending'
        ? ' Menunggu keputusan laboratorium lain.'
        : ` Status: ${LOAN_STATUS_LABELS[overall]}.`
    ctx.session.flash('success', `Peminjaman ${loan.number} ${verdict}.${state}`)
    return ctx.response.redirect(detailPath(loan))
  }

  async returnBatch(ctx: HttpContext) {
    const loan = await loanOf(ctx)
    loanWorkflow.assert('return', loan, ctx.auth.user!)
    const { conditions } = await ctx.request.validateUsing(loanBatchReturnValidator)
    const byCalibrator = Object.fromEntries(
      Object.entries(conditions ?? {}).map(([id, condition]) => [Number(id), condition])
    )
    const count = await returnAll(signedInActor(ctx), loan, byCalibrator)
    ctx.session.flash('success', `${count} kalibrator peminjaman ${loan.number} dikembalikan.`)
    return ctx.response.redirect(detailPath(loan))
  }

  /**
   * GET /calibrator/loan/print/order|transaction: the slips of every loan the list shows with
   * its filters (spec part 1: print pages at {current path}/print/...), a loan a page.
   */
  async printList(ctx: HttpContext) {
    const slip = ctx.params.slip as LoanSlip
    const listed = await filteredIds(ctx, loanList, MAX_PRINTED_LOANS)
    if (!listed) return
    const views = []
    for (const id of listed.ids) views.push(await loanView(await CalibratorLoan.findOrFail(id)))
    const name = `${slip === 'order' ? 'surat-peminjaman' : 'bukti-transaksi'}-daftar.pdf`
    ctx.response.header('Content-Type', 'application/pdf')
    ctx.response.header('Content-Disposition', `inline; filename="${name}"`)
    return ctx.response.stream(loanSlips(slip, views, listed.filters || 'Semua peminjaman'))
  }

  async print(ctx: HttpContext) {
    const loan = await loanOf(ctx)
    const slip = ctx.params.slip as LoanSlip
    if (!LOAN_SLIPS.includes(slip)) throw new NotFoundException()
    const document = loanSlip(slip, await loanView(loan))
    const name = `${slip === 'order' ? 'surat-peminjaman' : 'bukti-transaksi'}-${loan.number.replaceAll('/', '-')}.pdf`
    ctx.response.header('Content-Type', 'application/pdf')
    ctx.response.header('Content-Disposition', `inline; filename="${name}"`)
    return ctx.response.stream(document)
  }
}
