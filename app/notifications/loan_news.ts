import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { LAB_LABELS, SERVICE_LABS } from '#enums/labs'
import { notify } from '#notifications/notify'
import { noticeLinks } from '#notifications/links'

/**
 * A loan waits for its labs (issue 17): each head chosen to decide for a lab whose decision is
 * still Pending is asked, after the loan is made or changed.
 */
export async function loanApprovalRequested(
  trx: TransactionClientContract,
  actorId: number,
  loanId: number
) {
  const loan = await trx
    .from('calibrator_loans as l')
    .join('users as u', 'u.id', 'l.borrower_id')
    .where('l.id', loanId)
    .select('l.*', 'u.name as borrower_name')
    .first()
  const count = await trx.from('calibrator_loan_lines').where('loan_id', loanId).count('* as total')
  const lines = Number(count[0]?.total ?? 0)
  for (const lab of SERVICE_LABS) {
    const headId = loan[`${lab}_officer_id`]
    if (!headId || loan[`${lab}_status`] !== 'Pending') continue
    await notify(
      trx,
      [Number(headId)],
      {
        title: `Persetujuan peminjaman ${loan.number}`,
        body: `${loan.borrower_name} meminjam ${lines} kalibrator; keputusan Lab. ${LAB_LABELS[lab]} ditunggu dari Anda.`,
        href: noticeLinks.loanDecision(loanId),
      },
      actorId
    )
  }
}

/** A head decided for their lab(s): the borrower is told, and told again when all have. */
export async function loanDecided(
  trx: TransactionClientContract,
  actorId: number,
  loanId: number,
  decided: { labs: string[]; status: 'Confirmed' | 'Rejected'; reason?: string | null },
  overall: string
) {
  const loan = await trx.from('calibrator_loans').where('id', loanId).first()
  const labs = decided.labs.map((lab) => `Lab. ${LAB_LABELS[lab as keyof typeof LAB_LABELS]}`)
  const verdict = decided.status === 'Confirmed' ? 'menyetujui' : 'menolak'
  const reason = decided.status === 'Rejected' && decided.reason ? ` Alasan: ${decided.reason}` : ''
  const outcome =
    overall === 'Confirmed'
      ? ' Semua laboratorium sudah menyetujui: kalibrator dapat diambil.'
      : overall === 'Rejected'
        ? ' Peminjaman ditolak dan kalibratornya dilepas.'
        : ' Keputusan laboratorium lain masih ditunggu.'
  await notify(
    trx,
    [Number(loan.borrower_id)],
    {
      title: `Peminjaman ${loan.number} ${overall === 'Pending' ? 'diputuskan sebagian' : overall === 'Confirmed' ? 'disetujui' : 'ditolak'}`,
      body: `${labs.join(', ')} ${verdict} peminjaman ${loan.number}.${reason}${outcome}`,
      href: noticeLinks.loanDetail(loanId),
    },
    actorId
  )
}
