import type { FormEvent } from 'react'
import { Head, useForm } from '@inertiajs/react'
import { Card, PageHeader } from '~/components/ui/card'
import { TextField } from '~/components/ui/field'
import { bind } from '~/lib/bind'
import { SubmitButton } from '~/components/form/submit_button'
import { FacilityFields, type FacilityOptions } from '~/components/form/facility_fields'
import { fieldText } from '~/lib/format'

type StaffProfile = {
  name: string
  nip: string | null
  rank: string | null
  position: string | null
  email: string
}

type FacilityProfile = {
  name: string
  phone: string | null
  address: string | null
  type: string | null
  province: string | null
  city: string | null
  category_id: number | null
  class_id: number | null
  pic_name: string | null
  pic_phone: string | null
  email: string
}

type Options = FacilityOptions

type Props = {
  staff: StaffProfile | null
  facility: FacilityProfile | null
  options: Options | null
}

export default function Profile({ staff, facility, options }: Props) {
  return (
    <>
      <Head title="Profil" />
      <PageHeader title="Profil" subtitle="Perbarui data akun Anda." />
      <Card className="max-w-3xl p-6">
        {staff && <StaffForm profile={staff} />}
        {facility && options && <FacilityForm profile={facility} options={options} />}
      </Card>
    </>
  )
}

function StaffForm({ profile }: { profile: StaffProfile }) {
  const form = useForm({
    name: profile.name,
    nip: profile.nip ?? '',
    rank: profile.rank ?? '',
    position: profile.position ?? '',
  })
  const submit = (event: FormEvent) => {
    event.preventDefault()
    form.put('/profile', { preserveScroll: true })
  }
  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <TextField label="Email" value={profile.email} disabled readOnly />
      <TextField label="Nama" {...bind(form, 'name')} required />
      <TextField label="NIP" inputMode="numeric" {...bind(form, 'nip')} />
      <TextField label="Pangkat/Golongan" {...bind(form, 'rank')} />
      <TextField label="Jabatan" {...bind(form, 'position')} />
      <SubmitButton processing={form.processing} recentlySuccessful={form.recentlySuccessful} />
    </form>
  )
}

function FacilityForm({ profile, options }: { profile: FacilityProfile; options: Options }) {
  const form = useForm({
    name: profile.name,
    phone: fieldText(profile.phone),
    address: fieldText(profile.address),
    type: fieldText(profile.type),
    province: fieldText(profile.province),
    city: fieldText(profile.city),
    category_id: fieldText(profile.category_id || null),
    class_id: fieldText(profile.class_id || null),
    pic_name: fieldText(profile.pic_name),
    pic_phone: fieldText(profile.pic_phone),
    email: profile.email,
  })
  const submit = (event: FormEvent) => {
    event.preventDefault()
    form.put('/profile', { preserveScroll: true })
  }
  const text = (name: keyof typeof form.data, label: string, type = 'text') => (
    <TextField
      label={label}
      name={name}
      type={type}
      value={form.data[name]}
      onChange={(e) => form.setData(name, e.target.value)}
      error={form.errors[name]}
    />
  )
  return (
    <form onSubmit={submit} noValidate className="grid gap-4 md:grid-cols-2">
      <div className="md:col-span-2">{text('name', 'Nama Fasyankes')}</div>
      {text('email', 'Email', 'email')}
      {text('phone', 'Nomor Telepon', 'tel')}
      <div className="md:col-span-2">{text('address', 'Alamat')}</div>
      <FacilityFields
        form={form}
        options={options}
        beforeRegion={<div className="hidden md:block" />}
      />
      {text('pic_name', 'Nama Penanggung Jawab')}
      {text('pic_phone', 'Telepon Penanggung Jawab', 'tel')}
      <div className="md:col-span-2">
        <SubmitButton processing={form.processing} recentlySuccessful={form.recentlySuccessful} />
      </div>
    </form>
  )
}
