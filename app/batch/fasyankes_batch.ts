import Fasyankes from '#models/fasyankes'
import type { BatchDefinition } from '#batch/batch_definition'
import { idByName, namesOf, text } from '#batch/lookups'
import { createFasyankes, updateFasyankes } from '#actions/fasyankes/save_fasyankes'
import { createFasyankesValidator, updateFasyankesValidator } from '#validators/master_data'

/** A regency code typed as a number (73.1) comes back as 73.10. */
function regencyCode(value: unknown) {
  return typeof value === 'number' ? value.toFixed(2) : text(value)
}

export const fasyankesBatch: BatchDefinition<Fasyankes> = {
  fileName: 'fasyankes',
  title: 'Fasyankes',
  permission: 'fasyankes.edit',
  derivedFields: ['c_password'],
  keyField: 'email',
  uniqueFields: ['email'],
  columns: [
    {
      header: 'Email Akun',
      field: 'email',
      required: true,
      description: 'Email login fasyankes (kunci pencocokan).',
      example: 'rsud.contoh@fasyankes.kalibra.test',
    },
    {
      header: 'Nama Fasyankes',
      field: 'fasyankes_name',
      required: true,
      description: 'Nama resmi fasilitas pelayanan kesehatan.',
      example: 'RSUD Contoh Kabupaten Gowa',
    },
    {
      header: 'Kata Sandi',
      field: 'password',
      required: false,
      description:
        'Wajib untuk fasyankes baru: minimal 8 karakter, gabungan beberapa kata, angka, atau simbol (kata sandi yang mudah ditebak ditolak). Kosongkan untuk fasyankes lama.',
      example: 'Mawar-Biru-Senja-48',
    },
    {
      header: 'Telepon',
      field: 'phone',
      required: true,
      description: 'Nomor telepon fasyankes.',
      example: '0411-123456',
    },
    {
      header: 'Alamat',
      field: 'address',
      required: true,
      description: 'Alamat lengkap.',
      example: 'Jl. Poros Malino No. 1, Sungguminasa',
    },
    {
      header: 'Jenis',
      field: 'type',
      required: true,
      description: 'Negeri atau Swasta.',
      example: 'Negeri',
      choices: ['Negeri', 'Swasta'],
    },
    {
      header: 'Kode Provinsi',
      field: 'province',
      required: true,
      description: 'Kode Kemendagri provinsi (2 digit).',
      example: '73',
    },
    {
      header: 'Kode Kabupaten/Kota',
      field: 'city',
      required: true,
      description: 'Kode Kemendagri kabupaten/kota, mis. 73.06 (harus di provinsi tersebut).',
      example: '73.06',
    },
    {
      header: 'Kategori',
      field: 'category',
      required: true,
      description: 'Nama kategori, mis. Rumah Sakit, Puskesmas, Klinik Pratama.',
      example: 'Rumah Sakit',
      choices: () => namesOf('fasyankes_categories'),
    },
    {
      header: 'Kelas',
      field: 'class',
      required: true,
      description: 'Nama kelas, mis. Kelas A-D, Rawat Inap, Non Rawat Inap, Pratama, Utama.',
      example: 'Kelas C',
      choices: () => namesOf('fasyankes_classes'),
    },
    {
      header: 'Penanggung Jawab',
      field: 'pic',
      required: true,
      description: 'Nama penanggung jawab alat.',
      example: 'dr. Andi Rahman',
    },
    {
      header: 'Telepon Penanggung Jawab',
      field: 'pic_phone',
      required: true,
      description: 'Nomor telepon penanggung jawab.',
      example: '081234567890',
    },
    {
      header: 'Latitude',
      field: 'latitude',
      required: true,
      description: 'Lintang (-11,5 s.d. 6,5), mis. -5,2041.',
      example: -5.2041,
    },
    {
      header: 'Longitude',
      field: 'longitude',
      required: true,
      description: 'Bujur (94,5 s.d. 141,5), mis. 119,4539.',
      example: 119.4539,
    },
  ],
  findExisting: (email, client) =>
    Fasyankes.query({ client })
      .whereIn('id', (q) =>
        q.from('users').select('fasyankes_id').whereRaw('lower(email) = ?', [email.toLowerCase()])
      )
      .first(),
  async prepare(raw) {
    const errors: string[] = []
    const password = text(raw.password)
    const values = {
      email: raw.email,
      fasyankes_name: raw.fasyankes_name,
      password,
      c_password: password,
      phone: text(raw.phone),
      address: raw.address,
      type: raw.type,
      province: text(raw.province),
      city: regencyCode(raw.city),
      category_id: await idByName('fasyankes_categories', 'Kategori', raw.category, errors),
      class_id: await idByName('fasyankes_classes', 'Kelas', raw.class, errors),
      pic: raw.pic,
      pic_phone: text(raw.pic_phone),
      latitude: raw.latitude,
      longitude: raw.longitude,
    }
    return { values, errors }
  },
  validator: (existing) => ({
    validator: existing ? updateFasyankesValidator : createFasyankesValidator,
    meta: { fasyankesId: existing?.id },
  }),
  save: (actor, input, existing, client) =>
    existing
      ? updateFasyankes(actor, existing, input, client)
      : createFasyankes(actor, input, client),
}
