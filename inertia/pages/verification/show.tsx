import { useState, type FormEvent, type ReactNode } from 'react'
import { Head, router } from '@inertiajs/react'
import { CheckCircle2, ShieldAlert, XCircle } from 'lucide-react'
import AuthLayout from '~/layouts/auth_layout'
import { AuthHeading } from '~/components/auth_heading'
import { TextField } from '~/components/ui/field'
import { Button } from '~/components/ui/button'

type Props = {
  labName: string
  typed: string
  state: 'ask' | 'valid' | 'unknown' | 'malformed'
  label?: {
    code: string
    alkes_name: string
    merk: string
    model: string
    serial_number: string
    fasyankes_name: string
    cancelled: boolean
    awaiting_approval: boolean
    result: {
      formatted_calibration_date: string
      formatted_next_due_date: string | null
      verdict: 'LAIK' | 'TIDAK LAIK'
    } | null
  } | null
  certificate?: VerifiedCertificate | null
}

type RevisionSummary = {
  number: string
  printed_code: string
  href: string
  formatted_issued_date: string
  verdict: 'LAIK' | 'TIDAK LAIK' | null
}

type VerifiedCertificate = {
  code: string
  number: string
  revision: number
  status: 'Berlaku' | 'Diganti'
  alkes_name: string
  merk: string
  model: string
  serial_number: string
  fasyankes_name: string
  formatted_calibration_date: string
  formatted_issued_date: string
  signatory: string | null
  verdict: 'LAIK' | 'TIDAK LAIK'
  amendment_reason: string | null
  superseded: { formatted_at: string; by: RevisionSummary | null } | null
  current: RevisionSummary | null
  replaced: (RevisionSummary & { formatted_at: string }) | null
}

function Verdict({ verdict }: { verdict: 'LAIK' | 'TIDAK LAIK' }) {
  return (
    <p
      className={`mb-4 flex items-center justify-center gap-2 rounded-md p-3 text-lg font-bold ${
        verdict === 'LAIK'
          ? 'bg-emerald-50 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-200'
          : 'bg-red-50 text-red-800 dark:bg-red-950 dark:text-red-200'
      }`}
    >
      {verdict === 'LAIK' ? <CheckCircle2 className="size-6" /> : <XCircle className="size-6" />}
      {verdict}
    </p>
  )
}

/** A certificate revision: what it says, and whether it is the one in force. */
function CertificateView({ certificate }: { certificate: VerifiedCertificate }) {
  return (
    <div data-testid="verified-certificate" className="[overflow-wrap:anywhere]">
      {certificate.superseded ? (
        <div className="mb-4 space-y-2">
          <Notice tone="amber" icon={<ShieldAlert className="size-5 shrink-0" />}>
            Sertifikat {certificate.number} sudah diganti pada {certificate.superseded.formatted_at}
            {certificate.superseded.by ? ` oleh ${certificate.superseded.by.number}` : ''} dan tidak
            berlaku lagi.
          </Notice>
          {certificate.current && (
            <p className="text-sm">
              Sertifikat yang berlaku:{' '}
              <a href={certificate.current.href} className="font-medium text-brand-700 underline">
                {certificate.current.number}
              </a>{' '}
              (terbit {certificate.current.formatted_issued_date}
              {certificate.current.verdict ? `, ${certificate.current.verdict}` : ''}).
            </p>
          )}
        </div>
      ) : (
        <>
          <p className="mb-2 text-center text-sm font-medium text-emerald-700 dark:text-emerald-300">
            Sertifikat asli dan berlaku
          </p>
          <Verdict verdict={certificate.verdict} />
        </>
      )}
      {certificate.replaced && (
        <p className="mb-3 text-sm text-slate-600 dark:text-slate-400" data-testid="replaced-note">
          Revisi {certificate.revision} ini menggantikan sertifikat {certificate.replaced.number}{' '}
          yang diganti pada {certificate.replaced.formatted_at}
          {certificate.amendment_reason ? ` (alasan: ${certificate.amendment_reason})` : ''}.
        </p>
      )}
      <dl>
        <Row label="Nomor Sertifikat">{certificate.number}</Row>
        <Row label="Kode">
          <span className="font-mono">{certificate.code}</span>
        </Row>
        <Row label="Nama Alat">{certificate.alkes_name}</Row>
        <Row label="Merk">{certificate.merk}</Row>
        <Row label="Model/Tipe">{certificate.model}</Row>
        <Row label="No. Seri">{certificate.serial_number}</Row>
        <Row label="Fasyankes">{certificate.fasyankes_name}</Row>
        <Row label="Tanggal Kalibrasi">{certificate.formatted_calibration_date}</Row>
        <Row label="Tanggal Terbit">{certificate.formatted_issued_date}</Row>
        {certificate.signatory && <Row label="Disetujui oleh">{certificate.signatory}</Row>}
        <Row label="Hasil">{certificate.verdict}</Row>
      </dl>
    </div>
  )
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[7.5rem_minmax(0,1fr)] gap-2 border-b border-slate-100 py-2 text-sm last:border-0 sm:grid-cols-[9rem_minmax(0,1fr)] dark:border-slate-800">
      <dt className="text-slate-500">{label}</dt>
      {/* A long certificate number or code wraps inside the screen (375 px), never past it. */}
      <dd className="font-medium [overflow-wrap:anywhere]">{children}</dd>
    </div>
  )
}

