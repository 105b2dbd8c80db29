import { useState, type FormEvent } from 'react'
import { Head, useForm } from '@inertiajs/react'
import { Card, CardSection, PageHeader } from '~/components/ui/card'
import { SimpleTable } from '~/components/ui/simple_table'
import { Tabs } from '~/components/ui/tabs'
import { TextField } from '~/components/ui/field'
import { FileField } from '~/components/ui/file_input'
import { Button, buttonClass } from '~/components/ui/button'
import { bind } from '~/lib/bind'
import { Notice } from '~/components/ui/notice'

type Stage = {
  stage: number
  name: string
  date: string | null
  formatted_date: string | null
  letter_number: string | null
  /** The issued letter; null while the stage is not issued. */
  href: string | null
  /** The treasurer's blank draft (marked DRAF) of the next stage, not issued yet. */
  draft_href: string | null
}
type StoredFile = { id: number; name: string; href: string; formatted_uploaded_at: string }
type BillLine = {
  description: string
  quantity: number
  formatted_price: string
  formatted_amount: string
}

type Props = {
  order: { number: string }
  backHref: string
  labels: Record<'first_date' | 'second_date' | 'third_date' | 'number' | 'file' | 'files', string>
  bill: { lines: BillLine[]; formatted_total: string; total_in_words: string }
  stages: Stage[]
  stage: number
  formatted_payment_confirm_date: string | null
  letters: StoredFile[]
  payments: StoredFile[]
  proofHref: string | null
  srikandiHref: string | null
  updateHref: string | null
  paymentHref: string | null
  staffAdvice: boolean
  confirmHref: string | null
  maxPaymentFiles: number
}

const STAGE_FIELDS = ['first_date', 'second_date', 'third_date'] as const

function FileList({ files, empty }: { files: StoredFile[]; empty: string }) {
  if (!files.length) return <p className="text-sm text-slate-500">{empty}</p>
  return (
    <ul className="space-y-1 text-sm">
      {files.map((file) => (
        <li key={file.id}>
          <a href={file.href} target="_blank" rel="noreferrer" className="text-brand-700 underline">
            {file.name}
          </a>{' '}
          <span className="text-slate-500">· {file.formatted_uploaded_at}</span>
        </li>
      ))}
    </ul>
  )
}

/** The treasurer's stages form: a later date only once the earlier one is filled. */
function StagesForm({ props }: { props: Props }) {
  const current = props.stages[Math.max(props.stage - 1, 0)]
  const form = useForm({
    first_date: props.stages[0].date ?? '',
    second_date: props.stages[1].date ?? '',
    third_date: props.stages[2].date ?? '',
    number: current.letter_number ?? '',
    file: null as File | null,
  })
  const submit = (event: FormEvent) => {
    event.preventDefault()
    form.post(props.updateHref!, { preserveScroll: true, forceFormData: true })
  }
  return (
    <form onSubmit={submit} className="grid gap-3 md:grid-cols-3">
      {STAGE_FIELDS.map((field, index) => (
        <TextField
          key={field}
          label={props.labels[field]}
          type="date"
          required={index === 0}
          disabled={index > 0 && !form.data[STAGE_FIELDS[index - 1]]}
          {...bind(form, field)}
        />
      ))}
      <TextField label={props.labels.number} required {...bind(form, 'number')} />
      <div className="md:col-span-2">
        <FileField
          label={props.labels.file}
          name="file"
          accept=".pdf"
          error={form.errors.file}
          hint="PDF surat tagihan yang telah ditandatangani (tidak wajib)."
          onFile={(file) => form.setData('file', file)}
        />
      </div>
      <div className="md:col-span-3">
        <Button type="submit" disabled={form.processing}>
          Simpan Tagihan
        </Button>
      </div>
    </form>
  )
}

function PaymentForm({ props }: { props: Props }) {
  const form = useForm({ files: [] as File[] })
  // The picker is drawn again after an upload, so it no longer shows the files just sent.
  const [picker, setPicker] = useState(0)
  const errors = form.errors as Record<string, string | undefined>
  const error =
    errors.files ?? Object.entries(errors).find(([key]) => key.startsWith('files.'))?.[1]
  const submit = (event: FormEvent) => {
    event.preventDefault()
    form.post(props.paymentHref!, {
      preserveScroll: true,
      forceFormData: true,
      onSuccess: () => {
        form.reset()
        setPicker((drawn) => drawn + 1)
      },
    })
  }
  return (
    <form onSubmit={submit} className="space-y-3">
      <FileField
        key={picker}
        label={props.labels.files}
        name="files[]"
        required
        error={error}
        hint={`PDF atau gambar, sampai ${props.maxPaymentFiles} berkas sekaligus.`}
        onFiles={(files) => form.setData('files', files)}
      />
      <Button type="submit" disabled={form.processing || !form.data.files.length}>
        Unggah Bukti Pembayaran
      </Button>
    </form>
  )
}

