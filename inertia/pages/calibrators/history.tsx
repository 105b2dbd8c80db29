import { useState, type FormEvent } from 'react'
import { Head, Link, useForm } from '@inertiajs/react'
import { AlertTriangle, Pencil, Plus, Trash2 } from 'lucide-react'
import { Card, CardSection, PageHeader } from '~/components/ui/card'
import { Button, buttonClass } from '~/components/ui/button'
import { CheckboxField, SelectField, TextAreaField, TextField } from '~/components/ui/field'
import { ConfirmDialog } from '~/components/ui/confirm_dialog'
import { SimpleTable, type SimpleColumn } from '~/components/ui/simple_table'
import { StatusBadge } from '~/components/status_badge'
import { DetailList } from '~/components/detail_list'
import { bind } from '~/lib/bind'
import type { Data } from '#generated/data'

type HistoryEntry = Data.CalibrationEvent

type Entry = HistoryEntry & { impact_href: string | null }

type Props = {
  title: string
  calibrator: Data.Lists.CalibratorRow
  history: Entry[]
  usableToday: { usable: boolean; text: string }
  impactHref: string
  impactNotice: string | null
  canEdit: boolean
  editHref: string
  recordHref: string
  outOfToleranceHref: string
  backHref: string
  today: string
}

const VERDICT_TONES: Record<string, string> = {
  'Lulus': 'emerald',
  'Gagal': 'red',
  'Di luar toleransi': 'red',
}

/** Issue 15: a reference calibrator's own calibrations and out-of-tolerance findings. */
export default function CalibratorHistory(props: Props) {
  const { calibrator, history } = props
  const hasBadEvent = history.some((entry) => entry.is_bad)
  const columns: SimpleColumn<Entry>[] = [
    {
      header: 'Tanggal',
      className: 'whitespace-nowrap',
      cell: (entry) => entry.formatted_performed_on,
    },
    { header: 'Jenis', cell: (entry) => entry.kind_label },
    {
      header: 'Sertifikat',
      cell: (entry) => (
        <div>
          <CertificateNumber text={entry.certificate_number} />
          {entry.issuer && <span className="block text-xs text-slate-500">{entry.issuer}</span>}
        </div>
      ),
    },
    {
      header: 'Berlaku Sampai',
      className: 'whitespace-nowrap',
      cell: (entry) => (entry.kind === 'calibration' ? entry.formatted_due_on : '-'),
    },
    {
      header: 'Hasil',
      cell: (entry) => (
        <div className="flex flex-col items-end gap-1 sm:items-start">
          <StatusBadge status={entry.verdict} tone={VERDICT_TONES[entry.verdict]} />
          {entry.impact_href && (
            <Link
              href={entry.impact_href}
              className="text-xs font-medium text-brand-700 hover:underline dark:text-brand-100"
            >
              Lihat dampak
            </Link>
          )}
        </div>
      ),
    },
    {
      header: 'Ketidakpastian (U)',
      cell: (entry) =>
        entry.uncertainties.length ? (
          <ul className="space-y-0.5">
            {entry.uncertainties.map((u) => (
              <li key={`${u.parameter}-${u.unit}`}>
                {u.parameter}: ± {u.expanded_uncertainty} {u.relative ? '%' : u.unit} (k ={' '}
                {u.coverage_factor}){u.correction !== null && `; koreksi ${u.correction} ${u.unit}`}
                {u.resolution !== null && `; resolusi ${u.resolution} ${u.unit}`}
              </li>
            ))}
          </ul>
        ) : (
          '-'
        ),
    },
    {
      header: 'Catatan',
      cell: (entry) => (
        <span className="whitespace-pre-line">
          {entry.notes ?? '-'}
          {entry.created_by_name && (
            <span className="block text-xs text-slate-500">oleh {entry.created_by_name}</span>
          )}
        </span>
      ),
    },
  ]

  return (
    <>
      <Head title={props.title} />
      <PageHeader
        title={props.title}
        subtitle={[
          [calibrator.merk, calibrator.type_model].filter(Boolean).join(' '),
          `SN ${calibrator.serial_number}`,
          `Unit ${calibrator.unit.name}`,
        ]
          .filter(Boolean)
          .join(' · ')}
        backHref={props.backHref}
        actions={
          <>
            {hasBadEvent && (
              <Link href={props.impactHref} className={buttonClass('secondary')}>
                <AlertTriangle className="size-4" /> Dampak Kalibrator
              </Link>
            )}
            {props.canEdit && (
              <Link href={props.editHref} className={buttonClass('secondary')}>
                <Pencil className="size-4" /> Ubah Kalibrator
              </Link>
            )}
          </>
        }
      />

      {props.impactNotice && (
        <p
          role="status"
          className="mb-4 rounded-md bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-900/30 dark:text-amber-100"
        >
          Sertifikat yang diterbitkan dengan kalibrator ini sejak kalibrasi baik terakhirnya perlu
          ditinjau.{' '}
          <Link href={props.impactNotice} className="font-semibold underline">
            Lihat Dampak Kalibrator
          </Link>
        </p>
      )}

      <Card className="mb-4 p-4">
        <DetailList
          rows={[
            ['Kondisi', calibrator.formatted_calibrator_condition],
            ['Kalibrasi terakhir', calibrator.formatted_last_calibration_date],
            ['Kalibrasi berikutnya', calibrator.formatted_next_calibration_date],
            [
              'Sebagai standar hari ini',
              <span
                key="usable"
                data-testid="usable-today"
                className={
                  props.usableToday.usable
                    ? 'text-emerald-700 dark:text-emerald-300'
                    : 'text-red-700 dark:text-red-300'
                }
              >
                {props.usableToday.text}
              </span>,
            ],
          ]}
        />
      </Card>

      {props.canEdit && (
        <div className="mb-4 grid gap-4 lg:grid-cols-[3fr_2fr] lg:items-start">
          <RecordCalibrationForm href={props.recordHref} today={props.today} />
          <OutOfToleranceForm
            href={props.outOfToleranceHref}
            today={props.today}
            name={`${calibrator.name} (${calibrator.serial_number})`}
          />
        </div>
      )}

      <Card>
        <CardSection title="Riwayat">
          <SimpleTable
            columns={columns}
            rows={history}
            empty="Belum ada riwayat kalibrasi."
            rowClassName={(entry) => (entry.is_bad ? 'bg-red-50/60 dark:bg-red-950/20' : undefined)}
          />
        </CardSection>
      </Card>
    </>
  )
}