function Notice({
  tone,
  icon,
  children,
}: {
  tone: 'red' | 'amber'
  icon: ReactNode
  children: ReactNode
}) {
  const tones = {
    red: 'bg-red-50 text-red-800 dark:bg-red-950 dark:text-red-200',
    amber: 'bg-amber-50 text-amber-900 dark:bg-amber-950 dark:text-amber-100',
  }
  return (
    <p role="alert" className={`flex items-start gap-2 rounded-md p-3 text-sm ${tones[tone]}`}>
      {icon}
      <span>{children}</span>
    </p>
  )
}

/** Look up another code by typing it (as printed under the QR code). */
function CodeForm({ typed }: { typed: string }) {
  const [code, setCode] = useState(typed)
  const submit = (event: FormEvent) => {
    event.preventDefault()
    router.get('/verifikasi', { code })
  }
  return (
    <form onSubmit={submit} className="mt-6 flex items-end gap-2">
      <div className="flex-1">
        <TextField
          label="Kode Label atau Sertifikat"
          placeholder="contoh: 7K2QM-X9D4R"
          maxLength={20}
          required
          value={code}
          onChange={(event) => setCode(event.target.value)}
        />
      </div>
      <Button type="submit">Periksa</Button>
    </form>
  )
}

/**
 * The public page behind a label's QR code: whether the label is the lab's, and what it
 * vouches for (the device, the facility, the calibration, the verdict), nothing else.
 */
export default function VerifyLabel({ labName, typed, state, label, certificate }: Props) {
  const title = certificate ? 'Verifikasi Sertifikat Kalibrasi' : 'Verifikasi Label Kalibrasi'
  return (
    <>
      <Head title={certificate ? 'Verifikasi Sertifikat' : 'Verifikasi Label'} />
      <div className="w-full max-w-lg rounded-xl border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-800 dark:bg-slate-900">
        <AuthHeading title={title} subtitle={labName} />
        {state === 'valid' && certificate && <CertificateView certificate={certificate} />}
        {state === 'valid' && label && (
          <div data-testid="verified-label">
            {label.result ? (
              <Verdict verdict={label.result.verdict} />
            ) : (
              <div className="mb-4">
                <Notice tone="amber" icon={<ShieldAlert className="size-5 shrink-0" />}>
                  {label.cancelled
                    ? 'Label ini tidak berlaku: pengujian alat ini dibatalkan.'
                    : label.awaiting_approval
                      ? 'Label ini asli; hasil kalibrasi alat menunggu persetujuan kepala laboratorium.'
                      : 'Label ini asli, tetapi hasil kalibrasi alat belum tersedia.'}
                </Notice>
              </div>
            )}
            <dl>
              <Row label="Kode Label">
                <span className="font-mono">{label.code}</span>
              </Row>
              <Row label="Nama Alat">{label.alkes_name}</Row>
              <Row label="Merk">{label.merk}</Row>
              <Row label="Model/Tipe">{label.model}</Row>
              <Row label="No. Seri">{label.serial_number}</Row>
              <Row label="Fasyankes">{label.fasyankes_name}</Row>
              {label.result && (
                <>
                  <Row label="Tanggal Kalibrasi">{label.result.formatted_calibration_date}</Row>
                  <Row label="Kalibrasi Berikutnya">
                    {label.result.formatted_next_due_date ??
                      'Tidak ada: alat tidak laik pakai, perlu perbaikan atau penggantian.'}
                  </Row>
                </>
              )}
            </dl>
          </div>
        )}
        {state === 'unknown' && (
          <Notice tone="red" icon={<XCircle className="size-5 shrink-0" />}>
            Kode {typed.toUpperCase()} tidak terdaftar: bukan label atau sertifikat yang diterbitkan{' '}
            {labName}.
          </Notice>
        )}
        {state === 'malformed' && (
          <Notice tone="red" icon={<XCircle className="size-5 shrink-0" />}>
            Kode tidak valid. Kode label dan sertifikat terdiri dari 10 huruf dan angka, seperti
            tercetak di bawah kode QR (contoh: 7K2QM-X9D4R).
          </Notice>
        )}
        {state === 'ask' && (
          <p className="text-sm text-slate-600 dark:text-slate-400">
            Pindai kode QR pada label alat atau sertifikat, atau ketik kode yang tercetak di
            bawahnya.
          </p>
        )}
        <CodeForm typed={state === 'valid' ? '' : typed} />
      </div>
    </>
  )
}

VerifyLabel.layout = (page: ReactNode) => <AuthLayout>{page}</AuthLayout>
