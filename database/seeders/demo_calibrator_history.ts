import { DateTime } from 'luxon'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'

/**
 * The demo calibrators' own calibration history (issue 15): for each, the calibration before
 * the current one and the current one (its dates are the calibrator's last and next
 * calibration dates, so the history and the calibrator agree), each with the certificate
 * number, the calibration laboratory and the expanded uncertainties (k = 2) its certificate
 * states for the calibrator's parameters. Two of the calibrators in condition Tidak Baik also
 * have the finding that put them out: an out-of-tolerance finding and a failed calibration.
 *
 * Migration 0039 gave calibrators that existed then a row of their own; the demo calibrators
 * are inserted after it, so their rows are made here.
 */

type Uncertainty = [parameter: string, unit: string, expanded: number]

/** What each kind of calibrator's certificate states, by the calibrator's name. */
const UNCERTAINTIES: Record<string, Uncertainty[]> = {
  'Electrical Safety Analyzer': [
    ['Resistansi', 'Ω', 0.02],
    ['Arus bocor', 'µA', 1.5],
    ['Tegangan jala-jala', 'V', 0.5],
  ],
  'Patient Simulator': [
    ['Heart rate', 'bpm', 0.5],
    ['SpO2', '%', 1.0],
    ['Tekanan', 'mmHg', 0.5],
  ],
  'SpO2 Simulator': [
    ['SpO2', '%', 1.0],
    ['Heart rate', 'bpm', 0.5],
  ],
  'Defibrillator Analyzer': [
    ['Energi', 'J', 0.8],
    ['Waktu sinkronisasi', 'ms', 1.0],
  ],
  'Infusion Device Analyzer': [
    ['Laju alir', 'mL/h', 0.6],
    ['Volume', 'mL', 0.05],
  ],
  'Gas Flow Analyzer': [
    ['Laju alir', 'L/min', 0.05],
    ['Tekanan', 'cmH2O', 0.1],
    ['Konsentrasi O2', '%', 1.0],
  ],
  'Incubator Analyzer': [
    ['Suhu', '°C', 0.1],
    ['Kelembapan', '%RH', 1.5],
    ['Kebisingan', 'dBA', 0.8],
  ],
  'ESU Analyzer': [
    ['Daya', 'W', 1.5],
    ['Arus bocor RF', 'mA', 2.0],
  ],
  'NIBP Analyzer': [['Tekanan', 'mmHg', 0.5]],
  'Digital Pressure Meter': [['Tekanan', 'mmHg', 0.3]],
  'Temperature Data Logger': [['Suhu', '°C', 0.1]],
  'Ultrasound Power Meter': [['Daya', 'W', 0.05]],
  'Oxygen Analyzer': [['Konsentrasi O2', '%', 1.0]],
  'Phototherapy Radiometer': [['Iradiansi', 'µW/cm²/nm', 0.5]],
  'Analytical Balance': [['Massa', 'mg', 0.05]],
  'Standard Weights Set': [['Massa', 'mg', 0.03]],
  'Digital Tachometer': [['Kecepatan putar', 'rpm', 1.0]],
  'X-Ray Multimeter': [
    ['Tegangan tabung', 'kV', 0.8],
    ['Kerma udara', 'µGy', 2.0],
    ['Waktu paparan', 'ms', 0.5],
  ],
  'Survey Meter': [['Laju dosis', 'µSv/h', 0.3]],
  'Dosimeter (Electrometer)': [['Muatan', 'nC', 0.02]],
  'Ionization Chamber (Farmer)': [['Kerma udara', 'mGy', 0.02]],
  'CT Pencil Ionization Chamber': [['Kerma udara', 'mGy', 0.02]],
  'Water Phantom': [['Posisi', 'mm', 0.1]],
  'Kerma Area Product Meter': [['Produk kerma-luas', 'µGy·m²', 0.5]],
  'Mammography Phantom': [['Ketebalan', 'mm', 0.1]],
  'Personal Dosimeter': [['Dosis ekivalen', 'µSv', 1.0]],
  'Lux Meter': [['Iluminasi', 'lux', 2.0]],
  'Sound Level Meter': [['Tingkat tekanan bunyi', 'dB', 0.5]],
  'Particle Counter': [
    ['Ukuran partikel', 'µm', 0.02],
    ['Laju alir sampel', 'L/min', 0.1],
  ],
  'Anemometer': [['Kecepatan udara', 'm/s', 0.05]],
  'Differential Pressure Meter': [['Tekanan diferensial', 'Pa', 0.5]],
  'Thermohygrometer': [
    ['Suhu', '°C', 0.2],
    ['Kelembapan', '%RH', 1.5],
  ],
  'Digital Pressure Gauge': [['Tekanan', 'bar', 0.005]],
  'Oxygen Purity Analyzer': [['Konsentrasi O2', '%', 1.0]],
  'Earth Resistance Tester': [['Resistansi pembumian', 'Ω', 0.05]],
  'Insulation Tester': [['Resistansi isolasi', 'MΩ', 0.5]],
  'Power Quality Analyzer': [
    ['Tegangan', 'V', 0.2],
    ['Arus', 'A', 0.05],
  ],
  'Water Quality Meter': [
    ['pH', 'pH', 0.02],
    ['Konduktivitas', 'µS/cm', 2.0],
  ],
  'Reference Thermometer': [['Suhu', '°C', 0.02]],
  'Dry Block Calibrator': [['Suhu', '°C', 0.1]],
  'Thermocouple Data Logger': [['Suhu', '°C', 0.3]],
  'Digital Multimeter': [
    ['Tegangan DC', 'V', 0.002],
    ['Resistansi', 'Ω', 0.05],
  ],
  'Pressure Calibrator': [['Tekanan', 'kPa', 0.05]],
  'Digital Stopwatch': [['Waktu', 's', 0.02]],
  'Digital Caliper': [['Panjang', 'mm', 0.01]],
}

