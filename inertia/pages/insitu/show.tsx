import { Tabs } from '~/components/ui/tabs'
import { DeviceTable, Info, OrderPage } from '~/components/orders/order_page'
import type { Data } from '#generated/data'

type Order = Data.InsituOrder.Variants['forDetail']

export default function InsituOrderShow({ order, backHref }: { order: Order; backHref: string }) {
  const labs = order.labs.filter((lab) => lab.devices.length > 0)
  return (
    <OrderPage
      order={order}
      backHref={backHref}
      note={
        order.cancel_reason && (
          <p className="text-sm text-red-700 dark:text-red-300">
            Dibatalkan: {order.cancel_reason}
          </p>
        )
      }
      info={
        <>
          <Info label="Tahun pelaksanaan">{order.execution_year}</Info>
          <Info label="Nomor surat">{order.letter_number}</Info>
          <Info label="Tanggal surat">{order.formatted_letter_date}</Info>
          <Info label="Alamat">{order.fasyankes.address ?? '-'}</Info>
          <Info label="Total tarif alat">{order.formatted_total_price}</Info>
          <Info label="Diajukan">{order.formatted_created_at}</Info>
          {order.labs
            .filter((lab) => lab.final_estimation !== null)
            .map((lab) => (
              <Info key={lab.lab} label={`Estimasi ${lab.label}`}>
                {lab.final_estimation} hari · {lab.total_officer} petugas
              </Info>
            ))}
          {order.signature && (
            <Info label="Penawaran disetujui">
              {order.signature.name} ({order.signature.position})
            </Info>
          )}
          {order.finalization_notes && (
            <Info label="Catatan penyelesaian">{order.finalization_notes}</Info>
          )}
          {order.contract_number && (
            <Info label="Kontrak">
              {order.contract_number} · {order.formatted_contract_date}
            </Info>
          )}
        </>
      }
    >
      <Tabs
        tabs={labs.map((lab) => ({
          key: lab.lab,
          label: `${lab.label} (${lab.devices.length})`,
          content: <DeviceTable devices={lab.devices} withActions />,
        }))}
      />
    </OrderPage>
  )
}
