import type { QueryClientContract, TransactionClientContract } from '@adonisjs/lucid/types/database'
import type { AlkesLaboratory } from '#enums/master_data'

/**
 * Demo test templates (issue 15) of the common demo device types (data/demo_devices.json):
 * the points a calibration engineer measures, with tolerances of the usual standards and work
 * methods (IEC 60601 particular standards, IEC 62353, OIML R 76, ISO 8655, BAPETEN's
 * conformity tests) and each device's usual display resolution.
 *
 * Upper limits such as a protective-earth resistance of at most 0.2 Ω are written as
 * nominal 0 ± the limit: the error of a reading from 0 is the reading. A lower limit
 * (insulation resistance of at least 2 MΩ) cannot be written as a nominal and a tolerance,
 * so it is not among the points.
 */
export interface DemoTestPoint {
  parameter: string
  unit: string
  nominal: number
  tolerance: number
  toleranceType: 'abs' | 'pct'
  repeats: number
  resolution: number
}

type Spec = {
  unit: string
  tolerance: number
  pct?: boolean
  repeats?: number
  resolution: number
}

/** One parameter measured at several nominal values. */
function at(parameter: string, nominals: number[], spec: Spec): DemoTestPoint[] {
  return nominals.map((nominal) => ({
    parameter,
    unit: spec.unit,
    nominal,
    tolerance: spec.tolerance,
    toleranceType: spec.pct ? 'pct' : 'abs',
    repeats: spec.repeats ?? 3,
    resolution: spec.resolution,
  }))
}

/**
 * Electrical safety of a class I electromedical device (IEC 62353, recurrent test): the analyzer
 * reads the values, so the resolution is the analyzer's.
 */
export const ELECTRICAL_SAFETY: DemoTestPoint[] = [
  ...at('Tegangan Jala-jala', [220], { unit: 'V', tolerance: 10, pct: true, resolution: 0.1 }),
  ...at('Resistansi Pembumian Protektif', [0], { unit: 'Ω', tolerance: 0.2, resolution: 0.001 }),
  ...at('Arus Bocor Peralatan (Metode Langsung)', [0], {
    unit: 'µA',
    tolerance: 500,
    resolution: 1,
  }),
]

/** Cardiac devices' applied parts are type CF: their direct leakage is at most 50 µA. */
const CF_LEAKAGE = at('Arus Bocor Bagian Terpasang (Tipe CF)', [0], {
  unit: 'µA',
  tolerance: 50,
  resolution: 1,
})

const pressureGauge = (resolution: number) =>
  at('Tekanan', [0, 50, 100, 150, 200, 250], { unit: 'mmHg', tolerance: 3, resolution })

