import { useForm } from '@inertiajs/react'
import { CheckboxGroup } from '~/components/form/checkbox_group'
import { RecordFormPage, type Register } from '~/components/form/record_form_page'
import { NumberField, SelectField, TextField } from '~/components/ui/field'
import { bind } from '~/lib/bind'
import { fieldText } from '~/lib/format'
import type { Data } from '#generated/data'
import { RupiahField } from '~/components/ui/rupiah_field'

type Alkes = Data.Lists.AlkesRow

const FLAGS = [
  ['is_tuntung_seharian', 'Tuntung saharian (selesai di hari yang sama)'],
  ['pengujian_is_kan', 'Pengujian terakreditasi KAN'],
  ['kalibrasi_is_kan', 'Kalibrasi terakreditasi KAN'],
  ['has_laik_description', 'Hasil memuat keterangan LAIK/TIDAK LAIK'],
] as const

export default function AlkesForm({
  register,
  alkes,
  laboratories,
  services,
}: {
  register: Register
  alkes: Alkes | null
  laboratories: { value: string; label: string }[]
  /** The services a device type may be offered for: one per order type (the server's registry). */
  services: { field: string; label: string }[]
}) {
  const form = useForm({
    name: fieldText(alkes?.name),
    laboratory: alkes?.laboratory ?? 'PK',
    category: fieldText(alkes?.category),
    price: fieldText(alkes?.price),
    minute_estimation: fieldText(alkes?.minute_estimation),
    alkes_code: fieldText(alkes?.alkes_code),
    mk_code: fieldText(alkes?.mk_code),
    aspak_code: fieldText(alkes?.aspak_code),
    certificate_number: fieldText(alkes?.certificate_number),
    total_page: fieldText(alkes?.total_page),
    recalibration_months: fieldText(alkes?.recalibration_months ?? 12),
    is_tuntung_seharian: alkes?.is_tuntung_seharian ?? false,
    // A new device type is offered for every service until unticked.
    ...Object.fromEntries(
      services.map(({ field }) => [
        field,
        alkes ? Boolean((alkes as Record<string, unknown>)[field]) : true,
      ])
    ),
    pengujian_is_kan: alkes?.pengujian_is_kan ?? false,
    kalibrasi_is_kan: alkes?.kalibrasi_is_kan ?? false,
    has_laik_description: alkes?.has_laik_description ?? true,
  })
  return (
    <RecordFormPage register={register} subtitle={alkes?.name} form={form}>
      <div className="md:col-span-2">
        <TextField label="Nama Alkes" required {...bind(form, 'name')} />
      </div>
      <TextField label="Kode Alkes" required {...bind(form, 'alkes_code')} />
      <SelectField
        label="Laboratorium"
        required
        options={laboratories}
        {...bind(form, 'laboratory')}
      />
      {form.data.laboratory === 'UKPR' && (
        <div className="md:col-span-2">
          <TextField
            label="Kategori (UKPR)"
            placeholder="mis. Radiologi Diagnostik"
            {...bind(form, 'category')}
          />
        </div>
      )}
      <RupiahField
        label="Tarif (Rp)"
        required
        name="price"
        value={form.data.price}
        error={form.errors.price}
        onValue={(value) => form.setData('price', value)}
      />
      <NumberField label="Estimasi Waktu (menit)" required {...bind(form, 'minute_estimation')} />
      <TextField label="Kode Metode Kerja" {...bind(form, 'mk_code')} />
      <TextField label="Kode ASPAK" {...bind(form, 'aspak_code')} />
      <TextField label="Nomor Sertifikat" {...bind(form, 'certificate_number')} />
      <NumberField label="Jumlah Halaman Sertifikat" {...bind(form, 'total_page')} />
      <NumberField
        label="Interval Rekalibrasi (bulan)"
        required
        min={1}
        max={120}
        {...bind(form, 'recalibration_months')}
      />
      <CheckboxGroup
        form={form}
        flags={services.map(({ field, label }) => [field, label] as const)}
        legend="Layanan"
      />
      <CheckboxGroup form={form} flags={FLAGS} legend="Akreditasi dan hasil" />
    </RecordFormPage>
  )
}
