import { DateTime } from 'luxon'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type { AlkesLaboratory, CalibratorCondition } from '#enums/master_data'

/**
 * Demo master data of issue 3: device types (alkes) with their PNBP-like
 * tariffs and work estimates for the PK, UKPR and Sarpras laboratories, and
 * the reference calibrators of the units PK, UKPR, SARPRAS and PDP with their
 * officers in charge. Loaded by seedDemoData (demo_data.ts) inside its
 * transaction, after the staff accounts exist. Never run in production.
 */

export interface DemoAlkes {
  name: string
  laboratory: AlkesLaboratory
  /** Only for UKPR devices. */
  category: string | null
  /** Tariff in whole rupiah. */
  price: number
  minuteEstimation: number
  alkesCode: string
  mkCode: string
  aspakCode: string
  certificateNumber: string
  totalPage: number
  recalibrationMonths: number
  isTuntungSeharian: boolean
  isInternal: boolean
  isInsitu: boolean
  pengujianIsKan: boolean
  kalibrasiIsKan: boolean
  hasLaikDescription: boolean
}

interface DeviceOptions {
  /** Recalibration interval, default 12 months. */
  months?: number
  /** Certificate pages, default 3. */
  pages?: number
  /** Same-day service (tuntung seharian), default false. */
  tuntung?: boolean
  /** Can be brought to the lab; default true for PK, false for UKPR and Sarpras. */
  internal?: boolean
  /** Can be served on site, default true. */
  insitu?: boolean
  /** KAN-accredited testing (pengujian), default false. */
  ujiKan?: boolean
  /** KAN-accredited calibration (kalibrasi), default false. */
  kalKan?: boolean
  /** Certificate carries a "laik pakai" statement, default true. */
  laik?: boolean
}

type Device = [name: string, price: number, minutes: number, options?: DeviceOptions]

interface DeviceGroup {
  /** UKPR category, null for PK and Sarpras. */
  category: string | null
  /** ASPAK group prefix; the code is `<prefix>.<nn>`. */
  aspak: string
  devices: Device[]
}

