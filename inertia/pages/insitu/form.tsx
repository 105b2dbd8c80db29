import { useForm } from '@inertiajs/react'
import { FormPage } from '~/components/form/form_page'
import { SelectField, TextField } from '~/components/ui/field'
import type { DeviceOption, PickedLine } from '~/components/form/device_picker'
import { LabRequests, labPayload } from '~/components/insitu/lab_requests'
import { RequestFields } from '~/components/orders/request_fields'
import { bind } from '~/lib/bind'

type Props = {
  /** Where the form posts (an edit says PUT in `_method`, since files travel as multipart). */
  submitHref: string
  backHref: string
  /** The decision rule the request agrees to. */
  decisionRule: { label: string; statement: string }
  order: {
    id: number
    number: string
    fasyankes_id: number
    execution_year: number
    letter_number: string
    letter_date: string
  } | null
  lines: { alkes_id: number; quantity: number; description: string }[]
  options: { alkes: DeviceOption[]; facilities: { id: number; name: string }[]; years: number[] }
}

export default function InsituOrderForm({
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
    execution_year: String(order?.execution_year ?? options.years[0]),
    letter_number: order?.letter_number ?? '',
    letter_date: order?.letter_date ?? '',
    picked: Object.fromEntries(
      lines.map((l) => [l.alkes_id, { quantity: l.quantity, description: l.description }])
    ) as Record<number, PickedLine>,
  })
  const submit = () => {
    form.transform((data) => ({
      ...(options.facilities.length ? { fasyankes_id: data.fasyankes_id } : {}),
      ...(data.letter ? { letter: data.letter } : {}),
      execution_year: data.execution_year,
      letter_number: data.letter_number,
      letter_date: data.letter_date,
      ...labPayload(options.alkes, data.picked),
    }))
    form.post(submitHref, { forceFormData: true, preserveScroll: true })
  }
  return (
    <FormPage
      title={order ? `Ubah Permintaan ${order.number}` : 'Ajukan Permintaan Insitu'}
      subtitle="Kalibrasi dan pengujian alat di fasilitas kesehatan, per laboratorium."
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
        label="Tahun Pelaksanaan"
        required
        options={options.years.map((year) => ({ value: String(year), label: String(year) }))}
        {...bind(form, 'execution_year')}
      />
      <TextField label="Nomor Surat" required {...bind(form, 'letter_number')} />
      <TextField label="Tanggal Surat" required type="date" {...bind(form, 'letter_date')} />
      <div className="md:col-span-2">
        <LabRequests
          devices={options.alkes}
          lines={form.data.picked}
          onChange={(picked) => form.setData('picked', picked)}
          errors={form.errors as Record<string, string | undefined>}
        />
      </div>
    </FormPage>
  )
}
