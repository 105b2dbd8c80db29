import { DetailList } from '~/components/detail_list'

export type LoanSummaryData = {
  borrower: { name: string }
  formatted_created_at: string
  loan_description: string | null
  notes: string | null
  formatted_planned_return_date: string
  linked_orders: { label: string; orders: { number: string; fasyankes_name: string }[] }[]
  lines: { id: number; name: string; serial_number: string; unit: string; condition: string }[]
}

const orders = (list: { number: string; fasyankes_name: string }[]) =>
  list.length ? list.map((order) => `${order.number} (${order.fasyankes_name})`).join(', ') : '-'

/** What a loan is: who, why, until when, for which orders, which calibrators. */
export function LoanSummary({ loan, lines = true }: { loan: LoanSummaryData; lines?: boolean }) {
  return (
    <DetailList
      rows={[
        ['Peminjam', loan.borrower.name],
        ['Tanggal pengajuan', loan.formatted_created_at],
        ['Keperluan', loan.loan_description ?? '-'],
        ['Catatan', loan.notes || '-'],
        ['Rencana tanggal kembali', loan.formatted_planned_return_date],
        ...loan.linked_orders.map(
          (group) => [group.label, orders(group.orders)] as [string, string]
        ),
        ...(lines
          ? ([
              [
                'Kalibrator',
                loan.lines
                  .map((line) => `${line.name} (${line.serial_number}, ${line.unit})`)
                  .join('; '),
              ],
            ] as [string, string][])
          : []),
      ]}
    />
  )
}
