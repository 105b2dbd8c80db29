import { DetailList } from '~/components/detail_list'
import { OrderListPage, type OrderListProps } from '~/components/orders/order_list'
import type { InternalOrderRow } from '#queries/internal/order_list'

type Order = InternalOrderRow

export default function InternalIndex({
  columns: show,
  ...list
}: OrderListProps & {
  /** Which columns this user sees (spec part 2 section 6), decided by the server. */
  columns: { facility: boolean; delivery: boolean; invoice: boolean; status: boolean }
}) {
  return (
    <OrderListPage<Order>
      list={list}
      show={show}
      columns={[
        {
          key: 'delivery_estimation',
          header: 'Estimasi Kirim',
          hidden: !show.delivery,
          filter: { type: 'month' },
          cell: (o) => o.formatted_delivery_date_estimation,
        },
        {
          key: 'invoice_index',
          header: 'Tagihan',
          hidden: !show.invoice,
          filter: {
            type: 'select',
            options: ['1', '2', '3'].map((stage) => ({ value: stage, label: `Tagihan ${stage}` })),
          },
          cell: (o) => (o.invoice_index ? `Tagihan ${o.invoice_index}` : '-'),
        },
      ]}
      detail={(o) =>
        show.invoice ? (
          <DetailList
            rows={[
              ...o.formatted_invoice_dates.map((date, index): [string, string] => [
                `Tagihan ${index + 1}`,
                date,
              ]),
              ['Pembayaran dikonfirmasi', o.formatted_payment_confirm_date ?? '-'],
            ]}
          />
        ) : (
          <DetailList
            rows={[
              ['Layanan', o.service_type],
              ['Pengiriman', o.delivery_option],
              ['Estimasi tiba', o.formatted_arrival_date_estimation],
              ['Estimasi selesai', o.formatted_estimated_completion_at],
              ['Narahubung', `${o.contact_person_name} (${o.contact_person_phone})`],
              ['Diajukan', o.formatted_created_at],
            ]}
          />
        )
      }
      cardLine={(o) =>
        `${o.device_count} alat · ${o.formatted_total_price} · kirim ${o.formatted_delivery_date_estimation}`
      }
    />
  )
}
