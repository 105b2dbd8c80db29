import { Head, Link } from '@inertiajs/react'
import { PageHeader } from '~/components/ui/card'
import { DataTable, type Column } from '~/components/data_table/data_table'
import { RowCard } from '~/components/data_table/columns'
import {
  ReportFilterForm,
  useReportFilters,
  type ReportOptions,
} from '~/components/reports/report_filters'
import { formatRupiah } from '~/lib/format'
import type { Data } from '#generated/data'

type LedgerRow = Data.Lists.LedgerRow

type Props = ReportOptions & { title: string; subtitle: string; path: string }

const KEYS = ['start_date', 'end_date', 'order_type'] as const

const TOTALS = [
  ['internal', 'Alat Datang (DT)'],
  ['insitu', 'Insitu (DL)'],
  ['', 'Total'],
] as const

/**
 * Laporan Berita Acara and Laporan PNBP: the spec's filter form (start date, end date, order
 * type, Filter) over a table of the orders, totals per order type, PDF and Excel.
 */
export default function LedgerReport(page: Props) {
  const { applied, apply } = useReportFilters(page, [...KEYS])
  const columns: Column<LedgerRow>[] = [
    {
      key: 'number',
      header: 'No Order',
      cell: (row) => (
        <Link
          href={row.href}
          className="font-medium text-brand-700 hover:underline dark:text-brand-100"
        >
          {row.number}
        </Link>
      ),
    },
    { key: 'type_label', header: 'Jenis' },
    { key: 'fasyankes_name', header: 'Fasyankes' },
    { key: 'formatted_date', header: 'Tanggal' },
    { key: 'device_count', header: 'Jumlah Alat' },
    { key: 'formatted_total_price', header: 'Tarif Layanan' },
  ]
  return (
    <>
      <Head title={page.title} />
      <PageHeader title={page.title} subtitle={page.subtitle} />
      <ReportFilterForm options={page} keys={[...KEYS]} applied={applied} onApply={apply} />
      <DataTable<LedgerRow>
        path={page.path}
        columns={columns}
        params={applied}
        renderCard={(row) => (
          <RowCard title={row.number} subtitle={`${row.type_label} · ${row.fasyankes_name}`}>
            {row.formatted_date} · {row.device_count} alat · {row.formatted_total_price}
          </RowCard>
        )}
        footer={(summary) => (
          <div className="grid gap-1 sm:grid-cols-3">
            {TOTALS.map(([type, label]) => {
              const key = (name: string) => (type ? `${type}_${name}` : name)
              return (
                <div key={label} data-testid={`ledger-total-${type || 'all'}`}>
                  <span className="font-semibold">{label}:</span> {summary[key('orders')]} order,{' '}
                  {summary[key('devices')]} alat, {formatRupiah(summary[key('amount')])}
                </div>
              )
            })}
          </div>
        )}
      />
    </>
  )
}
