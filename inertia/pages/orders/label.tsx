import { useState, type FormEvent } from 'react'
import { Head, router, useForm } from '@inertiajs/react'
import { Card, CardSection, PageHeader } from '~/components/ui/card'
import { SimpleTable } from '~/components/ui/simple_table'
import { NumberField, TextAreaField } from '~/components/ui/field'
import { FileField } from '~/components/ui/file_input'
import { Button, buttonClass } from '~/components/ui/button'
import { ConfirmDialog } from '~/components/ui/confirm_dialog'
import { StatusBadge } from '~/components/status_badge'
import type { Data } from '#generated/data'

type Line = Data.LabelRequest['main'][number]
type LabelType = Line['type']
type DeviceLabel = {
  code: string
  /** The label's QR code (SVG drawn by the server from its verification address). */
  qr_svg: string
  printed_code: string
  alkes_name: string
  merk: string | null
  model: string | null
  serial_number: string | null
}

type Props = {
  order: { number: string }
  backHref: string
  labels: Record<string, string>
  typeNames: Record<LabelType, string>
  request: Data.LabelRequest & {
    /** Not requested yet: the main counts come from the worksheet results. */
    prefilled: boolean
  }
  statusTone: string
  devices: DeviceLabel[]
  maxQuantity: number
  proof: { name: string; href: string; formatted_uploaded_at: string } | null
  sheetHref: string | null
  requestHref: string | null
  handoverHref: string | null
  finishingHref: string | null
}

/** A whole number from a box; anything else counts as 0 (spec part 2 section 5). */
const count = (value: string) => Math.max(0, Math.floor(Number(value)) || 0)

/** The officer's request: a quantity per label for each type, with each type's notes. */
function RequestForm({ props }: { props: Props }) {
  const { request, labels } = props
  const quantities = (lines: Line[]) =>
    lines.map(({ label_id, quantity }) => ({ label_id, quantity }))
  const form = useForm({
    main: quantities(request.main),
    additional: quantities(request.additional),
    notes: request.notes ?? '',
    additional_notes: request.additional_notes ?? '',
  })
  const errors = form.errors as Record<string, string | undefined>
  const setQuantity = (type: 'main' | 'additional', index: number, value: string) =>
    form.setData(
      type,
      form.data[type].map((line, at) => (at === index ? { ...line, quantity: count(value) } : line))
    )
  const submit = (event: FormEvent) => {
    event.preventDefault()
    form.put(props.requestHref!, { preserveScroll: true })
  }
  const column = (type: 'main' | 'additional', lines: Line[], label: string) => (
    <div className="space-y-3">
      <h3 className="text-sm font-semibold">
        {props.typeNames[type === 'main' ? 'Main' : 'Additional']}
      </h3>
      {lines.map((line, index) => (
        <NumberField
          key={line.label_id}
          label={`${line.label_name} (${label})`}
          max={props.maxQuantity}
          value={String(form.data[type][index].quantity)}
          onChange={(event) => setQuantity(type, index, event.target.value)}
          error={errors[`${type}.${index}.quantity`]}
        />
      ))}
      <TextAreaField
        label={labels[type === 'main' ? 'notes' : 'additional_notes']}
        maxLength={1000}
        value={form.data[type === 'main' ? 'notes' : 'additional_notes']}
        onChange={(event) =>
          form.setData(type === 'main' ? 'notes' : 'additional_notes', event.target.value)
        }
        error={errors[type === 'main' ? 'notes' : 'additional_notes']}
      />
    </div>
  )
  return (
    <form onSubmit={submit} className="space-y-4">
      {request.prefilled && (
        <p className="text-sm text-slate-600 dark:text-slate-400" data-testid="label-prefilled">
          Jumlah label utama diisi dari hasil lembar kerja; periksa sebelum menyimpan.
        </p>
      )}
      <div className="grid gap-6 md:grid-cols-2">
        {column('main', request.main, 'Utama')}
        {column('additional', request.additional, 'Tambahan')}
      </div>
      {errors.main && (
        <p role="alert" className="text-sm text-red-600">
          {errors.main}
        </p>
      )}
      <Button type="submit" disabled={form.processing}>
        Simpan Permintaan
      </Button>
    </form>
  )
}

/** The officer's report: how many of each handed-over label came back, and a proof. */
function FinishingForm({ props, items }: { props: Props; items: Line[] }) {
  const form = useForm({
    labels: items.map((item) => ({ id: item.id!, returned_quantity: 0 })),
    file: null as File | null,
  })
  const errors = form.errors as Record<string, string | undefined>
  const submit = (event: FormEvent) => {
    event.preventDefault()
    form.post(props.finishingHref!, { preserveScroll: true, forceFormData: true })
  }
  return (
    <form onSubmit={submit} className="space-y-3">
      <div className="grid gap-3 md:grid-cols-2">
        {items.map((item, index) => (
          <NumberField
            key={item.id}
            label={`Dikembalikan: ${item.label_name} (${props.typeNames[item.type]})`}
            hint={`Diserahkan ${item.quantity}`}
            max={item.quantity}
            required
            value={String(form.data.labels[index].returned_quantity)}
            onChange={(event) =>
              form.setData(
                'labels',
                form.data.labels.map((line, at) =>
                  at === index
                    ? {
                        ...line,
                        returned_quantity: Math.min(count(event.target.value), item.quantity),
                      }
                    : line
                )
              )
            }
            error={errors[`labels.${index}.returned_quantity`] ?? errors[`labels.${index}.id`]}
          />
        ))}
      </div>
      <FileField
        label={props.labels.file}
        name="file"
        accept=".pdf,.png,.jpg,.jpeg"
        required
        error={errors.file}
        hint="PDF atau foto berita acara pengembalian label."
        onFile={(file) => form.setData('file', file)}
      />
      <Button type="submit" disabled={form.processing || !form.data.file}>
        Laporkan Pengembalian
      </Button>
    </form>
  )
}

