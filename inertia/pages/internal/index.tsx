import { DataTable, type Column } from '~/components/data_table/data_table'
import { RowLink } from '~/components/list_actions'
import { DetailList } from '~/components/detail_list'
import type { ListPageProps } from '~/components/master_list_page'
import {
  OrderListHeader,
  orderNumberColumn,
  orderStatusColumn,
} from '~/components/orders/order_list'
import { StatusBadge } from '~/components/status_badge'

type Order = {
  id: number
  number: string
  status: string
  status_tone: string
  fasyankes: { fasyankes_name: string; city: string | null; province: string | null }
  service_type: string
  delivery_option: string
  formatted_delivery_date_estimation: string
  formatted_arrival_date_estimation: string
  formatted_created_at: string
  formatted_estimated_completion_at: string
  device_count: number
  formatted_total_price: string
  contact_person_name: string
  contact_person_phone: string
  invoice_index: number
  formatted_invoice_dates: string[]
  formatted_payment_confirm_date: string | null
}

type Props = ListPageProps & {
  /** "Ajukan Permintaan"; null when this user may not create orders. */
  createHref: string | null
  statuses: string[]
  /** Which columns this user sees (spec part 2 section 6), decided by the server. */
  columns: { facility: boolean; delivery: boolean; invoice: boolean; status: boolean }
  /** The order page of this user, with `:id` for the order. */
  orderPath: string
}

export default function InternalIndex({
  title,
  subtitle,
  path,
  sortable,
  createHref,
  statuses,
  columns: show,
  orderPath,
}: Props) {
  const detailHref = (o: Order) => orderPath.replace(':id', String(o.id))

  const columns: Column<Order>[] = [
    orderNumberColumn<Order>(orderPath),
    {
      key: 'fasyankes',
      header: 'Fasyankes',
      hidden: !show.facility,
      filter: { type: 'text', placeholder: 'Fasyankes' },
      cell: (o) => o.fasyankes.fasyankes_name,
    },
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
    { key: 'device_count', header: 'Alat', cell: (o) => `${o.device_count} alat` },
    { key: 'formatted_total_price', header: 'Total Tarif' },
    orderStatusColumn<Order>(statuses, !show.status),
  ]

  return (
    <>
      <OrderListHeader title={title} subtitle={subtitle} createHref={createHref} />
      <DataTable<Order>
        path={path}
        sortable={sortable}
        defaultLimit={10}
        columns={columns}
        renderDetail={(o) =>
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
        renderCard={(o) => (
          <div>
            <div className="flex items-center justify-between gap-2">
              <span className="font-mono text-xs font-semibold">{o.number}</span>
              <StatusBadge status={o.status} tone={o.status_tone} />
            </div>
            {show.facility && <p className="mt-1 font-medium">{o.fasyankes.fasyankes_name}</p>}
            <p className="text-sm text-slate-500">
              {o.device_count} alat · {o.formatted_total_price} · kirim{' '}
              {o.formatted_delivery_date_estimation}
            </p>
          </div>
        )}
        actions={(o) => <RowLink href={detailHref(o)}>Detail</RowLink>}
      />
    </>
  )
}