/** A certificate number that may wrap after each slash (LK-032-IDN/2026/0412), not inside a part. */
function CertificateNumber({ text }: { text: string | null }) {
  if (!text) return <>-</>
  const parts = text.split('/')
  return (
    <span className="break-words">
      {parts.map((part, index) => (
        <span key={index}>
          {part}
          {index < parts.length - 1 && (
            <>
              /<wbr />
            </>
          )}
        </span>
      ))}
    </span>
  )
}

type UncertaintyLine = {
  parameter: string
  unit: string
  expanded_uncertainty: string
  /** The k the certificate states with U (2 when it states none). */
  coverage_factor: string
  /** U in % of the value. */
  relative: boolean
  /** The correction the certificate states, and the standard's resolution (blank: none). */
  correction: string
  resolution: string
}

const emptyLine = (): UncertaintyLine => ({
  parameter: '',
  unit: '',
  expanded_uncertainty: '',
  coverage_factor: '2',
  relative: false,
  correction: '',
  resolution: '',
})

/** Catat Kalibrasi: the calibrator's own calibration certificate. */
function RecordCalibrationForm({ href, today }: { href: string; today: string }) {
  const form = useForm({
    performed_on: '',
    due_on: '',
    certificate_number: '',
    issuer: '',
    passed: '1',
    notes: '',
    uncertainties: [] as UncertaintyLine[],
  })
  const errors = form.errors as Record<string, string | undefined>
  const lines = form.data.uncertainties
  const setLine = (index: number, change: Partial<UncertaintyLine>) =>
    form.setData(
      'uncertainties',
      lines.map((line, at) => (at === index ? { ...line, ...change } : line))
    )
  const submit = (event: FormEvent) => {
    event.preventDefault()
    form.transform((data) => ({
      ...data,
      issuer: data.issuer || null,
      notes: data.notes || null,
      uncertainties: data.uncertainties
        .filter((line) => line.parameter || line.unit || line.expanded_uncertainty)
        .map((line) => ({
          ...line,
          coverage_factor: line.coverage_factor || undefined,
          correction: line.correction.trim() || null,
          resolution: line.resolution.trim() || null,
        })),
    }))
    form.post(href, { preserveScroll: true, onSuccess: () => form.reset() })
  }
  return (
    <Card>
      <CardSection title="Catat Kalibrasi">
        <form onSubmit={submit} noValidate className="grid gap-3 sm:grid-cols-2">
          <TextField
            label="Tanggal Kalibrasi"
            type="date"
            required
            max={today}
            {...bind(form, 'performed_on')}
          />
          <TextField label="Berlaku Sampai" type="date" required {...bind(form, 'due_on')} />
          <TextField
            label="Nomor Sertifikat"
            required
            placeholder="mis. LK-032-IDN/2026/0412"
            {...bind(form, 'certificate_number')}
          />
          <TextField label="Lembaga Kalibrasi" {...bind(form, 'issuer')} />
          <SelectField
            label="Hasil"
            required
            options={[
              { value: '1', label: 'Lulus' },
              { value: '0', label: 'Gagal' },
            ]}
            {...bind(form, 'passed')}
          />
          <div className="sm:col-span-2">
            <TextAreaField label="Catatan" maxLength={1000} {...bind(form, 'notes')} />
          </div>
          <fieldset className="space-y-2 sm:col-span-2">
            <legend className="text-sm font-medium text-slate-700 dark:text-slate-300">
              Ketidakpastian yang dinyatakan sertifikat
            </legend>
            {errors.uncertainties && (
              <p role="alert" className="text-xs text-red-600 dark:text-red-400">
                {errors.uncertainties}
              </p>
            )}
            {lines.length === 0 && <p className="text-sm text-slate-500">Belum ada parameter.</p>}
            {lines.map((line, index) => (
              <div
                key={index}
                className="grid grid-cols-2 items-start gap-2 rounded-md border border-slate-200 p-2 sm:grid-cols-[2fr_1fr_1.3fr_0.8fr_1fr_1fr_auto_auto] sm:border-0 sm:p-0 dark:border-slate-800"
              >
                <div className="col-span-2 sm:col-span-1">
                  <TextField
                    label="Parameter"
                    required
                    value={line.parameter}
                    onChange={(e) => setLine(index, { parameter: e.target.value })}
                    error={errors[`uncertainties.${index}.parameter`]}
                  />
                </div>
                <TextField
                  label="Satuan"
                  required
                  value={line.unit}
                  onChange={(e) => setLine(index, { unit: e.target.value })}
                  error={errors[`uncertainties.${index}.unit`]}
                />
                <TextField
                  label="Ketidakpastian (U)"
                  required
                  type="number"
                  inputMode="decimal"
                  step="any"
                  min={0}
                  value={line.expanded_uncertainty}
                  onChange={(e) => setLine(index, { expanded_uncertainty: e.target.value })}
                  error={errors[`uncertainties.${index}.expanded_uncertainty`]}
                />
                <TextField
                  label="Faktor cakupan (k)"
                  type="number"
                  inputMode="decimal"
                  step="any"
                  min={1}
                  value={line.coverage_factor}
                  onChange={(e) => setLine(index, { coverage_factor: e.target.value })}
                  error={errors[`uncertainties.${index}.coverage_factor`]}
                />
                <TextField
                  label="Koreksi"
                  type="number"
                  inputMode="decimal"
                  step="any"
                  hint="Nilai acuan = nominal + koreksi."
                  value={line.correction}
                  onChange={(e) => setLine(index, { correction: e.target.value })}
                  error={errors[`uncertainties.${index}.correction`]}
                />
                <TextField
                  label="Resolusi standar"
                  type="number"
                  inputMode="decimal"
                  step="any"
                  min={0}
                  value={line.resolution}
                  onChange={(e) => setLine(index, { resolution: e.target.value })}
                  error={errors[`uncertainties.${index}.resolution`]}
                />
                <div className="sm:mt-7">
                  <CheckboxField
                    label="U relatif (%)"
                    checked={line.relative}
                    onChange={(checked) => setLine(index, { relative: checked })}
                    error={errors[`uncertainties.${index}.relative`]}
                  />
                </div>
                <Button
                  variant="ghost"
                  className="col-span-2 justify-self-end sm:col-span-1 sm:mt-6"
                  aria-label={`Hapus parameter ${index + 1}`}
                  onClick={() =>
                    form.setData(
                      'uncertainties',
                      lines.filter((_, at) => at !== index)
                    )
                  }
                >
                  <Trash2 className="size-4" />
                </Button>
              </div>
            ))}
            <Button
              variant="secondary"
              onClick={() => form.setData('uncertainties', [...lines, emptyLine()])}
            >
              <Plus className="size-4" /> Tambah Parameter
            </Button>
          </fieldset>
          <div className="sm:col-span-2">
            <Button type="submit" disabled={form.processing}>
              Simpan Kalibrasi
            </Button>
          </div>
        </form>
      </CardSection>
    </Card>
  )
}

