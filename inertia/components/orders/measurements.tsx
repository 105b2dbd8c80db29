import { useState } from 'react'
import { TextField } from '~/components/ui/field'
import { StatusBadge } from '~/components/status_badge'
import { MONTHS } from '~/lib/format'
import {
  evaluatePoint,
  formatMeasure,
  formatTolerance,
  reportPoint,
  standardOfPoint,
  statedReference,
  statedUncertainty,
  DISTRIBUTION_LABELS,
  type PointResult,
  type FormPoint,
  type StatedLine,
} from '#shared/measurement'
import { CONFORMITY_LABELS, CONFORMITY_TONES, type RuleChoice } from '#shared/decision_rules'

export type { FormPoint }

export type PointValues = {
  readings: string[]
  resolution: string
  calibrator_id: string
  reference_uncertainty: string
  /** The k of a typed reference U. */
  reference_coverage: string
}

/** How the lab judges and reports points (the server's config/lab.ts, sent with the form). */
export type MeasurementSettings = {
  decision: Required<RuleChoice>
  rule_label: string
  round_up: boolean
  minimum_tur: number
  minimum_readings: number
}

export type Standard = {
  id: number
  name: string
  merk: string | null
  type_model: string | null
  serial_number: string
  source: string
  certificate_number: string | null
  due_on: string | null
  uncertainties: Required<StatedLine>[]
  refusal: string | null
}

/** A typed number, decimal comma or point; null when blank or not a number. */
export function typedNumber(value: string) {
  const text = value.trim().replace(',', '.')
  if (text === '') return null
  const number = Number(text)
  return Number.isFinite(number) ? number : null
}

/**
 * The reference uncertainty of a point: what its standard (the one picked for it, else the
 * one the server would take: standardOfPoint) states, else what was typed.
 */
export function referenceOf(
  point: FormPoint,
  values: PointValues,
  standards: Standard[],
  chosen: string[]
) {
  const picked = standards.filter((s) => chosen.includes(String(s.id)))
  const named = values.calibrator_id ? Number(values.calibrator_id) : undefined
  const standard = standardOfPoint(named, picked, point)
  const line = standard ? statedReference(standard.uncertainties, point) : undefined
  const stated = line?.expanded_uncertainty
  return {
    standard,
    stated,
    line,
    value: stated ?? typedNumber(values.reference_uncertainty),
    coverage: line ? (line.coverage_factor ?? 2) : (typedNumber(values.reference_coverage) ?? 2),
  }
}

/** The point's results as the server will compute them, or null while a value is missing. */
export function resultOf(
  point: FormPoint,
  values: PointValues,
  standards: Standard[],
  chosen: string[],
  settings: MeasurementSettings
): { result: PointResult; reported: ReturnType<typeof reportPoint> } | null {
  const readings = values.readings.map(typedNumber)
  const resolution = typedNumber(values.resolution)
  const reference = referenceOf(point, values, standards, chosen)
  if (readings.some((value) => value === null) || !resolution || reference.value === null) {
    return null
  }
  const spec = {
    nominal: point.nominal,
    tolerance: point.tolerance,
    toleranceType: point.tolerance_type,
    resolution,
    referenceUncertainty: reference.value,
    referenceCoverage: reference.coverage,
    referenceRelative: reference.line?.relative ?? false,
    referenceCorrection: reference.line?.correction ?? 0,
    referenceDrift: reference.line?.drift ?? 0,
    referenceResolution: reference.line?.resolution ?? 0,
    prior: point.prior,
    minimumReadings: settings.minimum_readings,
    decision: settings.decision,
    roundUp: settings.round_up,
  }
  const result = evaluatePoint(spec, readings as number[])
  return { result, reported: reportPoint(result) }
}

type Errors = Record<string, string | undefined>

/** `2026-03-03` as `3 Maret 2026`. */
function longDate(iso: string) {
  const [year, month, day] = iso.split('-').map(Number)
  return `${day} ${MONTHS[month - 1] ?? ''} ${year}`
}

