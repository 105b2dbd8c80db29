import { useMemo } from 'react'
import { useForm } from '@inertiajs/react'
import { DateTime } from 'luxon'
import { FormPage } from '~/components/form/form_page'
import { SelectField, TextField } from '~/components/ui/field'
import {
  DevicePicker,
  pickedPayload,
  type DeviceOption,
  type PickedLine,
} from '~/components/form/device_picker'
import { bind } from '~/lib/bind'
import { formatRupiah, MONTHS } from '~/lib/format'
import { completionAt, formatDuration } from '#shared/completion_estimate'
import { ContactFields } from '~/components/form/contact_fields'
import { RequestFields } from '~/components/orders/request_fields'

type OrderValues = {
  id: number
  number: string
  status: string
  fasyankes_id: number
  delivery_date_estimation: string
  arrival_date_estimation: string
  contact_person_name: string
  contact_person_phone: string
  delivery_option: string
  delivery_travel_name: string | null
  service_type: string
  order_description: string | null
}

type Props = {
  /** Where the form posts (an edit says PUT in `_method`, since files travel as multipart). */
  submitHref: string
  backHref: string
  /** The decision rule the request agrees to. */
  decisionRule: { label: string; statement: string }
  order: OrderValues | null
  lines: { alkes_id: number; quantity: number; description: string }[]
  options: {
    alkes: DeviceOption[]
    facilities: { id: number; name: string }[]
    holidays: string[]
    deliveryOptions: string[]
    serviceTypes: string[]
    today: string
  }
}

const FIRST_PARTY = 'Diantar oleh pihak pertama'

function formatWhen(date: DateTime) {
  return `${date.day} ${MONTHS[date.month - 1]} ${date.year} pukul ${date.toFormat('HH:mm')}`
}