/** Tandai Di Luar Toleransi: a finding that the calibrator is out, behind a confirmation. */
function OutOfToleranceForm({ href, today, name }: { href: string; today: string; name: string }) {
  const form = useForm({ found_on: today, reason: '' })
  const [confirming, setConfirming] = useState(false)
  const submit = (event: FormEvent) => {
    event.preventDefault()
    setConfirming(true)
  }
  return (
    <Card>
      <CardSection title="Tandai Di Luar Toleransi">
        <form onSubmit={submit} noValidate className="grid gap-3">
          <p className="text-sm text-slate-600 dark:text-slate-400">
            Sejak tanggal ditemukan, kalibrator tidak dapat dipilih sebagai standar sampai kalibrasi
            berikutnya lulus.
          </p>
          <TextField
            label="Tanggal Ditemukan"
            type="date"
            required
            max={today}
            {...bind(form, 'found_on')}
          />
          <TextAreaField label="Alasan" required maxLength={1000} {...bind(form, 'reason')} />
          <div>
            <Button type="submit" variant="danger" disabled={form.processing}>
              <AlertTriangle className="size-4" /> Tandai Di Luar Toleransi
            </Button>
          </div>
        </form>
      </CardSection>
      <ConfirmDialog
        open={confirming}
        message={`Tandai ${name} di luar toleransi? Kalibrator tidak dapat dipakai sebagai standar sejak tanggal itu, dan sertifikat yang diterbitkan dengannya sejak kalibrasi baik terakhir akan didaftar untuk ditinjau.`}
        confirmLabel="Ya, tandai"
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false)
          form.post(href, { preserveScroll: true, onSuccess: () => form.reset('reason') })
        }}
      />
    </Card>
  )
}
