import { useState } from 'react'
import { Head, Link, router } from '@inertiajs/react'
import { Card, PageHeader } from '~/components/ui/card'
import { Button, buttonClass } from '~/components/ui/button'
import { ConfirmDialog } from '~/components/ui/confirm_dialog'
import { StatusBadge } from '~/components/status_badge'
import type { Data } from '#generated/data'

type Line = Data.OrderDevice.Variants['forCertificates']
type Revision = Line['revisions'][number]

type Props = {
  order: { number: string; status: string }
  backHref: string
  devices: Line[]
}

const TONES: Record<Revision['status'], string> = {
  'Menunggu Persetujuan': 'amber',
  'Berlaku': 'emerald',
  'Diganti': 'slate',
}

const link = 'text-sm text-brand-700 hover:underline dark:text-brand-300'

/** "Setujui sertifikat PK/… (Syringe Pump SN 12, revisi 1)?": the question names what is approved. */
function approvalQuestion(revision: Revision, device: Line) {
  const what = [
    device.alkes_name + (device.serial_number ? ` SN ${device.serial_number}` : ''),
    revision.revision ? `revisi ${revision.revision}` : null,
  ]
    .filter(Boolean)
    .join(', ')
  const number = revision.display_number ? `${revision.display_number} ` : ''
  return `Setujui sertifikat ${number}(${what})? Isinya dibekukan, PDF-nya diterbitkan dan dapat diunduh fasyankes.`
}

/** The generated certificates of an order's device lines: revisions, approval, amendments. */
export default function Certificates({ order, backHref, devices }: Props) {
  const [approving, setApproving] = useState<{ revision: Revision; device: Line } | null>(null)
  const [sending, setSending] = useState(false)
  return (
    <>
      <Head title={`Sertifikat ${order.number}`} />
      <PageHeader
        title="Sertifikat"
        subtitle={`${order.number} · ${order.status}`}
        backHref={backHref}
      />
      <ConfirmDialog
        open={!!approving}
        message={approving ? approvalQuestion(approving.revision, approving.device) : ''}
        confirmLabel="Ya, setujui"
        onCancel={() => setApproving(null)}
        onConfirm={() => {
          const href = approving?.revision.approve_href
          setApproving(null)
          if (!href) return
          setSending(true)
          router.post(href, {}, { preserveScroll: true, onFinish: () => setSending(false) })
        }}
      />
      <div className="space-y-4">
        {devices.length === 0 && (
          <Card className="p-4 text-sm text-slate-500">Order ini tidak memiliki alat PK.</Card>
        )}
        {devices.map((device) => (
          <Card key={device.id} className="p-4">
            <div className="flex flex-wrap items-start justify-between gap-2">
              <div>
                <h2 className="font-semibold">{device.alkes_name}</h2>
                <p className="text-sm text-slate-500">
                  {[device.merk, device.model].filter(Boolean).join(' / ') || '-'} · SN{' '}
                  {device.serial_number ?? '-'} · Petugas {device.officer ?? '-'}
                </p>
                <p className="text-sm">
                  Nomor sertifikat {device.certificate_number ?? '-'}
                  {device.verdict && (
                    <>
                      {' · '}
                      <StatusBadge status={device.verdict} tone={device.verdict_tone ?? ''} />
                    </>
                  )}
                </p>
              </div>
              <StatusBadge status={device.status} tone={device.status_tone} />
            </div>
            {!device.measured && device.revisions.length === 0 && (
              <p className="mt-2 text-sm text-slate-500">
                Lembar kerja belum memuat pengukuran; sertifikat dibuat dari pengukuran, atau
                diunggah pada halaman Berkas.
              </p>
            )}
            <div className="mt-3 flex flex-wrap gap-3">
              {device.draft_href && (
                <a
                  href={device.draft_href}
                  target="_blank"
                  rel="noopener noreferrer"
                  className={link}
                >
                  Pratinjau Draf (PDF)
                </a>
              )}
              {device.amend_href && (
                <Link href={device.amend_href} className={link}>
                  Ajukan Revisi
                </Link>
              )}
            </div>
            {device.revisions.length > 0 && (
              <ul className="mt-3 divide-y divide-slate-200 rounded-md border border-slate-200 dark:divide-slate-800 dark:border-slate-800">
                {device.revisions.map((revision) => (
                  <li
                    key={revision.id}
                    className="space-y-1 p-3 text-sm"
                    data-revision={revision.revision}
                  >
                    <div className="flex flex-wrap items-center gap-2">
                      <span className="font-medium">
                        {revision.number ?? `Revisi ${revision.revision}`}
                      </span>
                      <StatusBadge status={revision.status} tone={TONES[revision.status]} />
                    </div>
                    {revision.status === 'Menunggu Persetujuan' ? (
                      <p className="text-slate-500">Diajukan {revision.formatted_requested_at}</p>
                    ) : (
                      <p className="text-slate-500">
                        Disetujui {revision.approved_by ?? '-'}, {revision.formatted_approved_at}
                        {revision.formatted_superseded_at &&
                          ` · diganti ${revision.formatted_superseded_at}`}
                      </p>
                    )}
                    {revision.amendment_reason && <p>Alasan revisi: {revision.amendment_reason}</p>}
                    <div className="flex flex-wrap gap-3">
                      {revision.file_href && (
                        <a
                          href={revision.file_href}
                          target="_blank"
                          rel="noopener noreferrer"
                          className={link}
                        >
                          Unduh PDF
                        </a>
                      )}
                      {revision.verification_url && (
                        <a
                          href={revision.verification_url}
                          target="_blank"
                          rel="noopener noreferrer"
                          className={link}
                        >
                          Verifikasi {revision.printed_code}
                        </a>
                      )}
                      {revision.approve_href && (
                        <Button
                          disabled={sending}
                          onClick={() => setApproving({ revision, device })}
                        >
                          Setujui Sertifikat
                        </Button>
                      )}
                    </div>
                  </li>
                ))}
              </ul>
            )}
          </Card>
        ))}
      </div>
      <div className="mt-4">
        <Link href={backHref} className={buttonClass('ghost')}>
          Kembali ke order
        </Link>
      </div>
    </>
  )
}