/** The templates, by the demo device type's name and lab. */
export const DEMO_TEST_TEMPLATES: {
  name: string
  laboratory: AlkesLaboratory
  points: DemoTestPoint[]
}[] = [
  {
    name: 'Patient Monitor',
    laboratory: 'PK',
    points: [
      ...at('Laju Jantung (HR)', [60, 120, 180], { unit: 'bpm', tolerance: 2, resolution: 1 }),
      ...at('Saturasi Oksigen (SpO2)', [90, 95, 98], { unit: '%', tolerance: 2, resolution: 1 }),
      ...at('NIBP Sistolik', [80, 120, 160], { unit: 'mmHg', tolerance: 3, resolution: 1 }),
      ...at('Laju Napas (RR)', [20, 40], { unit: 'brpm', tolerance: 2, resolution: 1 }),
      ...ELECTRICAL_SAFETY,
      ...CF_LEAKAGE,
    ],
  },
  {
    name: 'Electrocardiograph (EKG)',
    laboratory: 'PK',
    points: [
      ...at('Laju Jantung (HR)', [60, 120, 180], { unit: 'bpm', tolerance: 2, resolution: 1 }),
      ...at('Sensitivitas (1 mV)', [10], { unit: 'mm', tolerance: 5, pct: true, resolution: 0.5 }),
      ...at('Kecepatan Kertas', [25, 50], {
        unit: 'mm/s',
        tolerance: 2,
        pct: true,
        resolution: 0.5,
      }),
      ...ELECTRICAL_SAFETY,
      ...CF_LEAKAGE,
    ],
  },
  {
    name: 'Pulse Oximeter',
    laboratory: 'PK',
    points: [
      ...at('Saturasi Oksigen (SpO2)', [85, 90, 95, 98], {
        unit: '%',
        tolerance: 2,
        resolution: 1,
      }),
      ...at('Laju Nadi (PR)', [60, 120], { unit: 'bpm', tolerance: 3, resolution: 1 }),
    ],
  },
  { name: 'Tensimeter Digital', laboratory: 'PK', points: pressureGauge(1) },
  // The dial of an aneroid gauge is read to its 2 mmHg marks.
  { name: 'Tensimeter Aneroid', laboratory: 'PK', points: pressureGauge(2) },
  {
    name: 'Termometer Klinik Digital',
    laboratory: 'PK',
    points: at('Suhu', [35, 37, 39, 41], { unit: '°C', tolerance: 0.1, resolution: 0.1 }),
  },
  {
    name: 'Termometer Inframerah (Non-Kontak)',
    laboratory: 'PK',
    points: at('Suhu', [35, 37, 39], { unit: '°C', tolerance: 0.3, resolution: 0.1 }),
  },
  {
    name: 'Defibrillator',
    laboratory: 'PK',
    points: [
      ...at('Energi Keluaran', [50, 100, 200, 360], {
        unit: 'J',
        tolerance: 15,
        pct: true,
        resolution: 1,
      }),
      ...ELECTRICAL_SAFETY,
      ...CF_LEAKAGE,
    ],
  },
  {
    name: 'Automated External Defibrillator (AED)',
    laboratory: 'PK',
    points: at('Energi Keluaran', [150, 200], {
      unit: 'J',
      tolerance: 15,
      pct: true,
      resolution: 1,
    }),
  },
  {
    name: 'Ventilator',
    laboratory: 'PK',
    points: [
      ...at('Volume Tidal', [300, 500], { unit: 'mL', tolerance: 10, pct: true, resolution: 1 }),
      ...at('Laju Napas', [12, 20], { unit: 'brpm', tolerance: 1, resolution: 1 }),
      ...at('Konsentrasi O2 (FiO2)', [21, 50, 100], { unit: '%', tolerance: 3, resolution: 1 }),
      ...at('PEEP', [5, 10], { unit: 'cmH2O', tolerance: 2, resolution: 1 }),
      ...ELECTRICAL_SAFETY,
    ],
  },
  {
    name: 'Electrosurgical Unit (ESU)',
    laboratory: 'PK',
    points: [
      ...at('Daya Keluaran Cut', [50, 100, 200], {
        unit: 'W',
        tolerance: 20,
        pct: true,
        resolution: 1,
      }),
      ...at('Daya Keluaran Coag', [30, 60], { unit: 'W', tolerance: 20, pct: true, resolution: 1 }),
      ...ELECTRICAL_SAFETY,
    ],
  },
  {
    name: 'Syringe Pump',
    laboratory: 'PK',
    points: [
      ...at('Laju Aliran', [5, 10, 50], { unit: 'mL/h', tolerance: 5, pct: true, resolution: 0.1 }),
      ...ELECTRICAL_SAFETY,
    ],
  },
  {
    name: 'Infusion Pump',
    laboratory: 'PK',
    points: [
      ...at('Laju Aliran', [10, 50, 100], {
        unit: 'mL/h',
        tolerance: 10,
        pct: true,
        resolution: 1,
      }),
      ...at('Tekanan Oklusi', [300], { unit: 'mmHg', tolerance: 20, pct: true, resolution: 1 }),
      ...ELECTRICAL_SAFETY,
    ],
  },
  {
    name: 'Infant Incubator',
    laboratory: 'PK',
    points: [
      ...at('Suhu Inkubator', [34, 36], { unit: '°C', tolerance: 1, resolution: 0.1 }),
      ...at('Kelembaban Relatif', [60], { unit: '%RH', tolerance: 10, resolution: 1 }),
      ...ELECTRICAL_SAFETY,
    ],
  },
  {
    name: 'Flowmeter Oksigen',
    laboratory: 'PK',
    points: [
      ...at('Laju Aliran', [2, 5], { unit: 'L/min', tolerance: 0.5, resolution: 0.5 }),
      ...at('Laju Aliran', [10], { unit: 'L/min', tolerance: 1, resolution: 0.5 }),
    ],
  },
  {
    name: 'Timbangan Bayi',
    laboratory: 'PK',
    points: [
      ...at('Massa', [1000, 5000, 10000], { unit: 'g', tolerance: 10, resolution: 5 }),
      ...at('Massa', [15000], { unit: 'g', tolerance: 15, resolution: 5 }),
    ],
  },
  {
    name: 'Timbangan Badan Dewasa',
    laboratory: 'PK',
    points: [
      ...at('Massa', [20, 50], { unit: 'kg', tolerance: 0.1, resolution: 0.1 }),
      ...at('Massa', [100, 150], { unit: 'kg', tolerance: 0.2, resolution: 0.1 }),
    ],
  },
  {
    name: 'Thermohygrometer',
    laboratory: 'PK',
    points: [
      ...at('Suhu', [20, 25, 30], { unit: '°C', tolerance: 1, resolution: 0.1 }),
      ...at('Kelembaban Relatif', [40, 60, 80], { unit: '%RH', tolerance: 5, resolution: 1 }),
    ],
  },
  {
    // A 10-100 µL adjustable pipette: ISO 8655 limits of systematic error, ten weighings a point.
    name: 'Mikropipet',
    laboratory: 'PK',
    points: [
      ...at('Volume', [10], { unit: 'µL', tolerance: 0.3, repeats: 10, resolution: 0.1 }),
      ...at('Volume', [50], { unit: 'µL', tolerance: 0.5, repeats: 10, resolution: 0.1 }),
      ...at('Volume', [100], { unit: 'µL', tolerance: 0.8, repeats: 10, resolution: 0.1 }),
    ],
  },
  {
    name: 'Sentrifus (Centrifuge)',
    laboratory: 'PK',
    points: at('Kecepatan Putar', [1000, 3000, 5000], {
      unit: 'rpm',
      tolerance: 5,
      pct: true,
      resolution: 10,
    }),
  },
  {
    name: 'Autoclave',
    laboratory: 'PK',
    points: at('Suhu Sterilisasi', [121, 134], { unit: '°C', tolerance: 2, resolution: 0.1 }),
  },
  {
    name: 'Blood Bank Refrigerator',
    laboratory: 'PK',
    points: at('Suhu', [4], { unit: '°C', tolerance: 2, resolution: 0.1 }),
  },
  {
    name: 'Lemari Es Penyimpan Vaksin',
    laboratory: 'PK',
    points: at('Suhu', [5], { unit: '°C', tolerance: 3, resolution: 0.1 }),
  },
  {
    // BAPETEN's conformity test of a general radiography unit: kV and exposure time within 10 %.
    name: 'Pesawat Sinar-X Radiografi Umum',
    laboratory: 'UKPR',
    points: [
      ...at('Akurasi Tegangan Tabung', [60, 80, 100], {
        unit: 'kV',
        tolerance: 10,
        pct: true,
        resolution: 1,
      }),
      ...at('Akurasi Waktu Eksposi', [100], {
        unit: 'ms',
        tolerance: 10,
        pct: true,
        resolution: 1,
      }),
    ],
  },
  {
    name: 'Instalasi Listrik Rumah Sakit',
    laboratory: 'SARPRAS',
    points: [
      ...at('Tegangan Fasa-Netral', [220], {
        unit: 'V',
        tolerance: 10,
        pct: true,
        resolution: 0.1,
      }),
      ...at('Frekuensi', [50], { unit: 'Hz', tolerance: 0.5, resolution: 0.1 }),
      ...at('Tegangan Netral-Pembumian', [0], { unit: 'V', tolerance: 2, resolution: 0.1 }),
    ],
  },
  {
    name: 'Sistem Pembumian (Grounding)',
    laboratory: 'SARPRAS',
    points: at('Resistansi Pembumian', [0], { unit: 'Ω', tolerance: 5, resolution: 0.01 }),
  },
]

