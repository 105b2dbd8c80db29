import { DetailList } from '~/components/detail_list'

/** What every order list row carries about its invoice (`Data.Lists.OrderRow`). */
export type InvoicedOrder = {
  invoice_index: number
  formatted_invoice_dates: string[]
  formatted_payment_confirm_date: string | null
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
