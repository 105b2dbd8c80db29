import { useState, type ReactNode } from 'react'
import { Head, Link, router } from '@inertiajs/react'
import { ArrowLeft } from 'lucide-react'
import { Card, PageHeader } from '~/components/ui/card'
import { Button, buttonClass } from '~/components/ui/button'
import { StatusBadge } from '~/components/status_badge'
import { cn } from '~/lib/cn'
import { formatRupiah } from '~/lib/format'

interface Device {
  id: number
  alkes: { id: number; name: string }
  price: number
  formatted_price: string
  description: string | null
  status: string
  merk: string | null
  model: string | null
  serial_number: string | null
  functionality: string | null
  admin_description: string | null
  officer: { id: number; name: string } | null
}

interface Order {
  id: number
  number: string
  status: string
  fasyankes: { fasyankes_name: string; address: string | null }
  service_type: string
  delivery_option: string
  delivery_travel_name: string | null
  contact_person_name: string
  contact_person_phone: string
  order_description: string | null
  formatted_delivery_date_estimation: string
  formatted_arrival_date_estimation: string
  formatted_created_at: string
  estimated_duration: string
  formatted_estimated_completion_at: string
  formatted_total_price: string
  devices: Device[]
  receive: { checker: string | null; formatted_received_date: string; formatted_done_estimation_date: string } | null
  handover: { receiver: string; formatted_created_at: string } | null
  actions: string[]
  can_see_files: boolean
  can_print_proofs: boolean
  has_letter: boolean
  timeline: { id: number; label: string; user_name: string | null; reason: string | null; formatted_at: string }[]
}

/** Action buttons whose screens exist, in the order a user meets them. */
const ACTION_LINKS: [string, string, (id: number) => string, 'primary' | 'secondary' | 'danger'][] = [
  ['approve', 'Terima', (id) => `/internal/${id}/confirm/approve`, 'primary'],
  ['reject', 'Tolak', (id) => `/internal/${id}/confirm/reject`, 'danger'],
  ['edit', 'Ubah', (id) => `/internal/${id}/edit`, 'secondary'],
  ['resubmit', 'Ubah dan Ajukan Ulang', (id) => `/internal/${id}/edit`, 'primary'],
  ['append', 'Tambah Permintaan', (id) => `/internal/${id}/append`, 'secondary'],
  ['receive', 'Terima Alat', (id) => `/internal/${id}/receive`, 'primary'],
  ['assign_officers', 'Pilih Petugas', (id) => `/internal/${id}/officer`, 'primary'],
  ['handover', 'Serah Terima', (id) => `/internal/${id}/handover`, 'primary'],
  ['feedback', 'Isi Umpan Balik', (id) => `/internal/${id}/feedback`, 'primary'],
  ['worksheet', 'Lembar Kerja', (id) => `/internal/${id}/worksheet/pk`, 'secondary'],
]

function Info({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs text-slate-500">{label}</dt>
      <dd className="text-sm font-medium">{children}</dd>
    </div>
  )
}

