import { Head } from '@inertiajs/react'
import { Card, PageHeader } from '~/components/ui/card'
import { StatusBadge } from '~/components/status_badge'
import { Tabs } from '~/components/ui/tabs'
import { ActionButtons } from '~/components/orders/action_buttons'
import { DeviceTable, Info, OrderTimeline } from '~/components/orders/order_page'
import type { InsituOrderDetail } from '#queries/insitu/detail_types'

export default function InsituOrderShow({
  order,
  backHref,
}: {
  order: InsituOrderDetail
  backHref: string
}) {
  const labs = order.labs.filter((lab) => lab.devices.length > 0)
  return (
    <>
      <Head title={order.number} />
      <PageHeader
        title={`Permintaan ${order.number}`}
        subtitle={order.fasyankes.fasyankes_name}
        backHref={backHref}
      />
      <div className="grid gap-4 xl:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="space-y-4">
          <Card className="p-5">
            <div className="mb-4 flex flex-wrap items-center gap-3">
              <StatusBadge status={order.status} tone={order.status_tone} />
              {order.cancel_reason && (
                <p className="text-sm text-red-700 dark:text-red-300">
                  Dibatalkan: {order.cancel_reason}
                </p>
              )}
            </div>
            <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
              <Info label="Tahun pelaksanaan">{order.execution_year}</Info>
              <Info label="Nomor surat">{order.letter_number}</Info>
              <Info label="Tanggal surat">{order.formatted_letter_date}</Info>
              <Info label="Alamat">{order.fasyankes.address ?? '-'}</Info>
              <Info label="Total tarif alat">{order.formatted_total_price}</Info>
              <Info label="Diajukan">{order.formatted_created_at}</Info>
              {order.letter_href && (
                <Info label="Surat permohonan">
                  <a
                    href={order.letter_href}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="text-brand-700 hover:underline dark:text-brand-100"
                  >
                    Buka surat
                  </a>
                </Info>
              )}
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
              {order.contract_number && (
                <Info label="Kontrak">
                  {order.contract_number} · {order.formatted_contract_date}
                </Info>
              )}
            </dl>
            <div className="mt-5 flex flex-wrap gap-2" data-testid="order-actions">
              <ActionButtons actions={order.buttons} />
            </div>
          </Card>
          <Card>
            <Tabs
              tabs={labs.map((lab) => ({
                key: lab.lab,
                label: `${lab.label} (${lab.devices.length})`,
                content: <DeviceTable devices={lab.devices} withActions />,
              }))}
            />
          </Card>
        </div>
        <OrderTimeline entries={order.timeline} />
      </div>
    </>
  )
}
