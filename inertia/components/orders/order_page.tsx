import type { ReactNode } from 'react'
import { Head, Link } from '@inertiajs/react'
import { Card, PageHeader } from '~/components/ui/card'
import { StatusBadge } from '~/components/status_badge'
import { SimpleTable } from '~/components/ui/simple_table'
import { ActionButtons } from '~/components/orders/action_buttons'
import type { Data } from '#generated/data'

/** What every order's page reads from its order (both types). */
type FramedOrder = Data.Order.Variants['forDetail']
type TimelineEntry = Data.AuditEntry

/** A device line on an order's page (both types), with what the viewer may do to it. */
export type DeviceRow = Data.OrderDevice.Variants['forDetail']

const LINK = 'text-xs text-brand-700 hover:underline dark:text-brand-100'

/**
 * What came of a line: LAIK or TIDAK LAIK (red), the certificate's number, its download and
 * its public verification page (issue 35, point 4).
 */
export function DeviceOutcome({ device }: { device: DeviceRow }) {
  const certificate = device.certificate
  if (!device.verdict && !certificate) return <>-</>
  return (
    <div className="space-y-0.5" data-testid="device-outcome">
      {device.verdict && <StatusBadge status={device.verdict} tone={device.verdict_tone ?? ''} />}
      {certificate?.certificate_number && (
        <p className="font-mono text-xs break-all">{certificate.certificate_number}</p>
      )}
      {certificate?.certificate_href && (
        <a
          href={certificate.certificate_href}
          target="_blank"
          rel="noopener noreferrer"
          className={`${LINK} mr-3`}
        >
          Unduh sertifikat
        </a>
      )}
      {certificate?.verification_href && (
        <a
          href={certificate.verification_href}
          target="_blank"
          rel="noopener noreferrer"
          className={LINK}
        >
          Verifikasi
        </a>
      )}
    </div>
  )
}

/** One labelled value of an order's data. */
export function Info({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs text-slate-500">{label}</dt>
      <dd className="text-sm font-medium">{children}</dd>
    </div>
  )
}

/** The device lines of an order: identity, tariff, officer, status and, for staff, actions. */
export function DeviceTable({
  devices,
  withActions,
}: {
  devices: DeviceRow[]
  withActions: boolean
}) {
  const showActions = withActions && devices.some((device) => device.actions.length > 0)
  return (
    <SimpleTable
      rows={devices}
      columns={[
        { header: 'No', cell: (_, index) => index + 1 },
        {
          header: 'Alat',
          cell: (device) => (
            <>
              <p className="font-medium">{device.alkes.name}</p>
              {device.description && <p className="text-xs text-slate-500">{device.description}</p>}
              {device.admin_description && (
                <p className="text-xs text-red-600">Alasan batal: {device.admin_description}</p>
              )}
            </>
          ),
        },
        {
          header: 'Merk / Model / SN',
          cell: (device) => (
            <>
              {[device.merk, device.model, device.serial_number].filter(Boolean).join(' / ') || '-'}
              {device.history_href && (
                <Link
                  href={device.history_href}
                  className="block text-xs text-brand-700 hover:underline dark:text-brand-100"
                >
                  Riwayat alat
                </Link>
              )}
            </>
          ),
        },
        {
          header: 'Tarif',
          className: 'whitespace-nowrap',
          cell: (device) => device.formatted_price,
        },
        { header: 'Petugas', cell: (device) => device.officer?.name ?? '-' },
        { header: 'Hasil / Sertifikat', cell: (device) => <DeviceOutcome device={device} /> },
        {
          header: 'Status',
          cell: (device) => <StatusBadge status={device.status} tone={device.status_tone} />,
        },
        showActions && {
          header: 'Aksi',
          className: 'space-x-3 whitespace-nowrap',
          cell: (device) => <ActionButtons actions={device.actions} compact />,
        },
      ]}
    />
  )
}

/** The order's history (the audit log in its workflow's words), newest last. */
export function OrderTimeline({ entries }: { entries: TimelineEntry[] }) {
  return (
    <Card className="h-fit p-5">
      <h2 className="mb-3 font-semibold">Riwayat</h2>
      <ol
        className="space-y-3 border-l border-slate-200 pl-4 dark:border-slate-700"
        data-testid="timeline"
      >
        {entries.map((entry) => (
          <li key={entry.id} className="relative">
            <span className="absolute top-1.5 -left-[1.3rem] size-2 rounded-full bg-brand-600" />
            <p className="text-sm font-medium">{entry.label}</p>
            {entry.detail && (
              <p className="text-xs text-slate-600 dark:text-slate-300">{entry.detail}</p>
            )}
            <p className="text-xs text-slate-500">
              {entry.formatted_at}
              {entry.user_name ? ` · ${entry.user_name}` : ''}
            </p>
            {entry.reason && (
              <p className="text-xs text-slate-600 dark:text-slate-300">{entry.reason}</p>
            )}
          </li>
        ))}
      </ol>
    </Card>
  )
}

/**
 * An order's page, both types: title, status with its note, the order's data (`info`), the
 * application letter, the actions the viewer may take, the device lines (`children`) and the
 * timeline beside them.
 */
export function OrderPage({
  order,
  backHref,
  note,
  info,
  children,
}: {
  order: FramedOrder
  backHref: string
  note?: ReactNode
  info: ReactNode
  children: ReactNode
}) {
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
              {note}
            </div>
            <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
              {info}
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
            </dl>
            <div className="mt-5 flex flex-wrap gap-2" data-testid="order-actions">
              <ActionButtons actions={order.buttons} />
            </div>
          </Card>
          <Card>{children}</Card>
        </div>
        <OrderTimeline entries={order.timeline} />
      </div>
    </>
  )
}
