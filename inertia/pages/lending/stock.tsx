import { Head } from '@inertiajs/react'
import { PageHeader } from '~/components/ui/card'
import { DataTable, type Column } from '~/components/data_table/data_table'
import { RowCard } from '~/components/data_table/columns'
import { StatusBadge } from '~/components/status_badge'
import type { ListPageProps } from '~/components/master_list_page'
import type { Data } from '#generated/data'

type StockRow = Data.Lists.StockRow

const COUNTS = [
  ['unavailable', 'Dipinjam'],
  ['available', 'Tersedia'],
  ['stock', 'Stok'],
] as const

/** Spec part 1: Monitoring Stok Kalibrator, totals of every type under the rows. */
export default function StockIndex(page: ListPageProps) {
  const columns: Column<StockRow>[] = [
    { key: 'name', header: 'Nama', cell: (row) => <span className="font-medium">{row.name}</span> },
    { key: 'merk', header: 'Merk' },
    { key: 'model', header: 'Tipe/Model' },
    ...COUNTS.map(([key, header]) => ({ key, header })),
    {
      key: 'overdue',
      header: 'Terlambat',
      cell: (row) =>
        row.overdue ? <StatusBadge status={`${row.overdue} terlambat`} tone="red" /> : '-',
    },
  ]
  return (
    <>
      <Head title={page.title} />
      <PageHeader title={page.title} subtitle={page.subtitle} />
      <DataTable<StockRow>
        path={page.path}
        columns={columns}
        rowKey={(row) => row.id}
        renderCard={(row) => (
          <RowCard title={row.name} subtitle={[row.merk, row.model].filter(Boolean).join(' · ')}>
            {COUNTS.map(([key, label]) => `${label} ${row[key]}`).join(' · ')}
            {row.overdue > 0 && ` · ${row.overdue} terlambat`}
          </RowCard>
        )}
        footer={(summary) => (
          <div className="flex flex-wrap gap-x-6 gap-y-1">
            <span>Total</span>
            {COUNTS.map(([key, label]) => (
              <span key={key} data-testid={`total-${key}`}>
                {label}: {summary[key]}
              </span>
            ))}
            {summary.overdue > 0 && <span>Terlambat: {summary.overdue}</span>}
          </div>
        )}
      />
    </>
  )
}
