import { useForm } from '@inertiajs/react'
import { RecordFormPage, type Register } from '~/components/form/record_form_page'
import { TextField, PasswordField } from '~/components/ui/field'
import { FacilityFields, type FacilityOptions } from '~/components/form/facility_fields'
import { CoordinateFields } from '~/components/map/coordinate_fields'
import { ContactFields } from '~/components/form/contact_fields'
import { bind } from '~/lib/bind'
import { fieldText } from '~/lib/format'
import type { fasyankesFormValues } from '#actions/fasyankes/save_fasyankes'

/** The facility in the form's field names, as the server's edit page sends it. */
type Facility = ReturnType<typeof fasyankesFormValues> & { id: number }

type Props = {
  register: Register
  fasyankes: Facility | null
  options: FacilityOptions
}

export default function FasyankesForm({ register, fasyankes, options }: Props) {
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
    <RecordFormPage register={register} subtitle={subtitle} form={form}>
      <div className="md:col-span-2">
        <TextField label="Nama Fasyankes" required {...bind(form, 'fasyankes_name')} />
      </div>
      <FacilityFields
        form={form}
        options={options}
        required
        beforeRegion={
          <TextField label="Nomor Telepon" required type="tel" {...bind(form, 'phone')} />
        }
      />
      <div className="md:col-span-2">
        <TextField label="Alamat" required {...bind(form, 'address')} />
      </div>
      <CoordinateFields form={form} />
      <ContactFields form={form} who="Penanggung Jawab" name="pic" phone="pic_phone" />
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