/**
 * Gives each demo device type above its template, unless it already has points (so it can run
 * again, and never overwrites a template someone edited). Returns how many device types got one.
 */
export async function seedDemoTestPoints(client: QueryClientContract | TransactionClientContract) {
  const names = DEMO_TEST_TEMPLATES.map((template) => template.name)
  const devices = await client
    .from('alkes')
    .whereIn('name', names)
    .select('id', 'name', 'laboratory')
  const stored = await client
    .from('alkes_test_points')
    .whereIn(
      'alkes_id',
      devices.map((device) => device.id)
    )
    .distinct('alkes_id')
  const withPoints = new Set(stored.map((row) => Number(row.alkes_id)))
  const rows = devices
    .filter((device) => !withPoints.has(Number(device.id)))
    .flatMap((device) => {
      const template = DEMO_TEST_TEMPLATES.find(
        (entry) => entry.name === device.name && entry.laboratory === device.laboratory
      )
      return (template?.points ?? []).map((point, index) => ({
        alkes_id: Number(device.id),
        position: index + 1,
        parameter: point.parameter,
        unit: point.unit,
        nominal: point.nominal,
        tolerance: point.tolerance,
        tolerance_type: point.toleranceType,
        repeats: point.repeats,
        resolution: point.resolution,
      }))
    })
  for (let i = 0; i < rows.length; i += 100) {
    await client.table('alkes_test_points').multiInsert(rows.slice(i, i + 100))
  }
  return new Set(rows.map((row) => row.alkes_id)).size
}