function DeviceTable({ devices, order, withActions }: { devices: Device[]; order: Order; withActions: boolean }) {
  const canDelete = withActions && order.actions.includes('delete_device')
  const canCancel = withActions && order.actions.includes('cancel_device')
  const remove = (device: Device) => {
    if (window.confirm(`Apakah anda yakin ingin menghapus permintaan ${device.alkes.name} SN ${device.serial_number ?? '-'}?`)) {
      router.delete(`/internal/${order.id}/${device.id}`, { preserveScroll: true })
    }
  }
  if (devices.length === 0) return <p className="p-4 text-center text-sm text-slate-500">Data Masih Kosong</p>
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-sm">
        <thead className="bg-slate-50 text-left text-xs text-slate-500 uppercase dark:bg-slate-800/50">
          <tr>
            <th className="px-3 py-2">No</th>
            <th className="px-3 py-2">Alat</th>
            <th className="px-3 py-2">Merk / Model / SN</th>
            <th className="px-3 py-2">Tarif</th>
            <th className="px-3 py-2">Petugas</th>
            <th className="px-3 py-2">Status</th>
            {(canDelete || canCancel) && <th className="px-3 py-2">Aksi</th>}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
          {devices.map((device, index) => (
            <tr key={device.id}>
              <td className="px-3 py-2">{index + 1}</td>
              <td className="px-3 py-2">
                <p className="font-medium">{device.alkes.name}</p>
                {device.description && <p className="text-xs text-slate-500">{device.description}</p>}
                {device.admin_description && <p className="text-xs text-red-600">Alasan batal: {device.admin_description}</p>}
              </td>
              <td className="px-3 py-2">{[device.merk, device.model, device.serial_number].filter(Boolean).join(' / ') || '-'}</td>
              <td className="px-3 py-2 whitespace-nowrap">{device.formatted_price}</td>
              <td className="px-3 py-2">{device.officer?.name ?? '-'}</td>
              <td className="px-3 py-2"><StatusBadge status={device.status} /></td>
              {(canDelete || canCancel) && (
                <td className="space-x-3 px-3 py-2 whitespace-nowrap">
                  {canCancel && device.status === 'BELUM SELESAI' && (
                    <Link href={`/internal/${order.id}/${device.id}/cancel`} className="text-sm text-amber-700 hover:underline">Batal Uji</Link>
                  )}
                  {canDelete && (
                    <button type="button" onClick={() => remove(device)} className="text-sm text-red-600 hover:underline">Hapus</button>
                  )}
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

function SummaryTable({ devices }: { devices: Device[] }) {
  const groups = new Map<string, { name: string; count: number; total: number }>()
  for (const device of devices) {
    const group = groups.get(device.alkes.name) ?? { name: device.alkes.name, count: 0, total: 0 }
    group.count++
    group.total += device.price
    groups.set(device.alkes.name, group)
  }
  return (
    <table className="w-full text-sm">
      <thead className="bg-slate-50 text-left text-xs text-slate-500 uppercase dark:bg-slate-800/50">
        <tr>
          <th className="px-3 py-2">Alat</th>
          <th className="px-3 py-2">Jumlah</th>
          <th className="px-3 py-2">Subtotal</th>
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
        {[...groups.values()].map((group) => (
          <tr key={group.name}>
            <td className="px-3 py-2">{group.name}</td>
            <td className="px-3 py-2">{group.count}</td>
            <td className="px-3 py-2">{formatRupiah(group.total)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}

function Tabs({ tabs }: { tabs: { key: string; label: string; content: ReactNode }[] }) {
  const [active, setActive] = useState(tabs[0]?.key)
  if (!tabs.length) return <p>Please provide tab items array</p>
  return (
    <div>
      <div role="tablist" className="flex gap-1 border-b border-slate-200 px-3 dark:border-slate-800">
        {tabs.map((tab) => (
          <button key={tab.key} role="tab" type="button" aria-selected={active === tab.key} onClick={() => setActive(tab.key)} className={cn('border-b-2 px-3 py-2 text-sm font-medium', active === tab.key ? 'border-brand-600 text-brand-700 dark:text-brand-100' : 'border-transparent text-slate-500')}>
            {tab.label}
          </button>
        ))}
      </div>
      {tabs.map((tab) => (
        <div key={tab.key} role="tabpanel" hidden={active !== tab.key}>
          {tab.content}
        </div>
      ))}
    </div>
  )
}

export default function InternalOrderShow({ variant, order }: { variant: 'detail' | 'summary'; order: Order }) {
  const active = order.devices.filter((d) => d.status !== 'BATAL UJI')
  const cancelled = order.devices.filter((d) => d.status === 'BATAL UJI')
  const canDeleteOrder = order.actions.includes('delete') || order.actions.includes('delete_rejected')
  const removeOrder = () => {
    if (window.confirm(`Apakah anda yakin ingin menghapus data permintaan ${order.number}?`)) router.delete(`/internal/${order.id}`)
  }

  return (
    <>
      <Head title={order.number} />
      <PageHeader
        title={`Permintaan ${order.number}`}
        subtitle={order.fasyankes.fasyankes_name}
        actions={
          <Link href="/internal" className={buttonClass('secondary')}>
            <ArrowLeft className="size-4" /> Kembali
          </Link>
        }
      />
      <div className="grid gap-4 xl:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="space-y-4">
          <Card className="p-5">
            <div className="mb-4 flex flex-wrap items-center gap-3">
              <StatusBadge status={order.status} />
              {order.order_description && <p className="text-sm text-slate-600 dark:text-slate-300">{order.order_description}</p>}
            </div>
            <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
              <Info label="Jenis layanan">{order.service_type}</Info>
              <Info label="Pengiriman">{order.delivery_option}{order.delivery_travel_name ? ` (${order.delivery_travel_name})` : ''}</Info>
              <Info label="Narahubung">{order.contact_person_name} · {order.contact_person_phone}</Info>
              <Info label="Estimasi kirim">{order.formatted_delivery_date_estimation}</Info>
              <Info label="Estimasi tiba">{order.formatted_arrival_date_estimation}</Info>
              <Info label="Estimasi pengerjaan">{order.estimated_duration}</Info>
              <Info label="Perkiraan selesai">{order.formatted_estimated_completion_at}</Info>
              <Info label="Total tarif">{order.formatted_total_price}</Info>
              <Info label="Diajukan">{order.formatted_created_at}</Info>
              {order.has_letter && (
                <Info label="Surat permohonan">
                  <a href={`/internal/${order.id}/letter`} target="_blank" rel="noopener" className="text-brand-700 hover:underline dark:text-brand-100">
                    Buka surat
                  </a>
                </Info>
              )}
              {order.receive && <Info label="Alat diterima">{order.receive.formatted_received_date} oleh {order.receive.checker ?? '-'}</Info>}
              {order.handover && <Info label="Diserahkan">{order.handover.formatted_created_at} kepada {order.handover.receiver}</Info>}
            </dl>
            <div className="mt-5 flex flex-wrap gap-2" data-testid="order-actions">
              {ACTION_LINKS.filter(([action]) => order.actions.includes(action)).map(([action, label, href, variant]) => (
                <Link key={action} href={href(order.id)} className={buttonClass(variant)}>
                  {label}
                </Link>
              ))}
              {order.can_print_proofs && order.receive && (
                <a href={`/internal/${order.id}/receive/print`} target="_blank" rel="noopener" className={buttonClass('secondary')}>
                  Cetak Bukti Penerimaan
                </a>
              )}
              {order.can_print_proofs && order.handover && (
                <a href={`/internal/${order.id}/handover/print`} target="_blank" rel="noopener" className={buttonClass('secondary')}>
                  Cetak Bukti Serah Terima
                </a>
              )}
              {order.can_see_files && (
                <Link href={`/internal/${order.id}/attachment`} className={buttonClass('secondary')}>
                  Berkas
                </Link>
              )}
              {canDeleteOrder && (
                <Button variant="danger" onClick={removeOrder}>
                  Hapus Permintaan
                </Button>
              )}
            </div>
          </Card>

          <Card>
            {variant === 'detail' ? (
              <Tabs
                tabs={[
                  { key: 'summary', label: 'Ringkasan', content: <SummaryTable devices={active} /> },
                  { key: 'devices', label: 'Detail Alat', content: <DeviceTable devices={order.devices} order={order} withActions /> },
                  { key: 'cancelled', label: 'Batal Uji', content: <DeviceTable devices={cancelled} order={order} withActions={false} /> },
                ]}
              />
            ) : (
              <Tabs
                tabs={[
                  { key: 'initial', label: 'Permintaan Awal', content: <DeviceTable devices={order.devices} order={order} withActions={false} /> },
                  { key: 'final', label: 'Permintaan Akhir', content: <DeviceTable devices={active} order={order} withActions={false} /> },
                  { key: 'cancelled', label: 'Batal Uji', content: <DeviceTable devices={cancelled} order={order} withActions={false} /> },
                ]}
              />
            )}
          </Card>
        </div>

        <Card className="h-fit p-5">
          <h2 className="mb-3 font-semibold">Riwayat</h2>
          <ol className="space-y-3 border-l border-slate-200 pl-4 dark:border-slate-700" data-testid="timeline">
            {order.timeline.map((entry) => (
              <li key={entry.id} className="relative">
                <span className="absolute top-1.5 -left-[1.3rem] size-2 rounded-full bg-brand-600" />
                <p className="text-sm font-medium">{entry.label}</p>
                <p className="text-xs text-slate-500">
                  {entry.formatted_at}
                  {entry.user_name ? ` · ${entry.user_name}` : ''}
                </p>
                {entry.reason && <p className="text-xs text-slate-600 dark:text-slate-300">{entry.reason}</p>}
              </li>
            ))}
          </ol>
        </Card>
      </div>
    </>
  )
}
