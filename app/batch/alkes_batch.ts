import Alkes from '#models/alkes'
import type { BatchDefinition } from '#batch/batch_definition'
import { text, yesNo, YES_NO } from '#batch/lookups'
import { ALKES_LABORATORIES } from '#enums/master_data'
import { saveAlkes } from '#actions/alkes/save_alkes'
import { saveTestPoints } from '#actions/alkes/save_test_points'
import { alkesBatchValidator } from '#validators/alkes_test_points'
import { readTestPointCell, TEST_POINT_CELL_FORMAT } from '#batch/test_point_cell'
import { testPointsRefusal } from '#services/lab_staff'
import { servicesOfOne } from '#queries/alkes/services'
import { deviceServices, serviceFlagsOf } from '#workflows/order_types'

const FLAGS = [
  ['is_tuntung_seharian', 'Tuntung Saharian', 'Ya bila dapat selesai di hari yang sama.', 'Tidak'],
  ['pengujian_is_kan', 'Pengujian KAN', 'Ya bila pengujian terakreditasi KAN.', 'Ya'],
  ['kalibrasi_is_kan', 'Kalibrasi KAN', 'Ya bila kalibrasi terakreditasi KAN.', 'Ya'],
  ['has_laik_description', 'Keterangan Laik', 'Ya bila hasil memuat LAIK/TIDAK LAIK.', 'Ya'],
] as const

const serviceTitles = () => deviceServices().map(({ title }) => title)

/**
 * The "Layanan" cell (order type titles separated by commas) as the form's flags, one per
 * service (`is_internal`…). Without the column a device type keeps the services it has.
 */
async function readServices(raw: Record<string, unknown>, existing: Alkes | null | undefined) {
  let offered: string[]
  let error: string | null = null
  if (!('services' in raw)) {
    offered = existing ? await servicesOfOne(existing.id) : []
  } else {
    const names = String(raw.services ?? '')
      .split(/[,;\n]/)
      .map((name) => name.trim())
      .filter(Boolean)
    const byTitle = new Map(
      deviceServices().map((service) => [service.title.toLowerCase(), service.type])
    )
    const unknown = names.filter((name) => !byTitle.has(name.toLowerCase()))
    if (unknown.length) {
      error = `Layanan tidak dikenal: ${unknown.join(', ')}. Pilih dari: ${serviceTitles().join(', ')}.`
    }
    offered = names.map((name) => byTitle.get(name.toLowerCase())!).filter(Boolean)
  }
  return { flags: serviceFlagsOf(offered), error }
}

