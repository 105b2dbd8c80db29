import { Head } from '@inertiajs/react'
import { Card, PageHeader } from '~/components/ui/card'
import { SimpleTable, linkColumn } from '~/components/ui/simple_table'
import { cn } from '~/lib/cn'

type Entry = {
  id: number
  order_number: string
  order_href: string
  service: string
  status: string
  formatted_work_date: string
  result: string
  certificate_number: string | null
  certificate_href: string | null
  result_href: string | null
  worksheet_href: string | null
}

type Props = {
  /** Null when the page is opened without a device. */
  device: {
    alkes: string
    serial_number: string
    merk: string | null
    model: string | null
    fasyankes_name: string
  } | null
  entries: Entry[]
}

function FileLink({ href, label }: { href: string | null; label: string }) {
  if (!href) return null
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      className="mr-3 text-brand-700 hover:underline dark:text-brand-100"
    >
      {label}
    </a>
  )
}

/** Everything one device has been through at the lab, newest first. */
export default function DeviceHistory({ device, entries }: Props) {
  if (!device) {
    return (
      <>
        <Head title="Riwayat Alat" />
        <PageHeader title="Riwayat Alat" />
        <Card className="p-6 text-sm text-slate-600 dark:text-slate-300">
          Riwayat sebuah alat dibuka dari halaman permintaannya (tautan &ldquo;Riwayat alat&rdquo;),
          dari Monitoring Rekalibrasi di Dashboard, atau dengan mengetik nomor serinya di kotak
          Telusuri.
        </Card>
      </>
    )
  }
  const title = `Riwayat ${device.alkes}`
  return (
    <>
      <Head title={title} />
      <PageHeader
        title={title}
        subtitle={[
          `SN ${device.serial_number}`,
          [device.merk, device.model].filter(Boolean).join(' '),
          device.fasyankes_name,
        ]
          .filter(Boolean)
          .join(' · ')}
      />
      <Card>
        <SimpleTable
          rows={entries}
          columns={[
            linkColumn<Entry>(
              'Permintaan',
              (entry) => entry.order_href,
              (entry) => entry.order_number
            ),
            { header: 'Layanan', cell: (entry) => entry.service },
            { header: 'Tanggal Pengerjaan', cell: (entry) => entry.formatted_work_date },
            {
              header: 'Hasil',
              cell: (entry) => (
                <span
                  className={cn(
                    'font-semibold',
                    entry.result === 'TIDAK LAIK' && 'text-red-600',
                    entry.result === 'LAIK' && 'text-emerald-700'
                  )}
                >
                  {entry.result}
                </span>
              ),
            },
            { header: 'Nomor Sertifikat', cell: (entry) => entry.certificate_number ?? '-' },
            { header: 'Status', cell: (entry) => entry.status },
            {
              header: 'Berkas',
              cell: (entry) =>
                entry.certificate_href || entry.result_href || entry.worksheet_href ? (
                  <>
                    <FileLink href={entry.certificate_href} label="Sertifikat" />
                    <FileLink href={entry.result_href} label="Hasil" />
                    <FileLink href={entry.worksheet_href} label="Lembar kerja" />
                  </>
                ) : (
                  '-'
                ),
            },
          ]}
        />
      </Card>
    </>
  )
}
