import { useEffect, useMemo, useState } from 'react'
import { router, useForm } from '@inertiajs/react'
import { OrderFormPage, type OrderFormLinks } from '~/components/orders/order_form_page'
import { SelectField, TextAreaField, TextField } from '~/components/ui/field'
import { Notice } from '~/components/ui/notice'
import { bind } from '~/lib/bind'
import { MONTHS } from '~/lib/format'
import { optionsOf } from '~/lib/options'
import {
  PointCard,
  resultOf,
  StandardPicker,
  type FormPoint,
  type PointValues,
  type MeasurementSettings,
  type Standard,
} from '~/components/orders/measurements'

type Values = {
  merk: string
  model: string
  serial_number: string
  type: string
  additional_order_number: string
  /** Absent on an amendment: a revision keeps the number. */
  certificate_number?: string
  certificate_month: string
  work_date: string
  work_place: string
  room_name: string
  is_laik: string
  officer_id: string
  ambient_temperature: string
  ambient_humidity: string
  standards: string[]
  points: PointValues[]
  laik_override_reason: string
  amendment_reason?: string
}

type Props = Omit<OrderFormLinks, 'submitHref'> & {
  /** Null once the work is over: the sheet is only read (readOnlyReason says why). */
  submitHref: string | null
  readOnlyReason?: string | null
  device: { name: string }
  officers: { id: number; name: string }[]
  /** The number a blank certificate number would get now; null when the line has one. */
  nextCertificateNumber: string | null
  /** The device type's test points (issue 15); empty when it has none. */
  points: FormPoint[]
  /** The calibrators the officer may pick on `standardsDate`. */
  standards: Standard[]
  standardsDate: string
  /** How the lab judges and reports points: the page computes as the server will. */
  measurement: MeasurementSettings
  /** Set when this form corrects an approved certificate: its number. */
  amendment: { number: string | null } | null
  values: Values
}

const RESULT_OPTIONS = [
  { value: '1', label: 'LAIK' },
  { value: '0', label: 'TIDAK LAIK' },
]
const RESULT_LABELS: Record<string, string> = { '1': 'LAIK', '0': 'TIDAK LAIK' }

/** Numbers as the server reads them: a decimal comma becomes a point. */
const decimal = (value: string) => value.trim().replace(',', '.')