export default function InternalOrderForm({
  order,
  lines,
  options,
  submitHref,
  backHref,
  decisionRule,
}: Props) {
  const form = useForm({
    fasyankes_id: order ? String(order.fasyankes_id) : '',
    letter: null as File | null,
    delivery_date_estimation: order?.delivery_date_estimation ?? options.today,
    arrival_date_estimation: order?.arrival_date_estimation ?? options.today,
    contact_person_name: order?.contact_person_name ?? '',
    contact_person_phone: order?.contact_person_phone ?? '',
    delivery_option: order?.delivery_option ?? FIRST_PARTY,
    delivery_travel_name: order?.delivery_travel_name ?? '',
    service_type: order?.service_type ?? 'Reguler',
    picked: Object.fromEntries(
      lines.map((l) => [l.alkes_id, { quantity: l.quantity, description: l.description }])
    ) as Record<number, PickedLine>,
  })
  const errors = form.errors as Record<string, string | undefined>
  const lineError =
    errors.alkes ?? Object.entries(errors).find(([key]) => key.startsWith('alkes.'))?.[1]

  const summary = useMemo(() => {
    const byId = new Map(options.alkes.map((a) => [a.id, a]))
    let price = 0
    let minutes = 0
    let count = 0
    for (const [id, line] of Object.entries(form.data.picked)) {
      const device = byId.get(Number(id))
      if (!device || line.quantity <= 0) continue
      price += device.price * line.quantity
      minutes += device.minute_estimation * line.quantity
      count += line.quantity
    }
    const holidays = new Set(options.holidays)
    const start = DateTime.fromISO(form.data.arrival_date_estimation)
    const done =
      start.isValid && count > 0 ? completionAt(start, minutes, (d) => holidays.has(d)) : null
    return { price, minutes, count, done }
  }, [form.data.picked, form.data.arrival_date_estimation, options])

  const submit = () => {
    form.transform((data) => ({
      ...(options.facilities.length ? { fasyankes_id: data.fasyankes_id } : {}),
      ...(data.letter ? { letter: data.letter } : {}),
      delivery_date_estimation: data.delivery_date_estimation,
      arrival_date_estimation: data.arrival_date_estimation,
      contact_person_name: data.contact_person_name,
      contact_person_phone: data.contact_person_phone,
      delivery_option: data.delivery_option,
      delivery_travel_name: data.delivery_option === FIRST_PARTY ? '' : data.delivery_travel_name,
      service_type: data.service_type,
      alkes: pickedPayload(data.picked),
    }))
    form.post(submitHref, {
      forceFormData: true,
      preserveScroll: true,
    })
  }

  return (
    <FormPage
      title={order ? `Ubah Permintaan ${order.number}` : 'Ajukan Permintaan Alat Datang'}
      subtitle={
        order?.status === 'DITOLAK'
          ? `Ditolak: ${order.order_description ?? ''} - perbaiki lalu ajukan ulang.`
          : 'Kalibrasi dan pengujian alat yang dikirim ke laboratorium.'
      }
      backHref={backHref}
      onSubmit={submit}
      form={form}
    >
      <RequestFields
        form={form}
        facilities={options.facilities}
        editing={!!order}
        decisionRule={decisionRule}
      />
      <SelectField
        label="Jenis Layanan"
        required
        options={options.serviceTypes.map((t) => ({ value: t, label: t }))}
        {...bind(form, 'service_type')}
      />
      <TextField
        label="Estimasi Tanggal Pengiriman"
        required
        type="date"
        min={options.today}
        {...bind(form, 'delivery_date_estimation')}
      />
      <TextField
        label="Estimasi Tanggal Tiba"
        required
        type="date"
        min={form.data.delivery_date_estimation}
        {...bind(form, 'arrival_date_estimation')}
      />
      <ContactFields
        form={form}
        who="Narahubung"
        name="contact_person_name"
        phone="contact_person_phone"
      />
      <SelectField
        label="Opsi Pengiriman"
        required
        options={options.deliveryOptions.map((o) => ({ value: o, label: o }))}
        {...bind(form, 'delivery_option')}
      />
      {form.data.delivery_option !== FIRST_PARTY ? (
        <TextField
          label="Nama Travel/Ekspedisi/Petugas *"
          {...bind(form, 'delivery_travel_name')}
        />
      ) : (
        <div className="hidden md:block" />
      )}
      {form.data.service_type === 'Tuntung Saharian' && (
        <p className="rounded-md bg-sky-50 p-3 text-sm text-sky-800 md:col-span-2 dark:bg-sky-900/30 dark:text-sky-200">
          Tuntung Saharian: alat diantar ke laboratorium pada hari layanan terjadwal pukul
          08.00-09.00 waktu setempat.
        </p>
      )}
      <div className="md:col-span-2">
        <h2 className="mb-2 font-semibold">Daftar Alat</h2>
        <DevicePicker
          devices={options.alkes}
          lines={form.data.picked}
          onChange={(picked) => form.setData('picked', picked)}
          error={lineError}
        />
      </div>
      <div
        className="grid gap-2 rounded-md border border-slate-200 bg-slate-50 p-4 text-sm md:col-span-2 sm:grid-cols-3 dark:border-slate-800 dark:bg-slate-800/40"
        data-testid="order-summary"
      >
        <div>
          <p className="text-slate-500">Jumlah alat</p>
          <p className="font-semibold">{summary.count} alat</p>
        </div>
        <div>
          <p className="text-slate-500">Total tarif</p>
          <p className="font-semibold">{formatRupiah(summary.price)}</p>
        </div>
        <div>
          <p className="text-slate-500">Estimasi pengerjaan</p>
          <p className="font-semibold" data-testid="estimate-duration">
            {formatDuration(summary.minutes)}
          </p>
          <p className="text-xs text-slate-500" data-testid="estimate-done">
            {summary.done
              ? `Perkiraan selesai ${formatWhen(summary.done)}`
              : 'Pilih alat untuk melihat perkiraan selesai'}
          </p>
        </div>
      </div>
    </FormPage>
  )
}