const PK_GROUPS: DeviceGroup[] = [
  {
    category: null,
    aspak: '1.1.1',
    devices: [
      ['Patient Monitor', 600_000, 120, { kalKan: true, ujiKan: true, pages: 5 }],
      ['Electrocardiograph (EKG)', 450_000, 90, { kalKan: true, ujiKan: true, pages: 4 }],
      ['Electroencephalograph (EEG)', 750_000, 150, { pages: 4 }],
      ['Electromyograph (EMG)', 750_000, 150, { pages: 4 }],
      ['Cardiotocograph (CTG)', 450_000, 90, { ujiKan: true }],
      ['Fetal Doppler', 250_000, 45, { tuntung: true, pages: 2 }],
      ['Pulse Oximeter', 150_000, 30, { tuntung: true, kalKan: true, pages: 2 }],
      ['Tensimeter Digital', 150_000, 30, { tuntung: true, kalKan: true, pages: 2 }],
      ['Tensimeter Aneroid', 100_000, 30, { tuntung: true, kalKan: true, pages: 2 }],
      ['Termometer Klinik Digital', 75_000, 20, { tuntung: true, kalKan: true, pages: 2 }],
      ['Termometer Inframerah (Non-Kontak)', 100_000, 30, { tuntung: true, pages: 2 }],
      ['Ultrasonografi (USG)', 750_000, 120, { internal: false, pages: 4 }],
      ['Treadmill Stress Test', 850_000, 150, { internal: false, pages: 4, months: 24 }],
      ['Audiometer', 500_000, 90],
      ['Spirometer', 500_000, 90],
      ['Tonometer Schiotz', 150_000, 30, { pages: 2 }],
    ],
  },
  {
    category: null,
    aspak: '1.1.2',
    devices: [
      ['Defibrillator', 650_000, 90, { kalKan: true, ujiKan: true, months: 6, pages: 4 }],
      ['Automated External Defibrillator (AED)', 550_000, 60, { kalKan: true, months: 6 }],
      ['Ventilator', 1_250_000, 240, { kalKan: true, ujiKan: true, months: 6, pages: 6 }],
      ['Continuous Positive Airway Pressure (CPAP)', 650_000, 120, { pages: 4 }],
      [
        'Mesin Anestesi (Anaesthesia Machine)',
        1_350_000,
        240,
        { internal: false, ujiKan: true, months: 6, pages: 6 },
      ],
      ['Electrosurgical Unit (ESU)', 750_000, 120, { kalKan: true, ujiKan: true, pages: 4 }],
      ['Syringe Pump', 350_000, 60, { kalKan: true, ujiKan: true }],
      ['Infusion Pump', 350_000, 60, { kalKan: true, ujiKan: true }],
      ['Suction Pump', 350_000, 60, { tuntung: true, kalKan: true, ujiKan: true }],
      ['Regulator Vakum (Wall Suction)', 200_000, 30, { kalKan: true, pages: 2 }],
      ['Infant Incubator', 650_000, 150, { kalKan: true, ujiKan: true, pages: 4 }],
      ['Transport Incubator', 650_000, 150, { kalKan: true, pages: 4 }],
      ['Infant Warmer', 550_000, 120, { kalKan: true, ujiKan: true }],
      ['Phototherapy Unit', 400_000, 60, { ujiKan: true }],
      ['Blood Warmer', 300_000, 60],
      ['Nebulizer', 150_000, 30, { tuntung: true, pages: 2 }],
      ['Oxygen Concentrator', 400_000, 60],
      ['Flowmeter Oksigen', 100_000, 20, { tuntung: true, kalKan: true, pages: 2 }],
      [
        'Mesin Hemodialisis (Haemodialysis)',
        1_000_000,
        180,
        { internal: false, ujiKan: true, months: 6, pages: 5 },
      ],
      ['Lampu Operasi (Operating Lamp)', 450_000, 90, { internal: false }],
      ['Short Wave Diathermy', 600_000, 90],
      ['Ultrasound Therapy', 500_000, 90],
      ['TENS / Electrical Stimulator', 350_000, 60, { pages: 2 }],
    ],
  },
  {
    category: null,
    aspak: '1.1.3',
    devices: [
      ['Timbangan Bayi', 125_000, 30, { tuntung: true, kalKan: true, pages: 2 }],
      ['Timbangan Badan Dewasa', 125_000, 30, { tuntung: true, kalKan: true, pages: 2 }],
      ['Timbangan Analitik', 300_000, 60, { kalKan: true, laik: false }],
      ['Thermohygrometer', 150_000, 30, { kalKan: true, insitu: false, laik: false, pages: 2 }],
      [
        'Mikropipet',
        150_000,
        45,
        { tuntung: true, kalKan: true, insitu: false, laik: false, pages: 2 },
      ],
    ],
  },
  {
    category: null,
    aspak: '1.1.4',
    devices: [
      ['Autoclave', 700_000, 180, { internal: false, kalKan: true, pages: 4 }],
      ['Autoclave Table Top', 500_000, 150, { kalKan: true, pages: 4 }],
      ['Sterilisator Kering (Dry Heat Sterilizer)', 400_000, 120],
    ],
  },
  {
    category: null,
    aspak: '1.1.5',
    devices: [
      ['Sentrifus (Centrifuge)', 350_000, 60, { kalKan: true }],
      ['Sentrifus Hematokrit', 300_000, 45],
      ['Inkubator Laboratorium', 500_000, 180, { kalKan: true, laik: false }],
      ['Oven Laboratorium', 500_000, 180, { kalKan: true, laik: false }],
      ['Waterbath', 400_000, 150, { kalKan: true, laik: false }],
      ['Blood Bank Refrigerator', 650_000, 240, { internal: false, kalKan: true, pages: 4 }],
      ['Lemari Es Penyimpan Vaksin', 450_000, 240, { internal: false, kalKan: true }],
      ['Freezer Laboratorium', 650_000, 240, { internal: false, laik: false }],
      ['Spektrofotometer', 650_000, 120, { laik: false, pages: 4 }],
      ['Fotometer Klinik (Chemistry Analyzer)', 600_000, 120, { pages: 4 }],
      ['Hematology Analyzer', 750_000, 150, { internal: false, pages: 4 }],
      ['Biosafety Cabinet', 1_000_000, 180, { internal: false, pages: 4 }],
      ['Laminar Air Flow', 850_000, 150, { internal: false, pages: 4 }],
      ['Rotator / Shaker Laboratorium', 300_000, 60, { laik: false, months: 24 }],
      ['Hot Plate Magnetic Stirrer', 300_000, 60, { laik: false, months: 24 }],
    ],
  },
  {
    category: null,
    aspak: '1.1.6',
    devices: [
      ['Dental Unit', 650_000, 120, { internal: false, pages: 4 }],
      ['Light Curing Unit (Dental)', 200_000, 30, { pages: 2, months: 24 }],
    ],
  },
]

