import { Head, Link } from '@inertiajs/react'
import { PageHeader } from '~/components/ui/card'
import { DataTable, type Column } from '~/components/data_table/data_table'
import { RowCard, textColumn } from '~/components/data_table/columns'
import { StatusBadge } from '~/components/status_badge'
import type { ListPageProps } from '~/components/master_list_page'
import type { Data } from '#generated/data'

type InventoryRow = Data.Lists.InventoryRow

type Props = ListPageProps & {
  /** The facility column (spec part 1 section 6: yantek and admin_pk), decided by the server. */
  showFacility: boolean
  /** Whether the device names link to their history (a page not every inventory reader may open). */
  showHistory: boolean
}

/** The device's name, linked to its history where it has one and the user may open it. */
function DeviceName({ row, linked }: { row: InventoryRow; linked: boolean }) {
  return linked && row.history_href ? (
    <Link
      href={row.history_href}
      className="font-medium text-brand-700 hover:underline dark:text-brand-100"
    >
      {row.alkes.name}
    </Link>
  ) : (
    <span className="font-medium">{row.alkes.name}</span>
  )
}

/** The day counter with the row's mark: overdue or TIDAK LAIK in red, due within 30 days amber. */
function DayCounter({ row }: { row: InventoryRow }) {
  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      <span className="font-semibold tabular-nums">{row.day_counter}</span>
      {row.mark.state !== 'scheduled' && (
        <StatusBadge status={row.mark.label} tone={row.mark.tone} />
      )}
    </span>
  )
}

/**
 * Spec part 1: 'Data Inventory Fasyankes'. The device is shown as its name, brand, model and
 * serial number in their own columns, each with its filter (the spec's filters alkes, merk,
 * model, serial_number); the next calibration date filters by month.
 */
export default function InventoryIndex({
  title,
  subtitle,
  path,
  sortable,
  showFacility,
  showHistory,
}: Props) {
  const columns: Column<InventoryRow>[] = [
    textColumn('fasyankes', 'Fasyankes', 'Fasyankes', {
      hidden: !showFacility,
      cell: (row) => row.fasyankes?.fasyankes_name ?? '-',
    }),
    textColumn('alkes', 'Alat', 'Alat', {
      cell: (row) => <DeviceName row={row} linked={showHistory} />,
    }),
    textColumn('merk', 'Merk', 'Merk', { cell: (row) => row.merk ?? '-' }),
    textColumn('type_model', 'Tipe/Model', 'Model', {
      filterKey: 'model',
      cell: (row) => row.type_model ?? '-',
    }),
    textColumn('serial_number', 'Nomor Seri', 'No. seri', {
      cell: (row) => <span className="font-mono text-xs">{row.serial_number}</span>,
    }),
    {
      key: 'last_calibration_date',
      header: 'Kalibrasi Terakhir',
      cell: (row) => row.formatted_last_calibration_date,
      className: 'whitespace-nowrap',
    },
    {
      key: 'next_calibration_date',
      header: 'Kalibrasi Berikutnya',
      filter: { key: 'calibration_month', type: 'month', placeholder: 'Bulan' },
      cell: (row) => row.formatted_next_calibration_date,
    },
    { key: 'day_counter', header: 'Hari', cell: (row) => <DayCounter row={row} /> },
  ]

  return (
    <>
      <Head title={title} />
      <PageHeader title={title} subtitle={subtitle} />
      <DataTable<InventoryRow>
        path={path}
        columns={columns}
        sortable={sortable}
        defaultLimit={20}
        renderCard={(row) => (
          <RowCard
            title={<DeviceName row={row} linked={showHistory} />}
            subtitle={[row.merk, row.type_model, `SN ${row.serial_number}`]
              .filter(Boolean)
              .join(' · ')}
          >
            {row.fasyankes && <p>{row.fasyankes.fasyankes_name}</p>}
            <p className="text-slate-600 dark:text-slate-400">
              Terakhir {row.formatted_last_calibration_date} · Berikutnya{' '}
              {row.formatted_next_calibration_date}
            </p>
            <div className="mt-1">
              <DayCounter row={row} />
            </div>
          </RowCard>
        )}
      />
    </>
  )
}