function ConfirmForm({ props }: { props: Props }) {
  const form = useForm({ date: '' })
  const submit = (event: FormEvent) => {
    event.preventDefault()
    form.put(props.confirmHref!, { preserveScroll: true })
  }
  return (
    <form onSubmit={submit} className="flex flex-wrap items-end gap-3">
      <TextField
        label="Tanggal Konfirmasi Pembayaran"
        type="date"
        required
        {...bind(form, 'date')}
      />
      <Button type="submit" disabled={form.processing}>
        Konfirmasi Pembayaran
      </Button>
    </form>
  )
}

/**
 * An order's invoice (both order types): what is billed, the stages with their letters, the
 * payment proofs and the confirmation. Forms appear only where the server allows this user.
 */
export default function OrderInvoice(props: Props) {
  const { order, bill, stages } = props
  const paid = props.formatted_payment_confirm_date
  return (
    <>
      <Head title={`Tagihan ${order.number}`} />
      <PageHeader
        title="Tagihan"
        subtitle={order.number}
        backHref={props.backHref}
        actions={
          <>
            {props.proofHref && (
              <a
                href={props.proofHref}
                target="_blank"
                rel="noreferrer"
                className={buttonClass('secondary')}
              >
                Bukti Tagihan (PDF)
              </a>
            )}
            {props.srikandiHref && (
              <a href={props.srikandiHref} className={buttonClass('secondary')}>
                Format SRIKANDI
              </a>
            )}
          </>
        }
      />
      <div className="space-y-4">
        <Card>
          <CardSection title="Rincian Tagihan">
            <SimpleTable
              rows={bill.lines}
              rowKey={(line, index) => `${line.description}-${index}`}
              columns={[
                { header: 'Uraian Layanan', cell: (line) => line.description },
                { header: 'Jumlah', cell: (line) => line.quantity, className: 'text-right' },
                { header: 'Tarif', cell: (line) => line.formatted_price, className: 'text-right' },
                { header: 'Biaya', cell: (line) => line.formatted_amount, className: 'text-right' },
              ]}
            />
            <p className="text-sm" data-testid="invoice-total">
              Total: <strong>{bill.formatted_total}</strong>
              <span className="block text-slate-500 italic">{bill.total_in_words}</span>
            </p>
            {props.staffAdvice && (
              <Notice>
                Bila angka pada laporan tidak sesuai dengan tagihan ini, minta admin atau pelayanan
                teknis menekan &quot;Perbarui Berkas &amp; Tanggal Tagihan&quot; terlebih dahulu
                sebelum melaporkan ketidaksesuaian.
              </Notice>
            )}
          </CardSection>
        </Card>
        <Card>
          <Tabs
            tabs={[
              {
                key: 'invoice',
                label: 'Tagihan',
                content: (
                  <CardSection title="Surat Tagihan">
                    <SimpleTable
                      rows={stages}
                      rowKey={(stage) => stage.stage}
                      columns={[
                        { header: 'Tahap', cell: (stage) => stage.name },
                        { header: 'Tanggal', cell: (stage) => stage.formatted_date ?? '-' },
                        { header: 'Nomor Surat', cell: (stage) => stage.letter_number ?? '-' },
                        {
                          header: 'Surat',
                          cell: (stage) =>
                            stage.href ? (
                              <a
                                href={stage.href}
                                target="_blank"
                                rel="noreferrer"
                                className="text-brand-700 underline"
                              >
                                Unduh Surat {stage.name}
                              </a>
                            ) : stage.draft_href ? (
                              <a
                                href={stage.draft_href}
                                target="_blank"
                                rel="noreferrer"
                                className="text-slate-600 underline"
                              >
                                Cetak draf (belum terbit)
                              </a>
                            ) : (
                              'Belum terbit'
                            ),
                        },
                      ]}
                    />
                    <FileList files={props.letters} empty="Belum ada berkas surat tagihan." />
                    {props.updateHref && <StagesForm props={props} />}
                  </CardSection>
                ),
              },
              {
                key: 'payment',
                label: 'Pembayaran',
                content: (
                  <CardSection title="Bukti Pembayaran">
                    <FileList files={props.payments} empty="Belum ada bukti pembayaran." />
                    {props.paymentHref ? (
                      <PaymentForm props={props} />
                    ) : (
                      !props.stage && (
                        <p className="text-sm text-slate-500">
                          Bukti pembayaran diunggah setelah tagihan diterbitkan.
                        </p>
                      )
                    )}
                  </CardSection>
                ),
              },
              {
                key: 'confirmation',
                label: 'Konfirmasi',
                content: (
                  <CardSection title="Konfirmasi Pembayaran">
                    <p className="text-sm" data-testid="payment-status">
                      {paid
                        ? `Pembayaran dikonfirmasi pada ${paid}.`
                        : 'Pembayaran belum dikonfirmasi.'}
                    </p>
                    {props.confirmHref && <ConfirmForm props={props} />}
                  </CardSection>
                ),
              },
            ]}
          />
        </Card>
      </div>
    </>
  )
}