const UKPR_GROUPS: DeviceGroup[] = [
  {
    category: 'Radiologi Diagnostik',
    aspak: '1.2.1',
    devices: [
      ['Pesawat Sinar-X Radiografi Umum', 3_500_000, 180, { ujiKan: true, months: 24, pages: 6 }],
      ['Pesawat Sinar-X Radiografi Mobile', 2_750_000, 150, { ujiKan: true, months: 24, pages: 5 }],
      ['Pesawat Sinar-X Gigi Intraoral', 1_250_000, 90, { ujiKan: true, months: 24, pages: 4 }],
      [
        'Pesawat Sinar-X Gigi Intraoral Portabel',
        1_250_000,
        90,
        { internal: true, months: 24, pages: 4 },
      ],
      ['Pesawat Sinar-X Gigi Panoramik', 2_000_000, 120, { ujiKan: true, months: 24, pages: 5 }],
      ['Pesawat Sinar-X Panoramik Sefalometri', 2_250_000, 150, { months: 24, pages: 5 }],
      ['Cone Beam CT (CBCT) Gigi', 3_000_000, 180, { pages: 5 }],
      ['Pesawat Sinar-X Mamografi', 4_000_000, 210, { ujiKan: true, pages: 6 }],
      ['CT Scan', 7_500_000, 300, { ujiKan: true, pages: 6 }],
      ['Bone Densitometry (DEXA)', 2_500_000, 150, { months: 24, pages: 4 }],
      ['Apron Proteksi Radiasi (Uji Integritas)', 250_000, 30, { internal: true, pages: 2 }],
      ['Survei Paparan Radiasi Ruangan', 1_500_000, 120, { laik: false, months: 24 }],
    ],
  },
  {
    category: 'Radiologi Intervensional',
    aspak: '1.2.2',
    devices: [
      ['Pesawat Sinar-X Fluoroskopi', 5_000_000, 240, { ujiKan: true, pages: 6 }],
      ['Pesawat Sinar-X C-Arm', 4_500_000, 210, { ujiKan: true, pages: 6 }],
      ['Pesawat Sinar-X Angiografi (Cath Lab)', 8_500_000, 360, { pages: 6 }],
      ['Pesawat Sinar-X Angiografi Biplane', 10_000_000, 420, { pages: 6 }],
    ],
  },
  {
    category: 'Kedokteran Nuklir',
    aspak: '1.2.3',
    devices: [
      ['Gamma Camera', 6_000_000, 300, { pages: 5 }],
      ['SPECT/CT', 9_000_000, 360, { pages: 6 }],
      ['PET/CT', 12_000_000, 420, { pages: 6 }],
      ['Dose Calibrator (Activimeter)', 1_500_000, 120, { internal: true }],
      ['Thyroid Uptake System', 1_250_000, 120],
    ],
  },
  {
    category: 'Radioterapi',
    aspak: '1.2.4',
    devices: [
      ['Pesawat Linear Accelerator (LINAC)', 15_000_000, 480, { pages: 6 }],
      ['Pesawat Teleterapi Cobalt-60', 12_500_000, 420, { pages: 6 }],
      ['Pesawat Brakiterapi HDR', 7_500_000, 300, { pages: 6 }],
      ['CT Simulator Radioterapi', 8_000_000, 300, { pages: 6 }],
    ],
  },
]

