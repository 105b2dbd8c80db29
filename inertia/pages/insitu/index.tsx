import { DetailList } from '~/components/detail_list'
import { OrderListPage, type OrderListProps } from '~/components/orders/order_list'
import { InvoiceDetail } from '~/components/orders/invoice_column'
import type { Data } from '#generated/data'

type Order = Data.Lists.OrderRow.Variants['forInsitu']

export default function InsituIndex({
  showFacility,
  showInvoice,
  ...list
}: OrderListProps & {
  /** Whether this user sees the facility column (staff), decided by the server. */
  showFacility: boolean
  /** The treasurer's invoice column and payment dates, decided by the server. */
  showInvoice: boolean
}) {
  return (
    <OrderListPage<Order>
      list={list}
      show={{ facility: showFacility, status: true }}
      columns={[
        {
          key: 'letter_number',
          header: 'Nomor Surat',
          filter: { type: 'text', placeholder: 'Nomor surat' },
        },
        { key: 'execution_year', header: 'Tahun' },
      ]}
      detail={(o) =>
        showInvoice ? (
          <InvoiceDetail order={o} />
        ) : (
          <DetailList
            rows={[
              ['Alamat', o.fasyankes.address],
              ['Tanggal surat', o.formatted_letter_date],
              ['Nomor kontrak', o.contract_number],
              ['Diajukan', o.formatted_created_at],
            ]}
          />
        )
      }
      cardLine={(o) => `${o.letter_number} · ${o.device_count} alat · ${o.formatted_total_price}`}
    />
  )
}
