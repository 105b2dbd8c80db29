import { useMemo } from 'react'
import { Head, Link } from '@inertiajs/react'
import { History } from 'lucide-react'
import { PageHeader } from '~/components/ui/card'
import { buttonClass } from '~/components/ui/button'
import { DataTable, type Column } from '~/components/data_table/data_table'
import { RowCard } from '~/components/data_table/columns'
import { StatusBadge } from '~/components/status_badge'
import type { ListPageProps } from '~/components/master_list_page'
import type { Data } from '#generated/data'

type ImpactRow = Data.Lists.ImpactRow

type HistoryEntry = Data.CalibrationEvent

type Props = ListPageProps & {
  calibrator: { id: number; name: string; serialNumber: string }
  event: HistoryEntry | null
  lastGood: HistoryEntry | null
  recovery: HistoryEntry | null
  period: string
  totals: { facilities: number; lines: number }
  eventParam: string | null
  historyHref: string
}

const CERTIFICATE_TONES: Record<string, string> = {
  'Berlaku': 'emerald',
  'Menunggu Persetujuan': 'amber',
  'Diganti': 'slate',
  'Unggahan': 'sky',
  'Belum ada': 'slate',
}

const orderLink = (row: ImpactRow) => (
  <Link
    href={row.order_href}
    className="font-medium whitespace-nowrap text-brand-700 hover:underline dark:text-brand-100"
  >
    {row.order_number}
  </Link>
)

const resultBadge = (row: ImpactRow) =>
  row.is_laik === null ? (
    '-'
  ) : (
    <StatusBadge status={row.formatted_result} tone={row.is_laik ? 'emerald' : 'red'} />
  )

/**
 * Issue 15 point 6: the certificates issued with a calibrator since its last good calibration,
 * after it was found out of tolerance (or failed its own calibration), to notify the facilities.
 */
export default function CalibratorImpact(props: Props) {
  const { event, lastGood, recovery, totals } = props
  const params = useMemo(
    () => (props.eventParam ? { event: props.eventParam } : undefined),
    [props.eventParam]
  )
  const columns: Column<ImpactRow>[] = [
    {
      key: 'certificate_number',
      header: 'Nomor Sertifikat',
      cell: (row) => <span className="break-all">{row.certificate_number ?? '-'}</span>,
    },
    {
      key: 'certificate_status',
      header: 'Status Sertifikat',
      cell: (row) => (
        <StatusBadge
          status={row.certificate_status}
          tone={CERTIFICATE_TONES[row.certificate_status]}
        />
      ),
    },
    {
      key: 'work_date',
      header: 'Tanggal Pengerjaan',
      cell: (row) => <span className="whitespace-nowrap">{row.formatted_work_date}</span>,
    },
    { key: 'fasyankes_name', header: 'Fasyankes' },
    { key: 'alkes_name', header: 'Alat' },
    { key: 'merk', header: 'Merk' },
    { key: 'model', header: 'Model' },
    { key: 'serial_number', header: 'Nomor Seri' },
    { key: 'order_number', header: 'Nomor Order', cell: orderLink },
    { key: 'formatted_result', header: 'Hasil', cell: resultBadge },
  ]

  return (
    <>
      <Head title={props.title} />
      <PageHeader
        title={props.title}
        subtitle={`Nomor seri ${props.calibrator.serialNumber}`}
        backHref={props.historyHref}
        actions={
          <Link href={props.historyHref} className={buttonClass('secondary')}>
            <History className="size-4" /> Riwayat Kalibrasi
          </Link>
        }
      />

      {event ? (
        <section
          role="note"
          data-testid="impact-banner"
          className="mb-4 space-y-2 rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-900 dark:border-red-900 dark:bg-red-950/30 dark:text-red-100"
        >
          <p className="font-semibold">
            {event.kind === 'calibration'
              ? `Kalibrasi ${event.formatted_performed_on} gagal`
              : `Dinyatakan di luar toleransi pada ${event.formatted_performed_on}`}
            {event.notes ? `: ${event.notes}` : '.'}
          </p>
          <p>
            {lastGood
              ? `Kalibrasi baik terakhir sebelumnya: ${lastGood.formatted_performed_on}${lastGood.certificate_number ? ` (sertifikat ${lastGood.certificate_number})` : ''}. `
              : 'Tidak ada kalibrasi baik sebelumnya: seluruh pemakaian didaftar. '}
            {`Periode: ${props.period}.`}
            {recovery && ` Kalibrasi ulang lulus pada ${recovery.formatted_performed_on}.`}
          </p>
          <p className="font-semibold" data-testid="impact-totals">
            {totals.lines} alat dari {totals.facilities} fasyankes terdampak.
          </p>
        </section>
      ) : (
        <p
          role="note"
          data-testid="impact-banner"
          className="mb-4 rounded-md bg-emerald-50 p-3 text-sm text-emerald-900 dark:bg-emerald-900/30 dark:text-emerald-100"
        >
          Kalibrator ini tidak pernah dinyatakan di luar toleransi dan tidak pernah gagal kalibrasi:
          tidak ada sertifikat yang terdampak.
        </p>
      )}

      <DataTable<ImpactRow>
        path={props.path}
        columns={columns}
        sortable={props.sortable}
        params={params}
        renderCard={(row) => (
          <RowCard
            title={row.certificate_number ?? 'Tanpa nomor sertifikat'}
            subtitle={`${row.fasyankes_name} · ${row.formatted_work_date}`}
          >
            <p>
              {row.alkes_name}
              {[row.merk, row.model].filter(Boolean).length > 0 &&
                ` · ${[row.merk, row.model].filter(Boolean).join(' ')}`}
              {row.serial_number && ` · SN ${row.serial_number}`}
            </p>
            <div className="mt-1 flex flex-wrap items-center gap-2">
              <StatusBadge
                status={row.certificate_status}
                tone={CERTIFICATE_TONES[row.certificate_status]}
              />
              {resultBadge(row)}
              {orderLink(row)}
            </div>
          </RowCard>
        )}
      />
    </>
  )
}
