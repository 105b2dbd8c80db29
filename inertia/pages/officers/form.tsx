import { useForm } from '@inertiajs/react'
import { RecordFormPage, type Register } from '~/components/form/record_form_page'
import { TextField } from '~/components/ui/field'
import { AccountAccessPanel, type AccountAccess } from '~/components/officers/account_access'
import { bind } from '~/lib/bind'
import type { Data } from '#generated/data'

type Officer = Data.Lists.OfficerRow

const NEW_OFFICER =
  'Akun petugas baru; setelah disimpan, buat tautan atur kata sandi untuknya lalu atur perannya.'

/**
 * Create and edit an officer. No password is typed here: the officer sets
 * their own through a set-password link from the Akses Akun panel.
 */
export default function OfficerForm({
  register,
  officer,
  account,
}: {
  register: Register
  officer: Officer | null
  account: AccountAccess | null
}) {
  const form = useForm({
    name: officer?.name ?? '',
    nip: officer?.nip ?? '',
    rank: officer?.rank ?? '',
    position: officer?.position ?? '',
    email: officer?.email ?? '',
  })
  const emailLocked = Boolean(officer && account && !account.manageable)

  return (
    <>
      <RecordFormPage
        register={register}
        subtitle={officer ? officer.name : NEW_OFFICER}
        form={form}
      >
        <div className="md:col-span-2">
          <TextField label="Nama" required {...bind(form, 'name')} />
        </div>
        <TextField label="NIP" required inputMode="numeric" {...bind(form, 'nip')} />
        <TextField
          label="Email"
          required
          type="email"
          readOnly={emailLocked}
          hint={emailLocked ? 'Email akun ini tidak dapat Anda ubah.' : undefined}
          {...bind(form, 'email')}
        />
        <TextField label="Pangkat/Golongan" required {...bind(form, 'rank')} />
        <TextField label="Jabatan" required {...bind(form, 'position')} />
      </RecordFormPage>
      {officer && account && <AccountAccessPanel officer={officer} access={account} />}
    </>
  )
}