/** The calibration laboratories, each with the accreditation number its certificates carry. */
const ISSUERS = {
  jakarta: ['Laboratorium Kalibrasi BPAFK Jakarta', 'LK-032-IDN'],
  surabaya: ['Laboratorium Kalibrasi BPAFK Surabaya', 'LK-117-IDN'],
  radiation: ['Laboratorium Metrologi Radiasi Nasional', 'LK-021-IDN'],
  industry: ['PT Kalibrasi Instrumen Nusantara', 'LK-145-IDN'],
} as const

/** Who calibrates a unit's calibrators (a dosimetry laboratory for UKPR's). */
const ISSUER_OF_UNIT: Record<string, keyof typeof ISSUERS> = {
  PK: 'jakarta',
  UKPR: 'radiation',
  SARPRAS: 'industry',
  PDP: 'surabaya',
}

/**
 * Findings of the demo's calibrators in condition Tidak Baik, by serial number (dates as of
 * 2026-11-22, shifted with the rest).
 */
const FINDINGS: Record<string, { kind: 'out_of_tolerance' | 'failed'; on: string; notes: string }> =
  {
    'ES601P-01185': {
      kind: 'out_of_tolerance',
      on: '2026-08-03',
      notes:
        'Verifikasi antara: arus bocor terbaca 12 µA di atas nilai beban uji acuan; kalibrator ditarik dari pemakaian.',
    },
    'XI-36124': {
      kind: 'failed',
      on: '2026-06-16',
      notes:
        'Kalibrasi ulang: deviasi tegangan tabung 3,1 % melebihi batas 2 %. Dikirim ke pabrikan.',
    },
  }

/** A DATE column as YYYY-MM-DD (text on SQLite, a Date on PostgreSQL). */
const dayOf = (value: unknown) =>
  value instanceof Date ? DateTime.fromJSDate(value).toISODate()! : String(value).slice(0, 10)

/**
 * Inserts the history of the demo calibrators of these serial numbers, from their (already
 * shifted) last and next calibration dates; `shifted` moves the findings' dates the same way.
 */
