import { useForm } from '@inertiajs/react'
import { FormPage } from '~/components/form/form_page'
import { TextField } from '~/components/ui/field'
import { bind } from '~/lib/bind'

interface Officer {
  id: number
  name: string
  nip: string | null
  rank: string | null
  position: string | null
  email: string
}

export default function OfficerForm({ officer }: { officer: Officer | null }) {
  const form = useForm({
    name: officer?.name ?? '',
    nip: officer?.nip ?? '',
    rank: officer?.rank ?? '',
    position: officer?.position ?? '',
    email: officer?.email ?? '',
    password: '',
    confirmation_password: '',
  })
  const submit = () =>
    officer ? form.put(`/officer/${officer.id}/update`, { preserveScroll: true }) : form.post('/officer/store', { preserveScroll: true })

  return (
    <FormPage
      title={officer ? 'Ubah Data Petugas' : 'Tambah Petugas'}
      subtitle={officer ? officer.name : 'Akun petugas baru; perannya diatur setelah disimpan.'}
      backHref="/officer"
      onSubmit={submit}
      processing={form.processing}
      recentlySuccessful={form.recentlySuccessful}
    >
      <div className="md:col-span-2">
        <TextField label="Nama" {...bind(form, 'name')} />
      </div>
      <TextField label="NIP" inputMode="numeric" {...bind(form, 'nip')} />
      <TextField label="Email" type="email" {...bind(form, 'email')} />
      <TextField label="Pangkat/Golongan" {...bind(form, 'rank')} />
      <TextField label="Jabatan" {...bind(form, 'position')} />
      <TextField
        label="Kata Sandi"
        type="password"
        autoComplete="new-password"
        hint={officer ? 'Kosongkan bila tidak diubah.' : 'Minimal 8 karakter.'}
        {...bind(form, 'password')}
      />
      <TextField label="Konfirmasi Kata Sandi" type="password" autoComplete="new-password" {...bind(form, 'confirmation_password')} />
    </FormPage>
  )
}
