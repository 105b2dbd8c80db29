import { SimpleTable } from '~/components/ui/simple_table'
import { Tabs } from '~/components/ui/tabs'
import { DeviceTable, Info, OrderPage } from '~/components/orders/order_page'
import { formatRupiah } from '~/lib/format'
import type { Data } from '#generated/data'

type Order = Data.InternalOrder.Variants['forDetail']
type Device = Order['devices'][number]

function SummaryTable({ devices }: { devices: Device[] }) {
  const groups = new Map<string, { name: string; count: number; total: number }>()
  for (const device of devices) {
    const group = groups.get(device.alkes.name) ?? { name: device.alkes.name, count: 0, total: 0 }
    group.count++
    group.total += device.price
    groups.set(device.alkes.name, group)
  }
  return (
    <SimpleTable
      rows={[...groups.values()]}
      rowKey={(group) => group.name}
      columns={[
        { header: 'Alat', cell: (group) => group.name },
        { header: 'Jumlah', cell: (group) => group.count },
        { header: 'Subtotal', cell: (group) => formatRupiah(group.total) },
      ]}
    />
  )
}

export default function InternalOrderShow({
  variant,
  order,
  backHref,
}: {
  variant: 'detail' | 'summary'
  order: Order
  backHref: string
}) {
  const active = order.devices.filter((d) => d.status !== 'BATAL UJI')
  const cancelled = order.devices.filter((d) => d.status === 'BATAL UJI')

  return (
    <OrderPage
      order={order}
      backHref={backHref}
      note={
        order.order_description && (
          <p className="text-sm text-slate-600 dark:text-slate-300">{order.order_description}</p>
        )
      }
      info={
        <>
          <Info label="Jenis layanan">{order.service_type}</Info>
          <Info label="Pengiriman">
            {order.delivery_option}
            {order.delivery_travel_name ? ` (${order.delivery_travel_name})` : ''}
          </Info>
          <Info label="Narahubung">
            {order.contact_person_name} · {order.contact_person_phone}
          </Info>
          <Info label="Estimasi kirim">{order.formatted_delivery_date_estimation}</Info>
          <Info label="Estimasi tiba">{order.formatted_arrival_date_estimation}</Info>
          <Info label="Estimasi pengerjaan">{order.estimated_duration}</Info>
          <Info label="Perkiraan selesai">{order.formatted_estimated_completion_at}</Info>
          <Info label="Total tarif">{order.formatted_total_price}</Info>
          <Info label="Diajukan">{order.formatted_created_at}</Info>
          {order.receive && (
            <Info label="Alat diterima">
              {order.receive.formatted_received_date} oleh {order.receive.checker ?? '-'}
            </Info>
          )}
          {order.handover && (
            <Info label="Diserahkan">
              {order.handover.formatted_created_at} kepada {order.handover.receiver}
            </Info>
          )}
        </>
      }
    >
      {variant === 'detail' ? (
        <Tabs
          tabs={[
            {
              key: 'summary',
              label: 'Ringkasan',
              content: <SummaryTable devices={active} />,
            },
            {
              key: 'devices',
              label: 'Detail Alat',
              content: <DeviceTable devices={order.devices} withActions />,
            },
            {
              key: 'cancelled',
              label: 'Batal Uji',
              content: <DeviceTable devices={cancelled} withActions={false} />,
            },
          ]}
        />
      ) : (
        <Tabs
          tabs={[
            {
              key: 'initial',
              label: 'Permintaan Awal',
              content: <DeviceTable devices={order.devices} withActions={false} />,
            },
            {
              key: 'final',
              label: 'Permintaan Akhir',
              content: <DeviceTable devices={active} withActions={false} />,
            },
            {
              key: 'cancelled',
              label: 'Batal Uji',
              content: <DeviceTable devices={cancelled} withActions={false} />,
            },
          ]}
        />
      )}
    </OrderPage>
  )
}
