import { useState, type FormEvent } from 'react'
import { Head, useForm } from '@inertiajs/react'
import { ExternalLink } from 'lucide-react'
import { Card, PageHeader } from '~/components/ui/card'
import { Button, buttonClass } from '~/components/ui/button'
import { TextField, controlClass } from '~/components/ui/field'
import { bind } from '~/lib/bind'
import { StatusBadge } from '~/components/status_badge'
import { deviceColumn } from '~/components/orders/device_cell'
import { SimpleTable } from '~/components/ui/simple_table'
import type { Data } from '#generated/data'
import { FileInput } from '~/components/ui/file_input'
import { BulkCertificates, type BulkHrefs } from '~/components/orders/bulk_certificates'

type Device = Data.OrderDevice.Variants['forFiles']

type Kind = 'certificate' | 'result'

type Props = {
  order: { number: string; folder_link: string | null }
  devices: Device[]
  backHref: string
  /** Where a certificate or result is sent, by kind; null where this user may not upload. */
  uploadHrefs: Record<Kind, string> | null
  /** The bulk certificate upload; null where this user may attach to no line. */
  bulkHrefs: BulkHrefs | null
  /** Where the folder link is saved; null where this user may not change it. */
  folderHref: string | null
  formats: { label: string; href: string }[]
}

function ResultForm({ href, device, type }: { href: string; device: Device; type: Kind }) {
  const [mode, setMode] = useState<'file' | 'link'>('file')
  const form = useForm<{ type: string; order_device_id: number; file: File | null; link: string }>({
    type,
    order_device_id: device.id,
    file: null,
    link: '',
  })
  const submit = (event: FormEvent) => {
    event.preventDefault()
    form.transform(({ file, link, ...data }) =>
      mode === 'file' ? { ...data, file } : { ...data, link }
    )
    form.post(href, { forceFormData: true, preserveScroll: true })
  }
  const errors = form.errors as Record<string, string | undefined>
  return (
    <form onSubmit={submit} className="flex flex-wrap items-center gap-2">
      <select
        aria-label={`Mode ${type} ${device.id}`}
        value={mode}
        onChange={(e) => setMode(e.target.value as 'file' | 'link')}
        className={`${controlClass()} w-24 py-1`}
      >
        <option value="file">Berkas</option>
        <option value="link">Tautan</option>
      </select>
      {mode === 'file' ? (
        <FileInput
          accept="application/pdf"
          aria-label={`Berkas ${type} ${device.id}`}
          onFile={(file) => form.setData('file', file)}
        />
      ) : (
        <input
          type="url"
          placeholder="https://... (tautan unduhan)"
          aria-label={`Tautan ${type} ${device.id}`}
          value={form.data.link}
          onChange={(e) => form.setData('link', e.target.value)}
          className={`${controlClass()} max-w-xs py-1`}
        />
      )}
      <Button type="submit" variant="secondary" disabled={form.processing}>
        Simpan
      </Button>
      {(errors.file || errors.link) && (
        <p className="w-full text-xs text-red-600">{errors.file ?? errors.link}</p>
      )}
    </form>
  )
}

/** An order's files (both order types): certificate and result per device line, folder link, formats. */
export default function Attachment({
  order,
  devices,
  backHref,
  uploadHrefs,
  bulkHrefs,
  folderHref,
  formats,
}: Props) {
  const folder = useForm({ link: order.folder_link ?? '' })
  const saveFolder = (event: FormEvent) => {
    event.preventDefault()
    if (folderHref) folder.post(folderHref, { preserveScroll: true })
  }
  return (
    <>
      <Head title={`Berkas ${order.number}`} />
      <PageHeader title="Berkas Permintaan" subtitle={order.number} backHref={backHref} />
      {formats.length > 0 && (
        <Card className="mb-4 flex flex-wrap gap-2 p-4">
          {formats.map((format) => (
            <a key={format.href} href={format.href} className={buttonClass('secondary')}>
              {format.label}
            </a>
          ))}
        </Card>
      )}
      <Card className="mb-4 p-4">
        {folderHref ? (
          <form onSubmit={saveFolder} className="flex flex-wrap items-end gap-3">
            <div className="min-w-72 flex-1">
              <TextField
                label="Tautan Folder"
                type="url"
                placeholder="https://..."
                {...bind(folder, 'link')}
              />
            </div>
            <Button type="submit" disabled={folder.processing}>
              Simpan Tautan
            </Button>
          </form>
        ) : order.folder_link ? (
          <a
            href={order.folder_link}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex items-center gap-1 text-brand-700 hover:underline"
          >
            <ExternalLink className="size-4" /> Buka folder berkas
          </a>
        ) : (
          <p className="text-sm text-slate-500">Tautan folder belum tersedia.</p>
        )}
      </Card>
      {bulkHrefs && <BulkCertificates hrefs={bulkHrefs} lines={devices} />}
      <Card>
        <SimpleTable
          rows={devices}
          columns={[
            deviceColumn(),
            {
              header: 'Status',
              cell: (device) => <StatusBadge status={device.status} tone={device.status_tone} />,
            },
            ...(['certificate', 'result'] as const).map((type) => ({
              header: type === 'certificate' ? 'Sertifikat' : 'Hasil',
              className: 'space-y-2',
              cell: (device: Device) => (
                <>
                  {device[type] ? (
                    <a
                      href={device[type]!}
                      target="_blank"
                      rel="noopener noreferrer"
                      className="block text-brand-700 hover:underline"
                    >
                      Unduh {type === 'certificate' ? 'sertifikat' : 'hasil'}
                    </a>
                  ) : (
                    <span className="block text-slate-400">Belum ada</span>
                  )}
                  {uploadHrefs && device.can_attach && (
                    <ResultForm href={uploadHrefs[type]} device={device} type={type} />
                  )}
                </>
              ),
            })),
          ]}
        />
      </Card>
    </>
  )
}
