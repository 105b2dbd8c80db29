import type React from 'react'
import { Head, usePage } from '@inertiajs/react'
import { Card, PageHeader } from '~/components/ui/card'
import { cn } from '~/lib/cn'

type Props = {
  cards: { status: string; label: string; count: number }[]
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
  }[]
  /** Order number and facility columns (spec part 1: yantek and admin_pk only), decided by the server. */
  showOrderColumns: boolean
}

function Table({
  headers,
  rows,
  empty,
}: {
  headers: string[]
  rows: React.ReactNode[][]
  empty: string
}) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-sm">
        <thead className="bg-slate-50 text-left text-xs text-slate-500 uppercase dark:bg-slate-800/50">
          <tr>
            {headers.map((h) => (
              <th key={h} className="px-3 py-2">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
          {rows.length === 0 && (
            <tr>
              <td colSpan={headers.length} className="px-3 py-6 text-center text-slate-500">
                {empty}
              </td>
            </tr>
          )}
          {rows.map((cells, i) => (
            <tr key={i}>
              {cells.map((cell, j) => (
                <td key={j} className="px-3 py-2">
                  {cell}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
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
        {cards.map((card) => (
          <Card key={card.status} className="p-4">
            <p className="text-sm text-slate-500">{card.label}</p>
            <p className="mt-1 text-3xl font-semibold">{card.count}</p>
          </Card>
        ))}
      </div>
      <div className="grid gap-4 xl:grid-cols-2">
        <Card>
          <h2 className="border-b border-slate-200 px-4 py-3 font-semibold dark:border-slate-800">
            Permintaan Tuntung Saharian Hari Ini
          </h2>
          <Table
            headers={[...(full ? ['Nomor'] : []), 'Fasyankes', 'Alat', 'Tarif']}
            rows={daily.map((row) => [
              ...(full ? [row.number ?? '-'] : []),
              row.fasyankes_name,
              row.alkes_name,
              row.formatted_price,
            ])}
            empty="Data Masih Kosong"
          />
        </Card>
        <Card>
          <h2 className="border-b border-slate-200 px-4 py-3 font-semibold dark:border-slate-800">
            Monitoring Rekalibrasi terdekat
          </h2>
          <Table
            headers={[
              'No',
              ...(full ? ['Fasyankes'] : []),
              'Alat Kesehatan',
              'Kalibrasi Berikutnya',
              'Hari',
            ]}
            rows={recalibration.map((row, index) => [
              index + 1,
              ...(full ? [row.fasyankes_name] : []),
              row.alkes,
              row.formatted_next_calibration_date,
              <span
                key="day"
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
              </span>,
            ])}
            empty="Data Masih Kosong"
          />
        </Card>
      </div>
    </>
  )
}
