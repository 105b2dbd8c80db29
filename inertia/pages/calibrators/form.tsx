import { useForm } from '@inertiajs/react'
import { RecordFormPage, type Register } from '~/components/form/record_form_page'
import { NumberField, SelectField, TextField } from '~/components/ui/field'
import { bind } from '~/lib/bind'
import { fieldText } from '~/lib/format'
import type { Data } from '#generated/data'
import { optionsOf } from '~/lib/options'

type Calibrator = Data.Lists.CalibratorRow

type Options = {
  units: { id: number; name: string }[]
  officers: { id: number; name: string; nip: string | null }[]
  conditions: { value: string; label: string }[]
  typeModelCategories: string[]
}

export default function CalibratorForm({
  register,
  calibrator,
  options,
}: {
  register: Register
  calibrator: Calibrator | null
  options: Options
}) {
  const form = useForm({
    name: fieldText(calibrator?.name),
    merk: fieldText(calibrator?.merk),
    type_model_category: calibrator?.type_model_category ?? 'Tipe',
    type_model: fieldText(calibrator?.type_model),
    serial_number: fieldText(calibrator?.serial_number),
    channel_count: fieldText(calibrator?.channel_count ?? 1),
    unit_id: fieldText(calibrator?.unit.id),
    bpfk_user_id: fieldText(calibrator?.bpfk_user_id),
    calibrator_condition: calibrator?.calibrator_condition ?? 'Good',
    last_calibration_date: fieldText(calibrator?.last_calibration_date),
    next_calibration_date: fieldText(calibrator?.next_calibration_date),
  })
  const subtitle = calibrator ? `${calibrator.name} - SN ${calibrator.serial_number}` : undefined

  return (
    <RecordFormPage register={register} subtitle={subtitle} form={form}>
      <div className="md:col-span-2">
        <TextField label="Nama Kalibrator" required {...bind(form, 'name')} />
      </div>
      <TextField label="Merk" {...bind(form, 'merk')} />
      <TextField label="Nomor Seri" required {...bind(form, 'serial_number')} />
      <SelectField
        label="Kategori Tipe/Model"
        required
        options={options.typeModelCategories.map((v) => ({ value: v, label: v }))}
        {...bind(form, 'type_model_category')}
      />
      <TextField label={form.data.type_model_category} {...bind(form, 'type_model')} />
      <NumberField label="Jumlah Kanal" required min={1} {...bind(form, 'channel_count')} />
      <SelectField
        label="Unit"
        required
        placeholder="Pilih unit"
        options={optionsOf(options.units)}
        {...bind(form, 'unit_id')}
      />
      <SelectField
        label="Penanggung Jawab"
        placeholder="Belum ditentukan"
        options={options.officers.map((o) => ({
          value: String(o.id),
          label: o.nip ? `${o.name} (${o.nip})` : o.name,
        }))}
        {...bind(form, 'bpfk_user_id')}
      />
      <SelectField
        label="Kondisi"
        required
        options={options.conditions}
        {...bind(form, 'calibrator_condition')}
      />
      <TextField
        label="Tanggal Kalibrasi Terakhir"
        type="date"
        {...bind(form, 'last_calibration_date')}
      />
      <TextField
        label="Tanggal Kalibrasi Berikutnya"
        type="date"
        {...bind(form, 'next_calibration_date')}
      />
    </RecordFormPage>
  )
}
