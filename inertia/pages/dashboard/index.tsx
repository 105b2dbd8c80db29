import { Head, Link, usePage } from '@inertiajs/react'
import { Card, PageHeader } from '~/components/ui/card'
import { SimpleTable } from '~/components/ui/simple_table'
import { cn } from '~/lib/cn'

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
  recalibration: {
    id: number
    fasyankes_name: string
    alkes: string
    formatted_next_calibration_date: string
    day_counter: number
    not_fit: boolean
    /** The device's history page (null without a serial number). */
    history_href: string | null
  }[]
  /** Order number and facility columns (spec part 1: yantek and admin_pk only), decided by the server. */
  showOrderColumns: boolean
}

export default function Dashboard({ cards, daily, recalibration, showOrderColumns: full }: Props) {
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
          <h2 className="border-b border-slate-200 px-4 py-3 font-semibold dark:border-slate-800">
            Monitoring Rekalibrasi terdekat
          </h2>
          <SimpleTable
            rows={recalibration}
            columns={[
              { header: 'No', cell: (_, index) => index + 1 },
              full && { header: 'Fasyankes', cell: (row) => row.fasyankes_name },
              {
                header: 'Alat Kesehatan',
                cell: (row) =>
                  row.history_href ? (
                    <Link href={row.history_href} className="text-brand-700 hover:underline">
                      {row.alkes}
                    </Link>
                  ) : (
                    row.alkes
                  ),
              },
              {
                header: 'Kalibrasi Berikutnya',
                cell: (row) => row.formatted_next_calibration_date,
              },
              {
                header: 'Hari',
                cell: (row) =>
                  row.not_fit ? (
                    <span className="rounded-full bg-red-100 px-2 py-0.5 text-xs font-semibold text-red-700 dark:bg-red-900/40 dark:text-red-200">
                      TIDAK LAIK
                    </span>
                  ) : (
                    <span
                      className={cn(
                        'font-semibold',
                        row.day_counter < 0
                          ? 'text-red-600'
                          : row.day_counter <= 30
                            ? 'text-amber-600'
                            : 'text-emerald-700'
                      )}
                    >
                      {row.day_counter}
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
