import { Head, Link, usePage } from '@inertiajs/react'
import { Card, PageHeader } from '~/components/ui/card'
import { SimpleTable } from '~/components/ui/simple_table'
import { StatusBadge } from '~/components/status_badge'
import { buttonClass } from '~/components/ui/button'
import type { Data } from '#generated/data'

type Props = {
  /** Each card links to the order list filtered to its status (null: no list for this user). */
  cards: { status: string; label: string; count: number; href: string | null }[]
  daily: {
    id: number
    number: string | null
    fasyankes_name: string
    alkes_name: string
    formatted_price: string
  }[]
  recalibration: Data.InventoryDevice.Variants['forMonitor'][]
  /** The whole inventory ('Lihat semua'); null when the user may not open it. */
  inventoryHref: string | null
  /** Order number and facility columns (spec part 1: yantek and admin_pk only), decided by the server. */
  showOrderColumns: boolean
  /** A facility's devices due for recalibration within 30 days (issue 17); null for staff. */
  recalibrationDue: {
    items: {
      id: number
      device: string
      serial_number: string
      formatted_due_date: string
      days: number
      requestable: boolean
    }[]
    /** A new Alat Datang request with those devices; null when none can be requested. */
    requestHref: string | null
  } | null
}

export default function Dashboard({
  cards,
  daily,
  recalibration,
  inventoryHref,
  showOrderColumns: full,
  recalibrationDue,
}: Props) {
  const { auth } = usePage().props
  return (
    <>
      <Head title="Dashboard" />
      <PageHeader title="Dashboard" subtitle={`Selamat datang, ${auth?.user.name ?? ''}`} />
      <div
        className="mb-6 grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-5"
        data-testid="status-cards"
      >
        {cards.map((card) => {
          const body = (
            <>
              <p className="text-sm text-slate-500">{card.label}</p>
              <p className="mt-1 text-3xl font-semibold">{card.count}</p>
            </>
          )
          return (
            <Card key={card.status} className="p-4">
              {card.href ? (
                <Link href={card.href} className="block hover:text-brand-700">
                  {body}
                </Link>
              ) : (
                body
              )}
            </Card>
          )
        })}
      </div>
      {recalibrationDue && recalibrationDue.items.length > 0 && (
        <Card className="mb-6 border-amber-300 dark:border-amber-700">
          <div
            className="flex flex-wrap items-center justify-between gap-3 border-b border-slate-200 px-4 py-3 dark:border-slate-800"
            data-testid="recalibration-due"
          >
            <div>
              <h2 className="font-semibold">Pengingat Kalibrasi Ulang</h2>
              <p className="text-sm text-slate-500">
                {recalibrationDue.items.length} alat jatuh tempo kalibrasi dalam 30 hari atau sudah
                lewat.
              </p>
            </div>
            {recalibrationDue.requestHref && (
              <Link href={recalibrationDue.requestHref} className={buttonClass('primary')}>
                Ajukan Kalibrasi
              </Link>
            )}
          </div>
          <SimpleTable
            rows={recalibrationDue.items}
            columns={[
              { header: 'Alat', cell: (row) => row.device },
              { header: 'No. Seri', cell: (row) => row.serial_number },
              {
                header: 'Jatuh Tempo',
                cell: (row) => (
                  <span className="inline-flex flex-wrap items-center gap-2">
                    {row.formatted_due_date}
                    <StatusBadge
                      status={
                        row.days < 0
                          ? `lewat ${-row.days} hari`
                          : row.days === 0
                            ? 'hari ini'
                            : `${row.days} hari lagi`
                      }
                      tone={row.days <= 0 ? 'red' : 'amber'}
                    />
                  </span>
                ),
              },
              {
                header: 'Layanan',
                cell: (row) =>
                  row.requestable ? 'Alat Datang' : 'Insitu (ajukan dari menu Insitu)',
              },
            ]}
          />
        </Card>
      )}
      <div className="grid gap-4 xl:grid-cols-2">
        <Card>
          <h2 className="border-b border-slate-200 px-4 py-3 font-semibold dark:border-slate-800">
            Permintaan Tuntung Saharian Hari Ini
          </h2>
          <SimpleTable
            rows={daily}
            columns={[
              full && { header: 'Nomor', cell: (row) => row.number ?? '-' },
              { header: 'Fasyankes', cell: (row) => row.fasyankes_name },
              { header: 'Alat', cell: (row) => row.alkes_name },
              { header: 'Tarif', cell: (row) => row.formatted_price },
            ]}
          />
        </Card>
        <Card>
          <div className="flex items-center justify-between gap-3 border-b border-slate-200 px-4 py-3 dark:border-slate-800">
            <h2 className="font-semibold">Monitoring Rekalibrasi terdekat</h2>
            {inventoryHref && (
              <Link
                href={inventoryHref}
                className="text-sm font-medium whitespace-nowrap text-brand-700 hover:underline dark:text-brand-100"
              >
                Lihat semua
              </Link>
            )}
          </div>
          <SimpleTable
            rows={recalibration}
            columns={[
              { header: 'No', cell: (_, index) => index + 1 },
              full && { header: 'Fasyankes', cell: (row) => row.fasyankes_name ?? '-' },
              {
                header: 'Alat',
                cell: (row) =>
                  row.history_href ? (
                    <Link
                      href={row.history_href}
                      className="text-brand-700 hover:underline dark:text-brand-100"
                    >
                      {row.alkes}
                    </Link>
                  ) : (
                    row.alkes
                  ),
              },
              {
                header: 'Kalibrasi Berikutnya',
                cell: (row) => row.formatted_next_calibration_date,
                className: 'whitespace-nowrap',
              },
              {
                header: 'Hari',
                cell: (row) => (
                  <span className="inline-flex flex-wrap items-center justify-end gap-2 sm:justify-start">
                    <span className="font-semibold tabular-nums">{row.day_counter}</span>
                    {row.mark.state !== 'scheduled' && (
                      <StatusBadge status={row.mark.label} tone={row.mark.tone} />
                    )}
                  </span>
                ),
              },
            ]}
          />
        </Card>
      </div>
    </>
  )
}
