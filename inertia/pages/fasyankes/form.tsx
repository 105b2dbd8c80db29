import { useForm } from '@inertiajs/react'
import { RecordFormPage, type Register } from '~/components/form/record_form_page'
import { SelectField, TextField, PasswordField } from '~/components/ui/field'
import { RegionFields, type ProvinceOption } from '~/components/form/region_fields'
import { CoordinatePicker } from '~/components/map/coordinate_picker'
import { bind } from '~/lib/bind'
import { fieldText } from '~/lib/format'
import { optionsOf } from '~/lib/options'
import type { fasyankesFormValues } from '#actions/fasyankes/save_fasyankes'

/** The facility in the form's field names, as the server's edit page sends it. */
type Facility = ReturnType<typeof fasyankesFormValues> & { id: number }

type Props = {
  fasyankes: Facility | null
  options: {
    provinces: ProvinceOption[]
    categories: { id: number; name: string }[]
    classes: { id: number; name: string }[]
    types: string[]
  }
}

const REGISTER: Register = {
  path: '/fasyankes/data',
  titles: { create: 'Tambah Fasyankes', edit: 'Ubah Fasyankes' },
}

export default function FasyankesForm({ fasyankes, options }: Props) {
  const form = useForm({
    fasyankes_name: fieldText(fasyankes?.fasyankes_name),
    email: fieldText(fasyankes?.email),
    phone: fieldText(fasyankes?.phone),
    address: fieldText(fasyankes?.address),
    type: fieldText(fasyankes?.type),
    province: fieldText(fasyankes?.province),
    city: fieldText(fasyankes?.city),
    category_id: fieldText(fasyankes?.category_id),
    class_id: fieldText(fasyankes?.class_id),
    pic: fieldText(fasyankes?.pic),
    pic_phone: fieldText(fasyankes?.pic_phone),
    latitude: fieldText(fasyankes?.latitude),
    longitude: fieldText(fasyankes?.longitude),
    password: '',
    c_password: '',
  })
  const subtitle = fasyankes ? fasyankes.fasyankes_name : 'Fasyankes baru beserta akun login-nya.'

  return (
    <RecordFormPage register={REGISTER} record={fasyankes} subtitle={subtitle} form={form}>
      <div className="md:col-span-2">
        <TextField label="Nama Fasyankes" required {...bind(form, 'fasyankes_name')} />
      </div>
      <SelectField
        label="Kategori"
        required
        placeholder="Pilih kategori"
        options={optionsOf(options.categories)}
        {...bind(form, 'category_id')}
      />
      <SelectField
        label="Kelas"
        required
        placeholder="Pilih kelas"
        options={optionsOf(options.classes)}
        {...bind(form, 'class_id')}
      />
      <SelectField
        label="Jenis"
        required
        placeholder="Pilih jenis"
        options={options.types.map((t) => ({ value: t, label: t }))}
        {...bind(form, 'type')}
      />
      <TextField label="Nomor Telepon" required type="tel" {...bind(form, 'phone')} />
      <RegionFields
        provinces={options.provinces}
        province={form.data.province}
        city={form.data.city}
        errors={{ province: form.errors.province, city: form.errors.city }}
        onChange={(province, city) => form.setData({ ...form.data, province, city })}
      />
      <div className="md:col-span-2">
        <TextField label="Alamat" required {...bind(form, 'address')} />
      </div>
      <TextField
        label="Latitude"
        required
        inputMode="decimal"
        placeholder="-5.1477"
        hint="Lintang, -11,5 s.d. 6,5"
        {...bind(form, 'latitude')}
      />
      <TextField
        label="Longitude"
        required
        inputMode="decimal"
        placeholder="119.4327"
        hint="Bujur, 94,5 s.d. 141,5"
        {...bind(form, 'longitude')}
      />
      <div className="md:col-span-2">
        <CoordinatePicker
          latitude={form.data.latitude}
          longitude={form.data.longitude}
          onPick={(latitude, longitude) => form.setData({ ...form.data, latitude, longitude })}
        />
      </div>
      <TextField label="Nama Penanggung Jawab" required {...bind(form, 'pic')} />
      <TextField
        label="Telepon Penanggung Jawab"
        required
        type="tel"
        {...bind(form, 'pic_phone')}
      />
      <h2 className="mt-2 font-semibold md:col-span-2">Akun Login Fasyankes</h2>
      <div className="md:col-span-2">
        <TextField
          label="Email"
          required
          type="email"
          autoComplete="off"
          {...bind(form, 'email')}
        />
      </div>
      <PasswordField
        label="Kata Sandi"
        hint={fasyankes ? 'Kosongkan bila tidak diubah.' : 'Minimal 8 karakter.'}
        {...bind(form, 'password')}
      />
      <PasswordField label="Konfirmasi Kata Sandi" {...bind(form, 'c_password')} />
    </RecordFormPage>
  )
}