/** The standards the officer may pick on the work date, with why the others cannot be. */
export function StandardPicker({
  standards,
  points,
  date,
  chosen,
  onChange,
  error,
}: {
  standards: Standard[]
  points: FormPoint[]
  date: string
  chosen: string[]
  onChange: (ids: string[]) => void
  error?: string
}) {
  const [everything, setEverything] = useState(false)
  // Offered first: what is chosen, lent to this order, or states an uncertainty for a point.
  const relevant = (standard: Standard) =>
    chosen.includes(String(standard.id)) ||
    standard.source.startsWith('Pinjaman') ||
    points.some((point) => statedUncertainty(standard.uncertainties, point) !== undefined)
  const shown = everything ? standards : standards.filter(relevant)
  const hidden = standards.length - shown.length
  return (
    <fieldset className="space-y-2 md:col-span-2">
      <legend className="text-sm font-medium text-slate-700 dark:text-slate-300">
        Kalibrator Acuan <span className="text-red-600">*</span>
      </legend>
      <p className="text-xs text-slate-500">
        Kalibrator yang dipinjam untuk order ini dan milik laboratorium alat ini, dengan status
        kalibrasinya pada tanggal pengerjaan {longDate(date)}.
      </p>
      {standards.length === 0 && (
        <p className="text-sm text-amber-700">
          Tidak ada kalibrator yang tersedia: ajukan peminjaman kalibrator untuk order ini.
        </p>
      )}
      <ul className="divide-y divide-slate-200 rounded-md border border-slate-200 dark:divide-slate-800 dark:border-slate-800">
        {shown.map((standard) => {
          const checked = chosen.includes(String(standard.id))
          const disabled = !!standard.refusal && !checked
          return (
            <li key={standard.id} className="flex items-start gap-2 p-2 text-sm">
              <input
                id={`standard-${standard.id}`}
                type="checkbox"
                className="mt-0.5 size-4"
                checked={checked}
                disabled={disabled}
                aria-describedby={`standard-${standard.id}-state`}
                onChange={(event) =>
                  onChange(
                    event.target.checked
                      ? [...chosen, String(standard.id)]
                      : chosen.filter((id) => id !== String(standard.id))
                  )
                }
              />
              <div>
                <label htmlFor={`standard-${standard.id}`}>
                  <span className="font-medium">{standard.name}</span>{' '}
                  <span className="text-slate-500">SN {standard.serial_number}</span>
                </label>
                <p
                  id={`standard-${standard.id}-state`}
                  className={standard.refusal ? 'text-xs text-red-600' : 'text-xs text-slate-500'}
                >
                  {standard.source} ·{' '}
                  {standard.refusal ??
                    `sertifikat ${standard.certificate_number ?? '-'}, berlaku s.d. ${standard.due_on ?? '-'}`}
                </p>
              </div>
            </li>
          )
        })}
      </ul>
      {(hidden > 0 || everything) && (
        <button
          type="button"
          className="text-sm text-brand-700 hover:underline"
          onClick={() => setEverything(!everything)}
        >
          {everything
            ? 'Tampilkan yang sesuai titik uji saja'
            : `Tampilkan semua kalibrator laboratorium (${hidden} lagi)`}
        </button>
      )}
      {error && (
        <p role="alert" className="text-xs text-red-600">
          {error}
        </p>
      )}
    </fieldset>
  )
}