/** One device line's worksheet (both order types), with its measurements when the type has a template. */
export default function Worksheet(props: Props) {
  const { device, officers, nextCertificateNumber, points, standards, amendment, values } = props
  const form = useForm<Values>(values)
  const errors = form.errors as Record<string, string | undefined>
  const measuring = points.length > 0

  const results = points.map((point, index) =>
    resultOf(point, form.data.points[index], standards, form.data.standards, props.measurement)
  )
  const complete = measuring && results.every(Boolean)
  const measuredLaik = complete ? results.every((r) => r!.result.passed) : null

  // With test points the result is the points' (shown, not chosen): changing it is an act of
  // its own, with a reason, never a choice the points silently replace (issue 35).
  const [overriding, setOverriding] = useState(Boolean(values.laik_override_reason))
  const measuredValue = measuredLaik === null ? '' : measuredLaik ? '1' : '0'
  useEffect(() => {
    if (measuring && !overriding) form.setData('is_laik', measuredValue)
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [measuredValue, overriding])
  const overridden = overriding && measuredLaik !== null && form.data.is_laik !== measuredValue
  const stopOverriding = () => {
    setOverriding(false)
    form.setData((data) => ({ ...data, is_laik: measuredValue, laik_override_reason: '' }))
  }

  // The standards available change with the work date: ask the server again for that day.
  const workDate = form.data.work_date
  useEffect(() => {
    if (!measuring || !workDate || workDate === props.standardsDate) return
    const timer = setTimeout(
      () =>
        router.reload({
          only: ['standards', 'standardsDate'],
          data: { work_date: workDate },
        }),
      400
    )
    return () => clearTimeout(timer)
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [workDate, measuring])

  const payload = useMemo(
    () => () => {
      const data: Record<string, unknown> = { ...form.data }
      if (measuring) {
        data.ambient_temperature = decimal(form.data.ambient_temperature)
        data.ambient_humidity = decimal(form.data.ambient_humidity)
        data.standards = form.data.standards.map(Number)
        data.points = form.data.points.map((point) => ({
          readings: point.readings.map(decimal),
          resolution: decimal(point.resolution),
          ...(point.calibrator_id ? { calibrator_id: point.calibrator_id } : {}),
          ...(point.reference_uncertainty.trim()
            ? {
                reference_uncertainty: decimal(point.reference_uncertainty),
                ...(point.reference_coverage.trim()
                  ? { reference_coverage: decimal(point.reference_coverage) }
                  : {}),
              }
            : {}),
        }))
      } else {
        delete data.points
        delete data.standards
        delete data.ambient_temperature
        delete data.ambient_humidity
      }
      if (!overridden) delete data.laik_override_reason
      return data
    },
    [form.data, measuring, overridden]
  )

  const submit = () => {
    form.transform(() => payload() as Values)
    if (props.submitHref) form.put(props.submitHref, { preserveScroll: true })
  }

  return (
    <OrderFormPage
      title={`${amendment ? 'Revisi Sertifikat' : 'Lembar Kerja'} ${device.name}`}
      page={props}
      form={form}
      onSubmit={submit}
      readOnly={!props.submitHref}
    >
      {props.readOnlyReason && (
        <div className="md:col-span-2">
          <Notice>{props.readOnlyReason}</Notice>
        </div>
      )}
      {amendment && (
        <div className="md:col-span-2">
          <Notice>
            Sertifikat {amendment.number} sudah disetujui. Perubahan disimpan sebagai revisi
            berikutnya dan berlaku setelah disetujui kepala laboratorium; sertifikat lama tetap
            tersimpan dan ditandai diganti.
          </Notice>
        </div>
      )}
      {amendment && (
        <div className="md:col-span-2">
          <TextAreaField
            label="Alasan Revisi"
            required
            maxLength={1000}
            {...bind(form, 'amendment_reason')}
          />
        </div>
      )}
      <TextField label="Merk" required {...bind(form, 'merk')} />
      <TextField label="Model" required {...bind(form, 'model')} />
      <TextField label="Nomor Seri" required {...bind(form, 'serial_number')} />
      <SelectField
        label="Jenis"
        required
        options={['Pengujian', 'Kalibrasi'].map((v) => ({ value: v, label: v }))}
        {...bind(form, 'type')}
      />
      <TextField label="Nomor Order Tambahan" {...bind(form, 'additional_order_number')} />
      {!amendment && (
        <TextField
          label="Nomor Sertifikat"
          placeholder={nextCertificateNumber ?? undefined}
          hint={
            nextCertificateNumber
              ? `Kosongkan untuk nomor otomatis (berikutnya ${nextCertificateNumber}).`
              : undefined
          }
          {...bind(form, 'certificate_number')}
        />
      )}
      <SelectField
        label="Bulan Sertifikat"
        required
        options={MONTHS.map((m, i) => ({ value: String(i + 1), label: m }))}
        {...bind(form, 'certificate_month')}
      />
      <TextField label="Tanggal Pengerjaan" required type="date" {...bind(form, 'work_date')} />
      <TextField label="Tempat Pengerjaan" required {...bind(form, 'work_place')} />
      <TextField label="Nama Ruangan" {...bind(form, 'room_name')} />

      {measuring && (
        <section className="min-w-0 space-y-4 md:col-span-2" aria-label="Pengukuran">
          <h2 className="border-b border-slate-200 pb-1 text-base font-semibold dark:border-slate-800">
            Pengukuran
          </h2>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              label="Suhu Ruangan (°C)"
              required
              inputMode="decimal"
              {...bind(form, 'ambient_temperature')}
            />
            <TextField
              label="Kelembapan (%RH)"
              required
              inputMode="decimal"
              {...bind(form, 'ambient_humidity')}
            />
          </div>
          <StandardPicker
            standards={standards}
            points={points}
            date={props.standardsDate}
            chosen={form.data.standards}
            onChange={(ids) => form.setData('standards', ids)}
            error={errors.standards}
          />
          {errors.points && (
            <p role="alert" className="text-xs text-red-600">
              {errors.points}
            </p>
          )}
          {points.map((point, index) => (
            <PointCard
              key={index}
              index={index}
              point={point}
              values={form.data.points[index]}
              standards={standards}
              chosen={form.data.standards}
              computed={results[index]}
              settings={props.measurement}
              errors={errors}
              onChange={(next) => {
                form.setData(
                  'points',
                  form.data.points.map((old, i) => (i === index ? next : old))
                )
                // The point's errors go as it is changed, as a field's do.
                const stale = Object.keys(errors).filter((key) =>
                  key.startsWith(`points.${index}.`)
                )
                if (stale.length) form.clearErrors(...(stale as (keyof Values)[]))
              }}
            />
          ))}
          <p className="text-sm" data-measured-verdict>
            Hasil titik uji:{' '}
            <strong>
              {measuredLaik === null
                ? 'lengkapi pembacaan'
                : measuredLaik
                  ? 'LAIK (semua titik memenuhi)'
                  : 'TIDAK LAIK (ada titik tidak memenuhi)'}
            </strong>
          </p>
        </section>
      )}

      {measuring ? (
        <div className="space-y-2" data-derived-result>
          <p className="text-sm">
            Hasil: <strong>{RESULT_LABELS[form.data.is_laik] ?? 'lengkapi pembacaan'}</strong>
            {!overriding && <span className="text-slate-500"> (dari titik uji)</span>}
          </p>
          <label className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              checked={overriding}
              onChange={(event) => (event.target.checked ? setOverriding(true) : stopOverriding())}
            />
            Ubah hasil (dengan alasan)
          </label>
          {overriding && (
            <SelectField
              label="Hasil"
              required
              placeholder="Pilih hasil"
              options={RESULT_OPTIONS}
              {...bind(form, 'is_laik')}
            />
          )}
          {!overriding && errors.is_laik && (
            <p role="alert" className="text-xs text-red-600">
              {errors.is_laik}
            </p>
          )}
        </div>
      ) : (
        <SelectField
          label="Hasil"
          required
          placeholder="Pilih hasil"
          options={RESULT_OPTIONS}
          {...bind(form, 'is_laik')}
        />
      )}
      <SelectField
        label="Petugas"
        required
        options={optionsOf(officers)}
        {...bind(form, 'officer_id')}
      />
      {(overridden || errors.laik_override_reason) && (
        <div className="md:col-span-2">
          <TextAreaField
            label="Alasan Hasil Berbeda"
            required
            maxLength={500}
            {...bind(form, 'laik_override_reason')}
          />
        </div>
      )}
    </OrderFormPage>
  )
}
