import { useRef, type FormEvent } from 'react'
import { Head, Link, useForm } from '@inertiajs/react'
import { Card, PageHeader } from '~/components/ui/card'
import { LinkTabs } from '~/components/ui/tabs'
import { Button } from '~/components/ui/button'
import { TextField } from '~/components/ui/field'
import { bind } from '~/lib/bind'
import { StatusBadge } from '~/components/status_badge'
import { deviceColumn } from '~/components/orders/device_cell'
import { SimpleTable } from '~/components/ui/simple_table'
import type { Data } from '#generated/data'

type Device = Data.OrderDevice.Variants['forWorksheets']

type Props = {
  order: { number: string; status: string; certificate_date: string | null }
  /** The lab whose lines this page shows. */
  lab: { code: string; label: string }
  /** One tab a lab of the order this user may work on. */
  tabs: { lab: string; label: string; href: string; active: boolean }[]
  devices: Device[]
  backHref: string
  /** Where the certificate date is saved; null when this user may not set it now. */
  certificateDateHref: string | null
  /** The generated certificates of these lines (issue 15); null when this user may not open them. */
  certificatesHref: string | null
}

/** Uploads the worksheet PDF on choosing it; a refused file is explained right under the button. */
function UploadButton({ href, device }: { href: string; device: Device }) {
  const input = useRef<HTMLInputElement>(null)
  const form = useForm<{ file: File | null }>({ file: null })
  return (
    <>
      <input
        ref={input}
        type="file"
        accept="application/pdf"
        className="hidden"
        aria-label={`Unggah PDF ${device.alkes.name}`}
        onChange={(e) => {
          const file = e.target.files?.[0]
          e.target.value = ''
          if (!file) return
          form.transform(() => ({ file }))
          form.post(href, { forceFormData: true, preserveScroll: true })
        }}
      />
      <button
        type="button"
        className="text-sm text-brand-700 hover:underline disabled:opacity-50"
        disabled={form.processing}
        onClick={() => input.current?.click()}
      >
        {form.processing ? 'Mengunggah…' : 'Unggah PDF'}
      </button>
      {form.errors.file && (
        <p role="alert" className="mt-1 max-w-xs text-xs text-red-600">
          {form.errors.file}
        </p>
      )}
    </>
  )
}

/** The worksheets of one lab's device lines of an order (both order types), a tab a lab. */
export default function Worksheets({
  order,
  lab,
  tabs,
  devices,
  backHref,
  certificateDateHref,
  certificatesHref,
}: Props) {
  const form = useForm({ date: order.certificate_date ?? '' })
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (certificateDateHref) form.put(certificateDateHref, { preserveScroll: true })
  }
  return (
    <>
      <Head title={`Lembar Kerja ${order.number}`} />
      <PageHeader
        title={`Lembar Kerja ${lab.label}`}
        subtitle={`${order.number} · ${order.status}`}
        backHref={backHref}
      />
      {tabs.length > 1 && (
        <LinkTabs
          label="Laboratorium"
          tabs={tabs.map((tab) => ({
            key: tab.lab,
            label: tab.label,
            href: tab.href,
            active: tab.active,
          }))}
        />
      )}
      {certificatesHref && (
        <p className="mb-4 text-sm">
          Lembar kerja dengan pengukuran menghasilkan sertifikat yang disetujui kepala laboratorium:{' '}
          <Link href={certificatesHref} className="text-brand-700 hover:underline">
            buka halaman Sertifikat
          </Link>
          .
        </p>
      )}
      {certificateDateHref && (
        <Card className="mb-4 p-4">
          <form onSubmit={submit} className="flex flex-wrap items-end gap-3">
            <div className="w-56">
              <TextField label="Tanggal Sertifikat" type="date" {...bind(form, 'date')} />
            </div>
            <Button type="submit" disabled={form.processing}>
              Simpan Tanggal
            </Button>
          </form>
        </Card>
      )}
      <Card>
        <SimpleTable
          rows={devices}
          columns={[
            deviceColumn(),
            { header: 'Petugas', cell: (device) => device.officer?.name ?? '-' },
            {
              header: 'Lembar Kerja',
              cell: (device) => (
                <>
                  {device.worksheet_saved ? 'Tersimpan' : 'Belum diisi'}
                  {device.filled_by && (
                    <span className="block text-xs text-slate-500">
                      Diisi oleh {device.filled_by}
                    </span>
                  )}
                  {device.worksheet_href && (
                    <>
                      {' · '}
                      <a
                        href={device.worksheet_href}
                        target="_blank"
                        rel="noopener noreferrer"
                        className="text-brand-700 hover:underline"
                      >
                        PDF
                      </a>
                    </>
                  )}
                </>
              ),
            },
            {
              header: 'Status',
              cell: (device) => <StatusBadge status={device.status} tone={device.status_tone} />,
            },
            {
              header: 'Aksi',
              className: 'space-x-3 whitespace-nowrap',
              cell: (device) => (
                <>
                  {device.edit_href && (
                    <Link
                      href={device.edit_href}
                      className="text-sm text-brand-700 hover:underline"
                    >
                      Isi Lembar Kerja
                    </Link>
                  )}
                  {device.upload_href && <UploadButton href={device.upload_href} device={device} />}
                </>
              ),
            },
          ]}
        />
      </Card>
    </>
  )
}