/** One test point: its readings, resolution and reference, and the results as they will be saved. */
export function PointCard({
  index,
  point,
  values,
  standards,
  chosen,
  computed,
  settings,
  errors,
  onChange,
}: {
  index: number
  point: FormPoint
  values: PointValues
  standards: Standard[]
  chosen: string[]
  /** The point's results as the server will compute them (resultOf), null while incomplete. */
  computed: ReturnType<typeof resultOf>
  settings: MeasurementSettings
  errors: Errors
  onChange: (values: PointValues) => void
}) {
  const name = `${point.parameter} ${formatMeasure(point.nominal)} ${point.unit}`
  const picked = standards.filter((s) => chosen.includes(String(s.id)))
  const reference = referenceOf(point, values, standards, chosen)
  // The calibrator "Otomatis" stands for, named (issue 35): the one the server will use.
  const automatic = standardOfPoint(undefined, picked, point)
  const error = (key: string) => errors[`points.${index}.${key}`]
  const readingError = Object.entries(errors).find(([key]) =>
    key.startsWith(`points.${index}.readings`)
  )?.[1]
  return (
    <div
      className="min-w-0 rounded-md border border-slate-200 p-3 dark:border-slate-800"
      data-point={index}
    >
      <div className="mb-2 flex flex-wrap items-baseline justify-between gap-2">
        <h3 className="text-sm font-semibold">
          {index + 1}. {name}
        </h3>
        <span className="text-xs text-slate-500">
          Toleransi {formatTolerance({ ...point, toleranceType: point.tolerance_type })} ·{' '}
          {point.repeats}× pembacaan
        </span>
      </div>
      <div className="flex flex-wrap gap-2">
        {values.readings.map((reading, readingIndex) => (
          <div key={readingIndex} className="w-24">
            <TextField
              label={`Pembacaan ${readingIndex + 1}`}
              inputMode="decimal"
              value={reading}
              aria-label={`${name} pembacaan ${readingIndex + 1}`}
              onChange={(event) => {
                const readings = [...values.readings]
                readings[readingIndex] = event.target.value
                onChange({ ...values, readings })
              }}
            />
          </div>
        ))}
      </div>
      {readingError && (
        <p role="alert" className="mt-1 text-xs text-red-600">
          {readingError}
        </p>
      )}
      <div className="mt-2 grid gap-2 sm:grid-cols-4">
        <TextField
          label={`Resolusi alat (${point.unit})`}
          inputMode="decimal"
          value={values.resolution}
          error={error('resolution')}
          onChange={(event) => onChange({ ...values, resolution: event.target.value })}
        />
        <label className="space-y-1 text-sm">
          <span className="block font-medium text-slate-700 dark:text-slate-300">Acuan</span>
          <select
            className="block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm dark:border-slate-700 dark:bg-slate-900"
            value={values.calibrator_id}
            aria-label={`${name} acuan`}
            onChange={(event) => onChange({ ...values, calibrator_id: event.target.value })}
          >
            <option value="">
              {automatic
                ? `Otomatis: ${automatic.name} (${automatic.serial_number})`
                : 'Otomatis (pilih kalibrator acuan)'}
            </option>
            {picked.map((standard) => (
              <option key={standard.id} value={standard.id}>
                {standard.name} ({standard.serial_number})
              </option>
            ))}
          </select>
          {error('calibrator_id') && (
            <span className="block text-xs text-red-600">{error('calibrator_id')}</span>
          )}
        </label>
        <TextField
          label={`U acuan (${point.unit}${reference.line?.relative ? ', % nilai' : ''})`}
          inputMode="decimal"
          value={
            reference.stated !== undefined
              ? formatMeasure(reference.stated)
              : values.reference_uncertainty
          }
          readOnly={reference.stated !== undefined}
          hint={
            reference.stated !== undefined && reference.standard
              ? `Dari sertifikat ${reference.standard.name}.`
              : undefined
          }
          error={
            error('reference_uncertainty') ??
            // Told as soon as a calibrator is chosen, not when the form is refused (issue 35).
            (picked.length && reference.stated === undefined && !values.reference_uncertainty.trim()
              ? `Kalibrator terpilih tidak menyatakan U untuk ${name}; isi U acuan dari sertifikatnya.`
              : undefined)
          }
          onChange={(event) => onChange({ ...values, reference_uncertainty: event.target.value })}
        />
        <TextField
          label="k acuan"
          inputMode="decimal"
          value={
            reference.stated !== undefined
              ? formatMeasure(reference.coverage)
              : values.reference_coverage
          }
          readOnly={reference.stated !== undefined}
          hint="Faktor cakupan yang dinyatakan sertifikat acuan."
          error={error('reference_coverage')}
          onChange={(event) => onChange({ ...values, reference_coverage: event.target.value })}
        />
      </div>
      <dl
        className="mt-2 grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-4"
        aria-live="polite"
      >
        <dt className="text-slate-500">Rata-rata</dt>
        <dd data-result="mean">{computed ? formatMeasure(computed.reported.mean) : '-'}</dd>
        <dt className="text-slate-500">Kesalahan</dt>
        <dd data-result="error">{computed ? formatMeasure(computed.reported.error) : '-'}</dd>
        <dt className="text-slate-500">U</dt>
        <dd data-result="uncertainty">
          {computed ? formatMeasure(computed.reported.expandedUncertainty) : '-'}
        </dd>
        <dt className="text-slate-500">k (ν_eff)</dt>
        <dd data-result="coverage">
          {computed
            ? `${formatMeasure(computed.reported.coverageFactor)} (${dofText(computed.result.effectiveDof)})`
            : '-'}
        </dd>
        <dt className="text-slate-500">Hasil</dt>
        <dd data-result="verdict">
          {computed ? (
            <StatusBadge
              status={CONFORMITY_LABELS[computed.result.conformity]}
              tone={CONFORMITY_TONES[computed.result.conformity]}
            />
          ) : (
            '-'
          )}
        </dd>
        <dt className="text-slate-500">Aturan</dt>
        <dd>{settings.rule_label}</dd>
      </dl>
      {computed && computed.result.tur < settings.minimum_tur && (
        <p role="status" className="mt-1 text-xs text-amber-700 dark:text-amber-400">
          {computed.result.tur < 1
            ? `U melebihi toleransi (TUR ${formatMeasure(computed.result.tur.toFixed(1))}): titik ini tidak dapat dinyatakan memenuhi.`
            : `TUR (toleransi ÷ U) ${formatMeasure(computed.result.tur.toFixed(1))}, di bawah ${formatMeasure(settings.minimum_tur)}: ketidakpastian besar dibanding toleransi.`}
        </p>
      )}
      {computed && <BudgetTable result={computed.result} unit={point.unit} />}
    </div>
  )
}

