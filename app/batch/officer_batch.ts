import User from '#models/user'
import type { BatchDefinition } from '#batch/batch_definition'
import { createOfficer, updateOfficer } from '#actions/officers/save_officer'
import { createOfficerValidator, updateOfficerValidator } from '#validators/master_data'
import { accountRefusal, touchesAccount } from '#services/role_grants'

const text = (value: unknown) => (value === null || value === undefined ? null : String(value))

export const officerBatch: BatchDefinition<User> = {
  fileName: 'petugas',
  title: 'Petugas',
  permission: 'officer.edit',
  derivedFields: ['confirmation_password'],
  keyField: 'nip',
  uniqueFields: ['nip', 'email'],
  columns: [
    {
      header: 'NIP',
      field: 'nip',
      required: true,
      description:
        'NIP 8-30 digit angka (kunci pencocokan). Format sel sebagai Teks agar angka tidak berubah.',
      example: '199001012015031001',
    },
    {
      header: 'Nama',
      field: 'name',
      required: true,
      description: 'Nama lengkap beserta gelar.',
      example: 'Andi Saputra, S.T.',
    },
    {
      header: 'Pangkat/Golongan',
      field: 'rank',
      required: true,
      description: 'Pangkat dan golongan.',
      example: 'Penata Muda (III/a)',
    },
    {
      header: 'Jabatan',
      field: 'position',
      required: true,
      description: 'Jabatan.',
      example: 'Teknisi Elektromedis Ahli Pertama',
    },
    {
      header: 'Email',
      field: 'email',
      required: true,
      description: 'Email untuk masuk; unik.',
      example: 'andi.saputra@kalibra.test',
    },
    {
      header: 'Kata Sandi',
      field: 'password',
      required: false,
      description:
        'Opsional. Kosongkan agar petugas mengatur sendiri kata sandinya lewat tautan dari halaman Ubah Data Petugas; kata sandi petugas lama tetap. Bila diisi: minimal 8 karakter, gabungan beberapa kata, angka, atau simbol.',
      example: '',
    },
  ],
  findExisting: (nip, client) =>
    User.query({ client }).where('nip', nip).whereNull('fasyankes_id').first(),
  async prepare(raw) {
    // Excel keeps 15 significant digits: an 18-digit NIP typed as a number has already lost some.
    const nipLost = typeof raw.nip === 'number' && !Number.isSafeInteger(raw.nip)
    const password = text(raw.password)
    const values = {
      nip: text(raw.nip),
      name: raw.name,
      rank: raw.rank,
      position: raw.position,
      email: raw.email,
      password,
      confirmation_password: password,
    }
    return {
      values,
      errors: nipLost
        ? [
            'NIP terbaca sebagai angka sehingga digitnya berubah. Format kolom NIP sebagai Teks lalu ketik ulang NIP.',
          ]
        : [],
    }
  },
  // The form's rule (officers_controller.update): another account's email or password only when the editor may manage it.
  authorize: (actor, values, existing) =>
    existing && actor.user && touchesAccount(existing, values)
      ? accountRefusal(actor.user, existing)
      : null,
  validator: (existing) => ({
    validator: existing ? updateOfficerValidator : createOfficerValidator,
    meta: { id: existing?.id },
  }),
  save: (actor, input, existing, client) =>
    existing ? updateOfficer(actor, existing, input, client) : createOfficer(actor, input, client),
}