const SARPRAS_GROUPS: DeviceGroup[] = [
  {
    category: null,
    aspak: '2.1.1',
    devices: [
      ['Instalasi Gas Medis Sentral', 2_500_000, 360, { ujiKan: true, pages: 6 }],
      ['Outlet Gas Medis (per titik)', 150_000, 20, { ujiKan: true, pages: 2 }],
      ['Instalasi Listrik Rumah Sakit', 3_000_000, 480, { ujiKan: true, months: 24, pages: 6 }],
      ['Isolated Power System (IPS) Ruang Operasi', 1_500_000, 180, { pages: 4 }],
      ['Sistem Pembumian (Grounding)', 750_000, 120, { months: 24 }],
      ['Sistem Proteksi Petir', 1_000_000, 150, { months: 24 }],
      ['Generator Set (Genset)', 1_500_000, 180, { pages: 4 }],
      ['Sistem Nurse Call', 750_000, 120],
    ],
  },
  {
    category: null,
    aspak: '2.1.2',
    devices: [
      [
        'Kualitas Udara Ruang Operasi (Partikel, Tekanan, Suhu, Kelembaban)',
        1_750_000,
        240,
        { ujiKan: true, months: 6, pages: 5 },
      ],
      ['Ruang Isolasi Tekanan Negatif', 1_750_000, 240, { months: 6, pages: 5 }],
      ['Ruang Bersih (Cleanroom) Farmasi', 2_000_000, 240, { months: 6, pages: 5 }],
      ['Sistem Tata Udara (AHU/HVAC)', 1_500_000, 240, { pages: 4 }],
      ['Intensitas Pencahayaan Ruangan', 500_000, 90, { laik: false }],
      ['Tingkat Kebisingan Ruangan', 500_000, 90, { laik: false }],
    ],
  },
  {
    category: null,
    aspak: '2.1.3',
    devices: [
      ['Lift Rumah Sakit', 2_000_000, 240, { pages: 4 }],
      ['Boiler Uap', 2_000_000, 240, { pages: 4 }],
      ['Instalasi Pengolahan Air Limbah (IPAL)', 2_000_000, 300, { pages: 5 }],
      ['Insinerator', 2_500_000, 300, { pages: 5 }],
      ['Alat Pemadam Api Ringan (APAR)', 50_000, 15, { internal: true, pages: 2 }],
    ],
  },
]

const pad = (value: number, length = 3) => String(value).padStart(length, '0')

/** Codes per laboratory: alkes code, work-method (MK) number range, certificate template. */
const CODES: Record<AlkesLaboratory, { prefix: string; mk: number; year: number; cert: string }> = {
  PK: { prefix: 'PK', mk: 0, year: 17, cert: 'KAL/PK' },
  UKPR: { prefix: 'UKPR', mk: 100, year: 19, cert: 'UK/UKPR' },
  SARPRAS: { prefix: 'SPR', mk: 200, year: 20, cert: 'UJI/SPR' },
}

function devicesOf(laboratory: AlkesLaboratory, groups: DeviceGroup[]): DemoAlkes[] {
  const codes = CODES[laboratory]
  let number = 0
  return groups.flatMap((group) =>
    group.devices.map(([name, price, minutes, options = {}], index) => {
      number++
      return {
        name,
        laboratory,
        category: group.category,
        price,
        minuteEstimation: minutes,
        alkesCode: `${codes.prefix}-${pad(number)}`,
        // Work methods were issued over several years: MK <number>-<two-digit year>.
        mkCode: `MK ${pad(codes.mk + number)}-${codes.year + (number % 5)}`,
        aspakCode: `${group.aspak}.${pad(index + 1, 2)}`,
        certificateNumber: `${codes.cert}/${pad(number)}`,
        totalPage: options.pages ?? 3,
        recalibrationMonths: options.months ?? 12,
        isTuntungSeharian: options.tuntung ?? false,
        isInternal: options.internal ?? laboratory === 'PK',
        isInsitu: options.insitu ?? true,
        pengujianIsKan: options.ujiKan ?? false,
        kalibrasiIsKan: options.kalKan ?? false,
        hasLaikDescription: options.laik ?? true,
      }
    })
  )
}

/** Device types of the three laboratories. */
export const DEMO_ALKES: DemoAlkes[] = [
  ...devicesOf('PK', PK_GROUPS),
  ...devicesOf('UKPR', UKPR_GROUPS),
  ...devicesOf('SARPRAS', SARPRAS_GROUPS),
]

export interface DemoCalibrator {
  name: string
  merk: string
  typeModelCategory: 'Tipe' | 'Model'
  typeModel: string
  serialNumber: string
  channelCount: number
  unit: 'PK' | 'UKPR' | 'SARPRAS' | 'PDP'
  /** Email of the officer in charge, a member of the unit's laboratory. */
  officer: string
  condition: CalibratorCondition
  /** Last calibration, YYYY-MM-DD; the next one is due a year later. */
  lastCalibration: string
}