/**
 * An order's label request (both order types): the quantities asked for, the hand-over with a
 * verifiable label per device, and the return report. Forms appear only where the server
 * allows this user.
 */
export default function OrderLabel(props: Props) {
  const { order, request } = props
  const [confirming, setConfirming] = useState(false)
  const items = [...request.main, ...request.additional].filter((line) => line.id)
  const handOver = () =>
    router.put(
      props.handoverHref!,
      {},
      { preserveScroll: true, onFinish: () => setConfirming(false) }
    )
  return (
    <>
      <Head title={`Permintaan Label ${order.number}`} />
      <PageHeader
        title="Permintaan Label"
        subtitle={order.number}
        backHref={props.backHref}
        actions={
          props.sheetHref && (
            <a
              href={props.sheetHref}
              target="_blank"
              rel="noreferrer"
              className={buttonClass('secondary')}
            >
              Cetak Lembar Label (PDF)
            </a>
          )
        }
      />
      <div className="space-y-4">
        <Card>
          <CardSection title="Status">
            <p className="flex flex-wrap items-center gap-2 text-sm" data-testid="label-status">
              <StatusBadge status={request.status} tone={props.statusTone} />
              {request.formatted_handed_over_at && (
                <span className="text-slate-500">
                  Diserahkan {request.formatted_handed_over_at}
                </span>
              )}
              {request.formatted_finished_at && (
                <span className="text-slate-500">· Selesai {request.formatted_finished_at}</span>
              )}
            </p>
            {props.handoverHref && (
              <>
                <Button type="button" onClick={() => setConfirming(true)}>
                  Serahkan Label
                </Button>
                <ConfirmDialog
                  open={confirming}
                  message={`Serahkan label ${order.number} kepada petugas? Setiap alat mendapat kode label terverifikasi dan jumlah permintaan tidak dapat diubah lagi.`}
                  confirmLabel="Ya, serahkan"
                  onConfirm={handOver}
                  onCancel={() => setConfirming(false)}
                />
              </>
            )}
          </CardSection>
        </Card>
        <Card>
          <CardSection title="Jumlah Label">
            {props.requestHref ? (
              <RequestForm props={props} />
            ) : items.length ? (
              <>
                <SimpleTable
                  rows={items}
                  rowKey={(line) => line.id!}
                  columns={[
                    { header: 'Label', cell: (line) => line.label_name },
                    { header: 'Jenis', cell: (line) => props.typeNames[line.type] },
                    { header: 'Diminta', cell: (line) => line.quantity, className: 'text-right' },
                    {
                      header: 'Dikembalikan',
                      cell: (line) => line.returned_quantity ?? '-',
                      className: 'text-right',
                    },
                  ]}
                />
                {request.notes && <p className="text-sm">Catatan label utama: {request.notes}</p>}
                {request.additional_notes && (
                  <p className="text-sm">Catatan label tambahan: {request.additional_notes}</p>
                )}
              </>
            ) : (
              <p className="text-sm text-slate-500">Petugas belum mengajukan permintaan label.</p>
            )}
          </CardSection>
        </Card>
        {props.finishingHref && (
          <Card>
            <CardSection title="Pengembalian Label">
              <FinishingForm props={props} items={items} />
            </CardSection>
          </Card>
        )}
        {props.proof && (
          <Card>
            <CardSection title="Bukti Pengembalian">
              <a
                href={props.proof.href}
                target="_blank"
                rel="noreferrer"
                className="text-sm text-brand-700 underline"
              >
                {props.proof.name}
              </a>{' '}
              <span className="text-sm text-slate-500">· {props.proof.formatted_uploaded_at}</span>
            </CardSection>
          </Card>
        )}
        {props.devices.length > 0 && (
          <Card>
            <CardSection title="Label Terverifikasi per Alat">
              <SimpleTable
                rows={props.devices}
                rowKey={(device) => device.code}
                columns={[
                  {
                    header: 'QR',
                    cell: (device) => (
                      <span
                        data-testid="label-qr"
                        aria-label={`Kode QR label ${device.printed_code}`}
                        role="img"
                        className="block size-24 bg-white [&>svg]:size-full"
                        dangerouslySetInnerHTML={{ __html: device.qr_svg }}
                      />
                    ),
                  },
                  {
                    header: 'Kode Label',
                    cell: (device) => (
                      <a
                        href={`/verifikasi/${device.code}`}
                        target="_blank"
                        rel="noreferrer"
                        className="font-mono text-brand-700 underline"
                      >
                        {device.printed_code}
                      </a>
                    ),
                  },
                  { header: 'Alat', cell: (device) => device.alkes_name },
                  {
                    header: 'Merk / Model',
                    cell: (device) => `${device.merk ?? '-'} / ${device.model ?? '-'}`,
                  },
                  { header: 'No. Seri', cell: (device) => device.serial_number ?? '-' },
                ]}
              />
            </CardSection>
          </Card>
        )}
      </div>
    </>
  )
}
