import { Head, Link } from '@inertiajs/react'
import { FileText, Plus } from 'lucide-react'
import { PageHeader } from '~/components/ui/card'
import { buttonClass } from '~/components/ui/button'
import { Notice } from '~/components/ui/notice'
import { DataTable, type Column } from '~/components/data_table/data_table'
import { RowCard, selectColumn } from '~/components/data_table/columns'
import { RowLink } from '~/components/list_actions'
import { StatusBadge } from '~/components/status_badge'
import type { ListPageProps } from '~/components/master_list_page'
import type { Data } from '#generated/data'

type LoanRow = Data.Lists.LoanRow

type Option = { value: string; label: string }

function LoanStatus({ loan }: { loan: LoanRow }) {
  return (
    <span className="inline-flex flex-wrap gap-1">
      <StatusBadge status={loan.formatted_status} tone={loan.status_tone} />
      {loan.overdue_count > 0 && (
        <StatusBadge status={`${loan.overdue_count} terlambat kembali`} tone="red" />
      )}
    </span>
  )
}

/** Spec part 1: the loan list with its filters, slips and each row's links for this user. */
export default function LoanIndex({
  canBorrow,
  showBorrower,
  borrowers,
  statuses,
  overdue,
  ...page
}: ListPageProps & {
  canBorrow: boolean
  showBorrower: boolean
  borrowers: { id: number; name: string }[]
  statuses: Option[]
  overdue: {
    loan_id: number
    number: string
    borrower: string
    calibrator: string
    formatted_planned_return_date: string
  }[]
}) {
  const columns: Column<LoanRow>[] = [
    {
      key: 'number',
      header: 'Nomor',
      cell: (loan) => <span className="font-medium whitespace-nowrap">{loan.number}</span>,
    },
    {
      key: 'formatted_created_at',
      header: 'Tanggal',
      filter: { key: 'month', type: 'month', placeholder: 'Bulan' },
    },
    selectColumn(
      'bpfk_user',
      'Peminjam',
      borrowers.map((user) => ({ value: String(user.id), label: user.name })),
      { hidden: !showBorrower, cell: (loan) => loan.bpfk_user.name }
    ),
    { key: 'loan_description', header: 'Keperluan' },
    {
      key: 'line_count',
      header: 'Kalibrator',
      cell: (loan) => `${loan.returned_count}/${loan.line_count} kembali`,
    },
    { key: 'formatted_planned_return_date', header: 'Rencana Kembali' },
    selectColumn('status', 'Status', statuses, { cell: (loan) => <LoanStatus loan={loan} /> }),
  ]
  const links = (loan: LoanRow) => (
    <div className="flex flex-wrap gap-3">
      <RowLink href={`${page.path}/${loan.id}/detail`}>Detail</RowLink>
      {loan.may_edit && <RowLink href={`${page.path}/${loan.id}/edit`}>Ubah</RowLink>}
      {loan.may_confirm && <RowLink href={`${page.path}/${loan.id}/confirm`}>Konfirmasi</RowLink>}
      {(['order', 'transaction'] as const).map((slip) => (
        <a
          key={slip}
          href={`${page.path}/${loan.id}/print/${slip}`}
          target="_blank"
          rel="noreferrer"
          className="inline-flex items-center gap-1 text-sm text-brand-700 hover:underline dark:text-brand-100"
        >
          <FileText className="size-3.5" />
          {slip === 'order' ? 'Surat' : 'Transaksi'}
        </a>
      ))}
    </div>
  )
  return (
    <>
      <Head title={page.title} />
      <PageHeader
        title={page.title}
        subtitle={page.subtitle}
        actions={
          canBorrow && (
            <Link href={`${page.path}/create`} className={buttonClass('primary')}>
              <Plus className="size-4" /> Tambah Peminjaman
            </Link>
          )
        }
      />
      {overdue.length > 0 && (
        <div className="mb-4" data-testid="overdue-lines">
          <Notice alert>
            <strong>{overdue.length} kalibrator terlambat dikembalikan:</strong>
          </Notice>
          <ul className="mt-2 space-y-1 text-sm">
            {overdue.map((line) => (
              <li key={`${line.loan_id}-${line.calibrator}`}>
                <Link
                  href={`${page.path}/${line.loan_id}/detail`}
                  className="font-medium text-brand-700 hover:underline dark:text-brand-100"
                >
                  {line.number}
                </Link>{' '}
                · {line.calibrator} · {line.borrower} · rencana kembali{' '}
                {line.formatted_planned_return_date}
              </li>
            ))}
          </ul>
        </div>
      )}
      <DataTable<LoanRow>
        path={page.path}
        sortable={page.sortable}
        extraExports={[
          { key: 'order', label: 'Surat Peminjaman' },
          { key: 'transaction', label: 'Bukti Transaksi' },
        ]}
        columns={columns}
        actions={links}
        renderCard={(loan) => (
          <RowCard title={loan.number} subtitle={loan.formatted_created_at}>
            <p>{showBorrower && loan.bpfk_user.name}</p>
            <p>{loan.loan_description}</p>
            <p>
              {loan.returned_count}/{loan.line_count} kembali · rencana{' '}
              {loan.formatted_planned_return_date}
            </p>
            <LoanStatus loan={loan} />
          </RowCard>
        )}
      />
    </>
  )
}