export async function seedCalibratorHistory(
  trx: TransactionClientContract,
  serialNumbers: string[],
  shifted: (date: string) => string
) {
  const found = await trx
    .from('calibrators as c')
    .join('units as n', 'n.id', 'c.unit_id')
    .whereIn('c.serial_number', serialNumbers)
    .whereNotNull('c.last_calibration_date')
    .whereNotNull('c.next_calibration_date')
    .select(
      'c.id',
      'c.name',
      'c.serial_number',
      'n.name as unit',
      'c.last_calibration_date',
      'c.next_calibration_date'
    )
  const calibrators = found.map((row) => ({
    id: Number(row.id),
    name: row.name as string,
    serial_number: row.serial_number as string,
    unit: row.unit as string,
    last_calibration_date: dayOf(row.last_calibration_date),
    next_calibration_date: dayOf(row.next_calibration_date),
  }))
  const now = DateTime.utc().toSQL({ includeOffset: false })
  const stamps = { created_at: now, updated_at: now }
  const sequence = new Map<string, number>()
  /** `LK-032-IDN/2026/0412`: the laboratory's accreditation, the year, its running number. */
  const certificateNumber = (prefix: string, date: string) => {
    const year = date.slice(0, 4)
    const key = `${prefix}/${year}`
    const next = (sequence.get(key) ?? 400) + 7
    sequence.set(key, next)
    return `${key}/${String(next).padStart(4, '0')}`
  }
  const yearBefore = (date: string) =>
    DateTime.fromISO(date, { zone: 'utc' }).minus({ years: 1 }).toISODate()!

  type Row = Record<string, unknown> & { calibrator_id: number; performed_on: string }
  const rows: Row[] = []
  const stated = new Map<string, Uncertainty[]>()
  const keyOf = (calibratorId: number, performedOn: string, kind: string) =>
    `${calibratorId}:${performedOn}:${kind}`
  for (const calibrator of calibrators) {
    const [issuer, prefix] = ISSUERS[ISSUER_OF_UNIT[calibrator.unit] ?? 'jakarta']
    const uncertainties = UNCERTAINTIES[calibrator.name] ?? []
    const last = calibrator.last_calibration_date
    const previous = yearBefore(last)
    for (const [performedOn, dueOn] of [
      [previous, last],
      [last, calibrator.next_calibration_date],
    ]) {
      rows.push({
        calibrator_id: calibrator.id,
        kind: 'calibration',
        performed_on: performedOn,
        due_on: dueOn,
        certificate_number: certificateNumber(prefix, performedOn),
        issuer,
        passed: true,
        notes: null,
        ...stamps,
      })
      stated.set(keyOf(calibrator.id, performedOn, 'calibration'), uncertainties)
    }
    const finding = FINDINGS[calibrator.serial_number]
    if (finding) {
      const on = shifted(finding.on)
      const failed = finding.kind === 'failed'
      rows.push({
        calibrator_id: calibrator.id,
        kind: failed ? 'calibration' : 'out_of_tolerance',
        performed_on: on,
        due_on: null,
        certificate_number: failed ? certificateNumber(prefix, on) : null,
        issuer: failed ? issuer : null,
        passed: false,
        notes: finding.notes,
        ...stamps,
      })
    }
  }
  for (let i = 0; i < rows.length; i += 100) {
    await trx.table('calibrator_calibrations').multiInsert(rows.slice(i, i + 100))
  }

  const inserted = await trx
    .from('calibrator_calibrations')
    .whereIn(
      'calibrator_id',
      calibrators.map((calibrator) => calibrator.id)
    )
    .select('id', 'calibrator_id', 'performed_on', 'kind')
  const uncertaintyRows = inserted.flatMap((row) => {
    const performedOn = dayOf(row.performed_on)
    const list = stated.get(keyOf(Number(row.calibrator_id), performedOn, row.kind)) ?? []
    return list.map(([parameter, unit, expanded]) => ({
      calibration_id: row.id,
      parameter,
      unit,
      expanded_uncertainty: expanded,
    }))
  })
  for (let i = 0; i < uncertaintyRows.length; i += 200) {
    await trx.table('calibrator_uncertainties').multiInsert(uncertaintyRows.slice(i, i + 200))
  }
}