/** ν as read: a whole number, or ∞. */
const dofText = (dof: number) => (Number.isFinite(dof) ? String(Math.floor(dof)) : '∞')

/** A budget number at four significant figures. */
const budgetNumber = (value: number) =>
  Number.isFinite(value) ? formatMeasure(Number(value.toPrecision(4))) : '∞'

/** The point's uncertainty budget (GUM, EA-4/02), folded until the officer opens it. */
function BudgetTable({ result, unit }: { result: PointResult; unit: string }) {
  return (
    <details className="mt-2 min-w-0 text-xs">
      <summary className="cursor-pointer text-slate-600 dark:text-slate-400">
        Anggaran ketidakpastian
      </summary>
      <div className="mt-1 overflow-x-auto">
        <table className="min-w-full text-left">
          <thead className="text-slate-500">
            <tr>
              <th className="pr-3 font-medium">Sumber</th>
              <th className="pr-3 font-medium">Distribusi</th>
              <th className="pr-3 text-right font-medium">Nilai</th>
              <th className="pr-3 text-right font-medium">Pembagi</th>
              <th className="pr-3 text-right font-medium">u ({unit})</th>
              <th className="text-right font-medium">ν</th>
            </tr>
          </thead>
          <tbody>
            {result.budget.map((line) => (
              <tr key={line.source}>
                <td className="pr-3">{line.label}</td>
                <td className="pr-3">{DISTRIBUTION_LABELS[line.distribution]}</td>
                <td className="pr-3 text-right">{budgetNumber(line.value)}</td>
                <td className="pr-3 text-right">{budgetNumber(line.divisor)}</td>
                <td className="pr-3 text-right">{budgetNumber(line.u)}</td>
                <td className="text-right">{dofText(line.dof)}</td>
              </tr>
            ))}
            <tr className="border-t border-slate-200 dark:border-slate-800">
              <td className="pr-3" colSpan={4}>
                Ketidakpastian gabungan uc; ν_eff; k; U
              </td>
              <td className="pr-3 text-right">{budgetNumber(result.combinedUncertainty)}</td>
              <td className="text-right">
                {dofText(result.effectiveDof)}; {formatMeasure(result.coverageFactor.toFixed(2))};{' '}
                {budgetNumber(result.expandedUncertainty)}
              </td>
            </tr>
          </tbody>
        </table>
      </div>
    </details>
  )
}
