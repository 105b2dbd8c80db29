import User from '#models/user'
import Calibrator from '#models/calibrator'
import type { BatchDefinition } from '#batch/batch_definition'
import { idByName, isoDate, namesOf, text } from '#batch/lookups'
import { saveCalibrator } from '#actions/calibrators/save_calibrator'
import { calibratorValidator } from '#validators/master_data'

const CONDITIONS: Record<string, string> = {
  'baik': 'Good',
  'good': 'Good',
  'tidak baik': 'Bad',
  'bad': 'Bad',
}

export const calibratorBatch: BatchDefinition<Calibrator> = {
  fileName: 'kalibrator',
  title: 'Kalibrator',
  permission: 'calibrator.edit',
  keyField: 'serial_number',
  uniqueFields: ['serial_number'],
  columns: [
    {
      header: 'Nomor Seri',
      field: 'serial_number',
      required: true,
      description: 'Nomor seri unik (kunci pencocokan).',
      example: '4670021',
    },
    {
      header: 'Nama Kalibrator',
      field: 'name',
      required: true,
      description: 'Nama kalibrator.',
      example: 'Electrical Safety Analyzer',
    },
    {
      header: 'Merk',
      field: 'merk',
      required: false,
      description: 'Merk.',
      example: 'Fluke Biomedical',
    },
    {
      header: 'Tipe/Model',
      field: 'type_model_category',
      required: true,
      description: 'Tipe atau Model.',
      example: 'Tipe',
    },
    {
      header: 'Nama Tipe/Model',
      field: 'type_model',
      required: false,
      description: 'Nama tipe atau model.',
      example: 'ESA615',
    },
    {
      header: 'Jumlah Kanal',
      field: 'channel_count',
      required: true,
      description: 'Minimal 1.',
      example: 1,
    },
    {
      header: 'Unit',
      field: 'unit',
      required: true,
      description: 'PK, UKPR, SARPRAS atau PDP.',
      example: 'PK',
      choices: () => namesOf('units'),
    },
    {
      header: 'NIP Penanggung Jawab',
      field: 'person_in_charge',
      required: false,
      description: 'NIP petugas penanggung jawab.',
      example: '199512302019031006',
    },
    {
      header: 'Kondisi',
      field: 'calibrator_condition',
      required: true,
      description: 'Baik atau Tidak Baik.',
      example: 'Baik',
      choices: ['Baik', 'Tidak Baik'],
    },
    {
      header: 'Kalibrasi Terakhir',
      field: 'last_calibration_date',
      required: false,
      description: 'Tanggal kalibrasi terakhir (YYYY-MM-DD).',
      example: '2026-03-10',
    },
    {
      header: 'Kalibrasi Berikutnya',
      field: 'next_calibration_date',
      required: false,
      description: 'Tanggal kalibrasi berikutnya (YYYY-MM-DD), setelah kalibrasi terakhir.',
      example: '2027-03-10',
    },
  ],
  findExisting: (serial, client) =>
    Calibrator.query({ client }).where('serial_number', serial).first(),
  async prepare(raw) {
    const errors: string[] = []
    let personId: number | null = null
    if (raw.person_in_charge) {
      const nip = text(raw.person_in_charge)!
      const person = await User.query().where('nip', nip).whereNull('fasyankes_id').first()
      if (person) personId = person.id
      else errors.push(`NIP Penanggung Jawab "${nip}" tidak ditemukan.`)
    }
    const condition = raw.calibrator_condition
      ? CONDITIONS[String(raw.calibrator_condition).trim().toLowerCase()]
      : null
    return {
      values: {
        serial_number: text(raw.serial_number),
        name: raw.name,
        merk: text(raw.merk),
        type_model_category: raw.type_model_category,
        type_model: text(raw.type_model),
        channel_count: raw.channel_count,
        unit_id: await idByName('units', 'Unit', raw.unit, errors),
        bpfk_user_id: personId,
        calibrator_condition: condition ?? raw.calibrator_condition,
        last_calibration_date: isoDate(raw.last_calibration_date),
        next_calibration_date: isoDate(raw.next_calibration_date),
      },
      errors,
    }
  },
  validator: (existing) => ({ validator: calibratorValidator, meta: { id: existing?.id } }),
  save: (actor, input, existing, client) => saveCalibrator(actor, input, existing, client),
}
