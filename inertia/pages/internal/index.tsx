import { DetailList } from '~/components/detail_list'
import { OrderListPage, type OrderListProps } from '~/components/orders/order_list'
import { InvoiceDetail } from '~/components/orders/invoice_column'
import type { Data } from '#generated/data'

type Order = Data.Lists.OrderRow.Variants['forInternal']

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
      ]}
      detail={(o) =>
        show.invoice ? (
          <InvoiceDetail order={o} />
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