type CalibratorRow = [
  name: string,
  merk: string,
  typeModelCategory: 'Tipe' | 'Model',
  typeModel: string,
  serialNumber: string,
  channelCount: number,
  officer: string,
  lastCalibration: string,
  condition?: CalibratorCondition,
]

// One calibrator a line: the table reads better than prettier's one field a line.
// prettier-ignore
const CALIBRATOR_ROWS: Record<DemoCalibrator['unit'], CalibratorRow[]> = {
  PK: [
    ['Electrical Safety Analyzer', 'Fluke Biomedical', 'Tipe', 'ESA615', '3371208', 1, 'officer_pk@kalibra.test', '2026-02-10'],
    ['Electrical Safety Analyzer', 'Fluke Biomedical', 'Tipe', 'ESA615', '3371219', 1, 'budi.santoso@kalibra.test', '2026-02-10'],
    ['Electrical Safety Analyzer', 'Fluke Biomedical', 'Tipe', 'ESA620', '2846617', 1, 'arif.wicaksono@kalibra.test', '2025-11-28'],
    ['Electrical Safety Analyzer', 'Rigel Medical', 'Model', '288+', '288P-10462', 1, 'ikhsan.maulana@kalibra.test', '2026-05-19'],
    ['Electrical Safety Analyzer', 'Datrend', 'Model', 'ES601 Plus', 'ES601P-01185', 1, 'ridwan.pakaya@kalibra.test', '2025-09-15', 'Bad'],
    ['Patient Simulator', 'Fluke Biomedical', 'Tipe', 'ProSim 8', '4012873', 1, 'indah.lestari@kalibra.test', '2026-03-04'],
    ['Patient Simulator', 'Fluke Biomedical', 'Tipe', 'ProSim 8', '4012881', 1, 'nurhidayah.rasyid@kalibra.test', '2026-03-04'],
    ['Patient Simulator', 'Fluke Biomedical', 'Tipe', 'ProSim 4', '3759042', 1, 'sri.wahyuni@kalibra.test', '2026-06-22'],
    ['SpO2 Simulator', 'Datrend', 'Model', 'Oxitest Plus 7', 'OXP7-20814', 1, 'budi.santoso@kalibra.test', '2026-01-20'],
    ['Defibrillator Analyzer', 'Fluke Biomedical', 'Tipe', 'Impulse 7000DP', '3968115', 1, 'arif.wicaksono@kalibra.test', '2026-04-08'],
    ['Defibrillator Analyzer', 'Rigel Medical', 'Model', 'Uni-Pulse 400', 'UP400-07731', 1, 'andi.rizal@kalibra.test', '2025-12-05'],
    ['Infusion Device Analyzer', 'Fluke Biomedical', 'Tipe', 'IDA-5', '2911446', 4, 'officer_pk@kalibra.test', '2026-07-14'],
    ['Infusion Device Analyzer', 'Datrend', 'Model', 'Infutest Solo', 'ITS-31572', 1, 'indah.lestari@kalibra.test', '2026-08-26'],
    ['Infusion Device Analyzer', 'Rigel Medical', 'Model', 'Multi-Flo', 'MF-21890', 4, 'ikhsan.maulana@kalibra.test', '2026-09-02'],
    ['Gas Flow Analyzer', 'Fluke Biomedical', 'Tipe', 'VT900A', '4125503', 1, 'andi.rizal@kalibra.test', '2026-05-27'],
    ['Gas Flow Analyzer', 'IMT Analytics', 'Model', 'PF-300 PRO', 'PF300-8865', 1, 'supervisor_of_pk_laboratory@kalibra.test', '2025-10-27'],
    ['Incubator Analyzer', 'Fluke Biomedical', 'Tipe', 'INCU II', '3845720', 4, 'nurhidayah.rasyid@kalibra.test', '2026-01-06'],
    ['ESU Analyzer', 'Fluke Biomedical', 'Tipe', 'QA-ES III', '3120448', 1, 'nurhidayah.rasyid@kalibra.test', '2026-06-09'],
    ['ESU Analyzer', 'BC Group', 'Model', 'ESU-2400', 'ESU24-1173', 1, 'ridwan.pakaya@kalibra.test', '2026-10-13'],
    ['NIBP Analyzer', 'Fluke Biomedical', 'Tipe', 'BP Pump 2', '2638150', 1, 'sri.wahyuni@kalibra.test', '2026-01-13'],
    ['Digital Pressure Meter', 'Fluke Biomedical', 'Tipe', 'DPM4', '2270931', 1, 'budi.santoso@kalibra.test', '2026-04-21'],
    ['Temperature Data Logger', 'Ellab', 'Model', 'TrackSense Pro', 'TSP-44718', 4, 'andi.rizal@kalibra.test', '2026-07-01'],
    ['Ultrasound Power Meter', 'Ohmic Instruments', 'Model', 'UPM-DT-1AV', 'UPM-61239', 1, 'arif.wicaksono@kalibra.test', '2026-03-17'],
    ['Oxygen Analyzer', 'Maxtec', 'Model', 'MaxO2+ AE', 'MX-1908423', 1, 'ikhsan.maulana@kalibra.test', '2026-08-11'],
    ['Phototherapy Radiometer', 'Dale Technology', 'Model', 'Dale40', 'D40-05126', 1, 'sri.wahyuni@kalibra.test', '2026-02-24'],
    ['Analytical Balance', 'Mettler Toledo', 'Tipe', 'XSR205', 'B944512367', 1, 'indah.lestari@kalibra.test', '2026-01-27'],
    ['Standard Weights Set', 'Mettler Toledo', 'Model', 'E2 1 mg - 200 g', 'MT-E2-30417', 1, 'budi.santoso@kalibra.test', '2026-05-05'],
    ['Standard Weights Set', 'Kern', 'Model', 'M1 1 kg - 20 kg', 'KERN-M1-8812', 1, 'officer_pk@kalibra.test', '2026-05-05'],
    ['Digital Tachometer', 'Extech', 'Model', '461920', '18124077', 1, 'nurhidayah.rasyid@kalibra.test', '2026-09-22'],
  ],
  UKPR: [
    ['X-Ray Multimeter', 'Unfors RaySafe', 'Model', 'X2', 'XB2-142587', 1, 'officer_ukpr@kalibra.test', '2026-03-11'],
    ['X-Ray Multimeter', 'Unfors RaySafe', 'Model', 'X2', 'XB2-142611', 1, 'yusran.jafar@kalibra.test', '2026-03-11'],
    ['X-Ray Multimeter', 'Unfors RaySafe', 'Model', 'Xi', 'XI-36124', 1, 'taufik.hidayat@kalibra.test', '2025-06-18', 'Bad'],
    ['X-Ray Multimeter', 'RTI Group', 'Model', 'Piranha 657', 'CB2-13080092', 1, 'andi.izzah@kalibra.test', '2026-06-30'],
    ['Survey Meter', 'Fluke Biomedical', 'Tipe', '451P', '451P-3087', 1, 'sulaiman.tandi@kalibra.test', '2026-02-17'],
    ['Survey Meter', 'Thermo Scientific', 'Model', 'RadEye G20-10', 'RDG-31418', 1, 'ayu.lestari@kalibra.test', '2025-12-16'],
    ['Dosimeter (Electrometer)', 'PTW', 'Tipe', 'UNIDOS webline', 'T10021-001274', 1, 'taufik.hidayat@kalibra.test', '2026-04-14'],
    ['Dosimeter (Electrometer)', 'PTW', 'Tipe', 'TANDEM', 'T10011-000563', 2, 'yusran.jafar@kalibra.test', '2026-04-14'],
    ['Ionization Chamber (Farmer)', 'PTW', 'Tipe', 'TN30013', '30013-010827', 1, 'officer_ukpr@kalibra.test', '2026-04-14'],
    ['CT Pencil Ionization Chamber', 'PTW', 'Tipe', 'TM30009', '30009-000912', 1, 'andi.izzah@kalibra.test', '2026-07-21'],
    ['Water Phantom', 'PTW', 'Model', 'BEAMSCAN', 'BS-L981012', 2, 'taufik.hidayat@kalibra.test', '2026-05-12'],
    ['Kerma Area Product Meter', 'PTW', 'Tipe', 'DIAMENTOR E2', 'E2-004512', 1, 'sulaiman.tandi@kalibra.test', '2026-08-04'],
    ['Mammography Phantom', 'CIRS', 'Model', '015', '015-4471', 1, 'ayu.lestari@kalibra.test', '2026-10-06'],
    ['Personal Dosimeter', 'Mirion Technologies', 'Model', 'DMC 3000', '3000-145872', 1, 'yusran.jafar@kalibra.test', '2026-01-06'],
  ],
  SARPRAS: [
    ['Lux Meter', 'Testo', 'Tipe', 'testo 540', '49811532', 1, 'officer_sarpras@kalibra.test', '2026-02-03'],
    ['Sound Level Meter', 'Rion', 'Tipe', 'NL-42', '01053478', 1, 'nur.aisyah@kalibra.test', '2026-02-03'],
    ['Particle Counter', 'TSI', 'Model', 'AeroTrak 9306-V2', '93061838001', 6, 'irfan.syahputra@kalibra.test', '2026-06-16'],
    ['Anemometer', 'Kestrel', 'Model', '5000', '2463117', 1, 'fitri.ramadhani@kalibra.test', '2026-07-07'],
    ['Anemometer', 'Testo', 'Tipe', 'testo 417', '61420587', 1, 'yohanes.palinggi@kalibra.test', '2025-12-09'],
    ['Differential Pressure Meter', 'Testo', 'Tipe', 'testo 510i', '52301946', 1, 'rustam.effendi@kalibra.test', '2026-05-26'],
    ['Thermohygrometer', 'Testo', 'Tipe', 'testo 608-H1', '41875203', 1, 'fitri.ramadhani@kalibra.test', '2026-03-24'],
    ['Digital Pressure Gauge', 'Additel', 'Model', 'ADT680', '680-2104517', 1, 'irfan.syahputra@kalibra.test', '2026-08-18'],
    ['Oxygen Purity Analyzer', 'Maxtec', 'Model', 'MaxO2 ME', 'MX-2011784', 1, 'yohanes.palinggi@kalibra.test', '2026-08-18'],
    ['Earth Resistance Tester', 'Kyoritsu', 'Model', 'KEW 4105A', 'W8807321', 1, 'rustam.effendi@kalibra.test', '2026-01-29'],
    ['Insulation Tester', 'Kyoritsu', 'Model', 'KEW 3025A', 'W8412096', 1, 'officer_sarpras@kalibra.test', '2026-01-29'],
    ['Power Quality Analyzer', 'Fluke', 'Tipe', '435-II', '38240117', 4, 'rustam.effendi@kalibra.test', '2026-09-08'],
    ['Water Quality Meter', 'Hanna Instruments', 'Model', 'HI9829', '08121564', 1, 'fitri.ramadhani@kalibra.test', '2025-07-22', 'Bad'],
  ],
  PDP: [
    ['Reference Thermometer', 'Fluke Calibration', 'Model', '1524', 'B48210', 2, 'officer_pdp@kalibra.test', '2026-03-30'],
    ['Dry Block Calibrator', 'Fluke Calibration', 'Model', '9142', 'B47193', 1, 'wahyu.nugroho@kalibra.test', '2026-03-30'],
    ['Thermocouple Data Logger', 'Testo', 'Tipe', 'testo 176 T4', '45028193', 4, 'nurfadillah.amin@kalibra.test', '2026-06-02'],
    ['Digital Multimeter', 'Fluke', 'Tipe', '87V', '43930127', 1, 'haerul.saleh@kalibra.test', '2026-04-27'],
    ['Pressure Calibrator', 'Fluke', 'Tipe', '719Pro', '4411208', 1, 'haerul.saleh@kalibra.test', '2025-11-10'],
    ['Thermohygrometer', 'Testo', 'Tipe', 'testo 622', '60928734', 1, 'wahyu.nugroho@kalibra.test', '2026-07-28'],
    ['Digital Stopwatch', 'Casio', 'Model', 'HS-80TW', 'HS80-0241', 1, 'nurfadillah.amin@kalibra.test', '2026-09-15'],
    ['Digital Tachometer', 'Lutron', 'Model', 'DT-2236', 'Q912874', 1, 'officer_pdp@kalibra.test', '2026-10-20'],
    ['Standard Weights Set', 'Kern', 'Model', 'F1 1 mg - 1 kg', 'KERN-F1-3307', 1, 'wahyu.nugroho@kalibra.test', '2026-05-19'],
    ['Digital Caliper', 'Mitutoyo', 'Model', '500-196-30', '18052431', 1, 'supervisor_of_pdp_laboratory@kalibra.test', '2026-02-11'],
  ],
}

