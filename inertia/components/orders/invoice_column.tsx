import type { Column } from '~/components/data_table/data_table'
import { DetailList } from '~/components/detail_list'

/** What every order list row carries about its invoice (the server's orderRowBase). */
export type InvoicedOrder = {
  invoice_index: number
  formatted_invoice_dates: string[]
  formatted_payment_confirm_date: string | null
}

/** The treasurer's "Tagihan" column with its stage filter (spec: invoice_index 1, 2, 3). */
export function invoiceColumn<T extends InvoicedOrder>(hidden: boolean): Column<T> {
  return {
    key: 'invoice_index',
    header: 'Tagihan',
    hidden,
    filter: {
      type: 'select',
      options: ['1', '2', '3'].map((stage) => ({ value: stage, label: `Tagihan ${stage}` })),
    },
    cell: (o) => (o.invoice_index ? `Tagihan ${o.invoice_index}` : '-'),
  }
}

/** The treasurer's expanded row: the stages' dates and the payment's confirmation. */
export function InvoiceDetail({ order }: { order: InvoicedOrder }) {
  return (
    <DetailList
      rows={[
        ...order.formatted_invoice_dates.map((date, index): [string, string] => [
          `Tagihan ${index + 1}`,
          date,
        ]),
        ['Pembayaran dikonfirmasi', order.formatted_payment_confirm_date ?? '-'],
      ]}
    />
  )
}