export const alkesBatch: BatchDefinition<Alkes> = {
  fileName: 'alkes',
  title: 'Alkes',
  permission: 'alkes.edit',
  keyField: 'alkes_code',
  uniqueFields: ['alkes_code'],
  columns: [
    {
      header: 'Kode Alkes',
      field: 'alkes_code',
      required: true,
      description: 'Kode unik alat (kunci pencocokan).',
      example: 'PK-101',
    },
    {
      header: 'Nama Alkes',
      field: 'name',
      required: true,
      description: 'Nama jenis alat kesehatan.',
      example: 'Suction Pump',
    },
    {
      header: 'Laboratorium',
      field: 'laboratory',
      required: true,
      description: 'PK, UKPR atau SARPRAS.',
      example: 'PK',
      choices: ALKES_LABORATORIES,
    },
    {
      header: 'Kategori',
      field: 'category',
      required: false,
      description: 'Hanya untuk UKPR, mis. Radiologi Diagnostik.',
      example: '',
    },
    {
      header: 'Tarif',
      field: 'price',
      required: true,
      description: 'Tarif dalam rupiah, angka tanpa titik.',
      example: 350000,
    },
    {
      header: 'Estimasi Menit',
      field: 'minute_estimation',
      required: true,
      description: 'Perkiraan lama pengerjaan satu alat, dalam menit.',
      example: 90,
    },
    {
      header: 'Kode Metode Kerja',
      field: 'mk_code',
      required: false,
      description: 'Kode metode kerja (MK).',
      example: 'MK 003-17',
    },
    {
      header: 'Kode ASPAK',
      field: 'aspak_code',
      required: false,
      description: 'Kode alat pada ASPAK.',
      example: '1.1.1.22',
    },
    {
      header: 'Nomor Sertifikat',
      field: 'certificate_number',
      required: false,
      description: 'Templat nomor sertifikat.',
      example: 'KAL/PK/101',
    },
    {
      header: 'Jumlah Halaman',
      field: 'total_page',
      required: false,
      description: 'Jumlah halaman sertifikat.',
      example: 3,
    },
    {
      header: 'Interval Rekalibrasi (bulan)',
      field: 'recalibration_months',
      required: false,
      description: 'Jarak kalibrasi ulang dalam bulan; kosong = 12.',
      example: 12,
    },
    {
      header: 'Layanan',
      field: 'services',
      required: false,
      description: `Layanan yang tersedia untuk alat ini, dipisah koma: ${serviceTitles().join(', ')}. Kosong = tidak ada layanan. Hapus kolom ini dari berkas agar layanan yang ada tidak berubah.`,
      example: serviceTitles().join(', '),
    },
    ...FLAGS.map(([field, header, description, example]) => ({
      header,
      field,
      required: false,
      description: `${description} Isi Ya atau Tidak; kosong = Tidak.`,
      example,
      choices: YES_NO,
    })),
    {
      header: 'Titik Uji',
      field: 'test_points',
      required: false,
      description: `Titik uji alat, satu titik per baris di dalam sel (Alt+Enter untuk baris baru): ${TEST_POINT_CELL_FORMAT}. Toleransi ditulis 2 atau ±2 (dalam satuan) atau 10% (persen dari nominal); desimal boleh titik atau koma; pengulangan 1-10; resolusi lebih dari 0; maksimal 30 titik. Isi sel menggantikan seluruh titik uji alat; sel kosong = tanpa titik uji. Hapus kolom ini dari berkas agar titik uji yang ada tidak berubah. Hanya kepala atau admin laboratorium alat yang dapat mengubah titik uji.`,
      example:
        'Laju Jantung | bpm | 60 | ±2 | 3 | 1\nSpO2 | % | 90 | 2 | 3 | 1\nTekanan Sistolik | mmHg | 120 | 3 | 3 | 1',
    },
  ],
  findExisting: (code, client) => Alkes.query({ client }).where('alkes_code', code).first(),
  async prepare(raw, existing) {
    const values: Record<string, unknown> = {
      alkes_code: text(raw.alkes_code),
      name: raw.name,
      laboratory:
        typeof raw.laboratory === 'string' ? raw.laboratory.toUpperCase() : raw.laboratory,
      category: raw.category,
      price: raw.price,
      minute_estimation: raw.minute_estimation,
      mk_code: text(raw.mk_code),
      aspak_code: text(raw.aspak_code),
      certificate_number: text(raw.certificate_number),
      total_page: raw.total_page,
      recalibration_months: raw.recalibration_months ?? 12,
    }
    for (const [field] of FLAGS) values[field] = yesNo(raw[field])
    const services = await readServices(raw, existing)
    Object.assign(values, services.flags)
    if (services.error) return { values, errors: [services.error] }
    // Without the column the templates are left alone; with it the cell replaces the list.
    if (!('test_points' in raw)) return { values, errors: [] }
    const cell = await readTestPointCell(raw.test_points, existing?.id ?? null)
    if (cell.points) values.test_points = cell.points
    return { values, errors: cell.errors }
  },
  // Changed test points: only the head or admin of the device's lab (before and after a move).
  authorize(actor, values, existing) {
    if (values.test_points === undefined) return null
    const labs = new Set([values.laboratory, existing?.laboratory].filter(Boolean))
    for (const lab of labs) {
      if (!(ALKES_LABORATORIES as readonly unknown[]).includes(lab)) continue
      const refusal = testPointsRefusal(actor.user, lab)
      if (refusal)
        return `${refusal} Hapus kolom "Titik Uji" dari berkas agar titik uji tidak diubah.`
    }
    return null
  },
  validator: (existing) => ({ validator: alkesBatchValidator, meta: { id: existing?.id } }),
  async save(actor, input, existing, client) {
    const alkes = await saveAlkes(actor, input, existing, client)
    if (input.test_points) await saveTestPoints(actor, alkes, input.test_points, client)
    return alkes
  },
}