/**
 * Reference calibrators of the four units. A few are overdue for their own
 * calibration and a few fall due within a month (as of late November 2026),
 * so the recalibration reminders have something to show.
 */
export const DEMO_CALIBRATORS: DemoCalibrator[] = (
  Object.entries(CALIBRATOR_ROWS) as [DemoCalibrator['unit'], CalibratorRow[]][]
).flatMap(([unit, rows]) =>
  rows.map(
    ([
      name,
      merk,
      typeModelCategory,
      typeModel,
      serialNumber,
      channelCount,
      officer,
      last,
      condition,
    ]) => ({
      name,
      merk,
      typeModelCategory,
      typeModel,
      serialNumber,
      channelCount,
      unit,
      officer,
      condition: condition ?? 'Good',
      lastCalibration: last,
    })
  )
)

/** The due date of a calibrator's next calibration: a year after the last one. */
export function nextCalibrationDate(last: string) {
  return DateTime.fromISO(last, { zone: 'utc' }).plus({ years: 1 }).toISODate()!
}

/**
 * Inserts the demo device types and calibrators. Runs inside seedDemoData's
 * transaction, after the staff accounts: each calibrator's officer in charge is
 * looked up by email and its unit by name.
 */
export async function seedMasterDemoData(trx: TransactionClientContract) {
  const now = DateTime.utc().toSQL({ includeOffset: false })
  // The dates were written as of 2026-11-22; shifting them to the day the data is loaded keeps
  // the same mix of overdue, due-soon and current calibrators whenever the demo is installed.
  const shift = Math.round(
    DateTime.utc()
      .startOf('day')
      .diff(DateTime.fromISO('2026-11-22', { zone: 'utc' }), 'days').days
  )
  const shifted = (date: string) =>
    DateTime.fromISO(date, { zone: 'utc' }).plus({ days: shift }).toISODate()!
  const stamps = { created_at: now, updated_at: now }

  const alkesRows = DEMO_ALKES.map((alkes) => ({
    name: alkes.name,
    laboratory: alkes.laboratory,
    category: alkes.category,
    price: alkes.price,
    minute_estimation: alkes.minuteEstimation,
    alkes_code: alkes.alkesCode,
    mk_code: alkes.mkCode,
    aspak_code: alkes.aspakCode,
    certificate_number: alkes.certificateNumber,
    total_page: alkes.totalPage,
    recalibration_months: alkes.recalibrationMonths,
    is_tuntung_seharian: alkes.isTuntungSeharian,
    is_internal: alkes.isInternal,
    is_insitu: alkes.isInsitu,
    pengujian_is_kan: alkes.pengujianIsKan,
    kalibrasi_is_kan: alkes.kalibrasiIsKan,
    has_laik_description: alkes.hasLaikDescription,
    ...stamps,
  }))
  for (let i = 0; i < alkesRows.length; i += 50) {
    await trx.table('alkes').multiInsert(alkesRows.slice(i, i + 50))
  }

  const unitRows = await trx.from('units').select('id', 'name')
  const units = new Map(unitRows.map((row) => [row.name, Number(row.id)]))
  const emails = [...new Set(DEMO_CALIBRATORS.map((calibrator) => calibrator.officer))]
  const officerRows = await trx.from('users').whereIn('email', emails).select('id', 'email')
  const officers = new Map(officerRows.map((row) => [row.email, Number(row.id)]))

  const calibratorRows = DEMO_CALIBRATORS.map((calibrator) => {
    const unitId = units.get(calibrator.unit)
    const officerId = officers.get(calibrator.officer)
    if (unitId === undefined) throw new Error(`Demo data: unit ${calibrator.unit} is missing`)
    if (officerId === undefined) throw new Error(`Demo data: no officer ${calibrator.officer}`)
    return {
      name: calibrator.name,
      merk: calibrator.merk,
      type_model_category: calibrator.typeModelCategory,
      type_model: calibrator.typeModel,
      serial_number: calibrator.serialNumber,
      channel_count: calibrator.channelCount,
      bpfk_user_id: officerId,
      unit_id: unitId,
      calibrator_condition: calibrator.condition,
      is_available: true,
      last_calibration_date: shifted(calibrator.lastCalibration),
      next_calibration_date: shifted(nextCalibrationDate(calibrator.lastCalibration)),
      ...stamps,
    }
  })
  for (let i = 0; i < calibratorRows.length; i += 50) {
    await trx.table('calibrators').multiInsert(calibratorRows.slice(i, i + 50))
  }
}
