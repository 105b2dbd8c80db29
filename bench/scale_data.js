// The data set of the scale benchmark (bench/scale.js): deterministic (fixed seed), realistic
// proportions, the same rows on SQLite and PostgreSQL.
//
// - 5,000 facilities `Bench Fasyankes N` in the reference data's regencies and categories;
// - N orders (default 1,000,000) made between 1 January 2024 and 20 November 2026, ids in time
//   order as in real life, numbered per type and month like the app (`DT/2025/03/0412`),
//   65 % Alat Datang (internal) and 35 % Insitu, with their type's row; orders older than 60
//   days mostly SELESAI (85 %), some rejected or cancelled (5 %), the rest still in work; recent
//   ones in every status of their workflow;
// - 1 to 5 device lines each (3 on average) of the seeded device types: prices, brand, model and
//   a unique serial number (`SN-XXXXXXX`) once received or worked on, officer, work date,
//   certificate number and result for finished lines, 3 % cancelled (BATAL UJI);
// - invoices (1 to 3 stages) for orders past the work, payment dates for most finished ones;
// - the questionnaire of every finished Alat Datang order and of 40 % of finished Insitu ones;
// - inventory rows for about 13 % of the finished lines (about 0.3 per order);
// - audit rows: each order's creation and its last status move (about 1.9 per order), in time
//   order, chained (app/services/audit_chain.ts) after the demo data's rows;
// - calibrator loans (0.5 % of the order count) with their lines and served orders;
// - for PK lines of device types with a test template finished since MEASURED_FROM: the room's
//   conditions, the standards (with the calibration valid that day: the calibrators' yearly
//   calibrations are continued back to 2023), a generated certificate approved by the PK head
//   with its frozen contents and its PDF's file record (2 % corrected once: revision 1); lines
//   of recent orders in work measured but not finished have their points and a certificate
//   waiting for the head; certificate numbers follow the app's pattern and the lab's sequences;
// - notices (app/notifications/order_news.ts): the new request to yantek and admin_pk, every
//   status, invoice and payment to the facility's login, the current status's to-do to its
//   staff, each certificate to the PK head; read but the last two weeks' (half) and a few.
//
// Who orders: five large demo hospitals 2.5 % each (25,000 orders at 1,000,000), among them
// fasyankes@kalibra.test; every other facility (the demo's with their logins, and the bench
// ones) a log-normal weight of the rest; pkm.batua@fasyankes.kalibra.test, a small facility,
// the median weight (about 170 orders at 1,000,000).
//
// Loading, the same way on both databases: the secondary indexes of the loaded tables are dropped
// and built again after the load, and the triggers that keep derived data are off meanwhile (on
// PostgreSQL all of them: COPY with `session_replication_role = replica`, which also skips the
// foreign key checks; on SQLite the 0031 copies' and those of the derived-data modules below,
// with foreign keys off). What they keep is then filled by the load: the order's copies on each
// line (0031) are written with the line and checked against the orders afterwards; every
// `database/*.ts` module without imports that exports a `...Backfill(dialect)` function (the
// order search text of 0032, the order counts of 0033, ...) has its statements run (on SQLite the
// search text's FTS table follows through its own triggers, which stay on). Then ANALYZE
// (SQLite: and PRAGMA optimize; PostgreSQL: VACUUM ANALYZE). SQLite gets multi-row INSERTs (100
// rows per statement, a transaction per 2,000 orders), PostgreSQL one COPY stream per table.
//
// Keeping every trigger on during a SQLite load was measured: 830 orders/s (20 minutes for
// 1,000,000 orders), mostly the search text recomputed and re-indexed once per line.
import { createHash } from 'node:crypto'
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import Database from 'better-sqlite3'
import pg from 'pg'
import { from as copyFrom } from 'pg-copy-streams'
// Node 24 reads these TypeScript files (no imports of their own) as they are.
import { FEEDBACK_CODES, FEEDBACK_SCORE_COLUMNS, groupScores } from '../app/enums/feedback.ts'
import { fail, log, PG, prng, ROOT } from './support.js'

/** Bump when the generator changes: stored data sets of another version are rebuilt. */
export const DATASET_VERSION = 3
const SEED = 20261116
export const FACILITIES = 5000
export const FACILITY_PREFIX = 'Bench Fasyankes'
/**
 * Five large hospitals of the demo data (with their logins) get LARGE_SHARE of the orders each
 * (25,000 at 1,000,000); fasyankes@kalibra.test is one of them. The other demo facilities and
 * the bench facilities share the rest by weights drawn from a log-normal distribution
 * (FACILITY_SIGMA): most get a few dozen orders a year, some ten times the median.
 */
export const LARGE_FACILITY_EMAILS = [
  'fasyankes@kalibra.test',
  'rsup.wahidin@fasyankes.kalibra.test',
  'rsup.kandou@fasyankes.kalibra.test',
  'rsud.bahteramas@fasyankes.kalibra.test',
  'rsud.undata@fasyankes.kalibra.test',
]
const LARGE_SHARE = 0.025
const FACILITY_SIGMA = 1
/** The facility-scoped cases: a large hospital, and a small facility (a median bench weight). */
export const DEMO_FACILITY_EMAIL = LARGE_FACILITY_EMAILS[0]
export const SMALL_FACILITY_EMAIL = 'pkm.batua@fasyankes.kalibra.test'
/**
 * The lab's worksheets record measurements (and the head approves generated certificates) for
 * PK lines of device types with a test template finished on or after this day; earlier lines
 * (and other device types) have their certificate number only, as uploaded certificates.
 */
const MEASURED_FROM = '2025-07-01'
/** Of an order in work, the measured but unfinished lines whose certificate waits for the head. */
const PENDING_CERTIFICATE_RATE = 0.4
/** Approved certificates corrected once (revision 1, the first one Diganti). */
const AMENDED_RATE = 0.02
/** Notices older than this are read, but a few; newer ones half. */
const NOTICE_READ_AFTER_DAYS = 14
const INVENTORY_RATE = 0.13
const LOAN_RATE = 0.005
const ORDERS_PER_BATCH = 2000

const DAY = 86_400
const FIRST_DAY = Date.UTC(2024, 0, 1) / 1000
/** The last day orders are made on. */
const LAST_DAY = Date.UTC(2026, 10, 20) / 1000
/** The generator's "now": nothing happens after it. */
const NOW = LAST_DAY + DAY
const DAYS = (LAST_DAY - FIRST_DAY) / DAY + 1

export const INTERNAL_STATUSES = [
  'MENUNGGU',
  'ORDER DITERIMA',
  'DITOLAK',
  'ALAT DITERIMA',
  'PROSES PENGERJAAN',
  'MENUNGGU FEEDBACK',
  'SELESAI',
]
export const INSITU_STATUSES = [
  'TERKIRIM',
  'DITERIMA',
  'MENUNGGU PENAWARAN',
  'MENUNGGU PERSETUJUAN',
  'PENAWARAN DISETUJUI',
  'DALAM PROSES',
  'SELESAI',
  'DIBATALKAN',
]
/** How far along each status is (-1: rejected or cancelled). */
const PROGRESS = {
  internal: {
    'MENUNGGU': 0,
    'ORDER DITERIMA': 1,
    'DITOLAK': -1,
    'ALAT DITERIMA': 2,
    'PROSES PENGERJAAN': 3,
    'MENUNGGU FEEDBACK': 4,
    'SELESAI': 5,
  },
  insitu: {
    'TERKIRIM': 0,
    'DITERIMA': 1,
    'MENUNGGU PENAWARAN': 2,
    'MENUNGGU PERSETUJUAN': 3,
    'PENAWARAN DISETUJUI': 4,
    'DALAM PROSES': 5,
    'SELESAI': 6,
    'DIBATALKAN': -1,
  },
}
/** The audit action of the move into each status, and the status it came from. */
const STATUS_MOVES = {
  internal: {
    'ORDER DITERIMA': ['internal.approve', 'MENUNGGU'],
    'DITOLAK': ['internal.reject', 'MENUNGGU'],
    'ALAT DITERIMA': ['internal.receive', 'ORDER DITERIMA'],
    'PROSES PENGERJAAN': ['internal.assign_officers', 'ALAT DITERIMA'],
    'MENUNGGU FEEDBACK': ['internal.handover', 'PROSES PENGERJAAN'],
    'SELESAI': ['internal.feedback', 'MENUNGGU FEEDBACK'],
  },
  insitu: {
    'DITERIMA': ['insitu.confirm', 'TERKIRIM'],
    'MENUNGGU PENAWARAN': ['insitu.plans_complete', 'DITERIMA'],
    'MENUNGGU PERSETUJUAN': ['insitu.send_offering', 'MENUNGGU PENAWARAN'],
    'PENAWARAN DISETUJUI': ['insitu.sign', 'MENUNGGU PERSETUJUAN'],
    'DALAM PROSES': ['insitu.contract', 'PENAWARAN DISETUJUI'],
    'SELESAI': ['insitu.finalize', 'DALAM PROSES'],
    'DIBATALKAN': ['insitu.cancel', 'TERKIRIM'],
  },
}

const MERKS = [
  ['Omron', 'HEM-7120'],
  ['GEA', 'Medica 2000'],
  ['Mindray', 'uMEC 10'],
  ['Mindray', 'BeneHeart D3'],
  ['Terumo', 'TE-331'],
  ['Philips', 'SureSigns VS2+'],
  ['Riester', 'Big Ben'],
  ['Nihon Kohden', 'Cardiofax M'],
  ['Fukuda Denshi', 'FX-8322'],
  ['GE Healthcare', 'Vivid T8'],
  ['Drager', 'Savina 300'],
  ['B. Braun', 'Infusomat Space'],
  ['Edan', 'iM50'],
  ['Contec', 'CMS8000'],
  ['Yuwell', 'YX302'],
  ['Atom', 'Infa Warmer i'],
]
const ROOMS = [
  'IGD',
  'ICU',
  'Ruang Operasi',
  'Poli Umum',
  'Poli KIA',
  'Rawat Inap',
  'Laboratorium',
  'Radiologi',
  'Farmasi',
  'Perinatologi',
]
const FIRST_NAMES = [
  'Rahmat',
  'Siti',
  'Andi',
  'Nurul',
  'Budi',
  'Dewi',
  'Agus',
  'Sri',
  'Hendra',
  'Ratna',
  'Irfan',
  'Wulan',
  'Yusuf',
  'Fitri',
  'Arif',
  'Indah',
]
const LAST_NAMES = [
  'Hidayat',
  'Rahman',
  'Wijaya',
  'Santoso',
  'Lestari',
  'Kadir',
  'Syam',
  'Bahri',
  'Arifin',
  'Hamzah',
  'Nasution',
  'Pratama',
  'Handayani',
  'Mappaseng',
]
const STREETS = [
  'Sudirman',
  'Ahmad Yani',
  'Diponegoro',
  'Urip Sumoharjo',
  'Sam Ratulangi',
  'Pettarani',
  'Gatot Subroto',
  'Pahlawan',
  'Merdeka',
  'Veteran',
]
const TRAVELS = ['Travel Bintang Timur', 'Travel Litha', 'JNE Trucking', 'Travel Primadona']
const CRITICS = [
  'Pelayanan cepat dan informatif.',
  'Mohon jadwal pengambilan alat lebih fleksibel.',
  'Petugas ramah, hasil sertifikat jelas.',
  'Waktu tunggu sedikit lebih lama dari estimasi.',
]
const LOAN_PURPOSES = [
  'Kalibrasi insitu di rumah sakit daerah',
  'Pengujian alat di laboratorium',
  'Kalibrasi alat datang antrean minggu ini',
  'Verifikasi kalibrator sebelum perjalanan dinas',
]

// ---------------------------------------------------------------------------
// Tables as loaded: the columns written (the rest keep their defaults).
// ---------------------------------------------------------------------------

const ORDER_DEVICE_COPIES = ['ordered_at', 'order_type', 'fasyankes_id']
const LOAN_LABS = ['pk', 'ukpr', 'sarpras']

const TABLES = {
  fasyankes: [
    'id',
    'fasyankes_name',
    'phone',
    'address',
    'type',
    'province_code',
    'city_code',
    'category_id',
    'class_id',
    'pic',
    'pic_phone',
    'created_at',
    'updated_at',
  ],
  orders: [
    'id',
    'type',
    'number',
    'status',
    'fasyankes_id',
    'user_id',
    'folder_link',
    'certificate_date',
    'payment_confirm_date',
    'device_count',
    'total_price',
    'invoice_stage',
    'billing_state',
    'billing_changed_at',
    'status_changed_at',
    'created_at',
    'updated_at',
  ],
  internal_orders: [
    'order_id',
    'delivery_date_estimation',
    'arrival_date_estimation',
    'contact_person_name',
    'contact_person_phone',
    'delivery_option',
    'delivery_travel_name',
    'service_type',
    'order_description',
    'estimated_minutes',
    'estimated_completion_at',
  ],
  insitu_orders: [
    'order_id',
    'execution_year',
    'letter_number',
    'letter_date',
    'signature_name',
    'signature_nip',
    'signature_position',
    'signed_at',
    'offering_sent_at',
    'contract_number',
    'contract_date',
    'finalization_notes',
    'cancel_reason',
    'created_at',
    'updated_at',
  ],
  order_devices: [
    'id',
    'order_id',
    'lab',
    'alkes_id',
    'price',
    'minute_estimation',
    'description',
    'status',
    'merk',
    'model',
    'serial_number',
    'functionality',
    'accessories',
    'officer_id',
    'type',
    'certificate_number',
    'certificate_month',
    'work_date',
    'work_place',
    'room_name',
    'is_laik',
    'finisher_officer_id',
    'worksheet_saved_at',
    'ambient_temperature',
    'ambient_humidity',
    'measured_laik',
    'created_at',
    'updated_at',
    // The order's copies that 0031's triggers keep, written here (those triggers are off).
    ...ORDER_DEVICE_COPIES,
  ],
  // A measured line's points (only the lines whose certificate waits: the finished ones keep
  // their frozen certificate contents), the standards it was measured with, its certificate
  // revisions and their stored PDF's record.
  worksheet_points: [
    'id',
    'order_device_id',
    'position',
    'parameter',
    'unit',
    'nominal',
    'tolerance',
    'tolerance_type',
    'repeats',
    'resolution',
    'calibrator_id',
    'reference_uncertainty',
    'readings',
    'mean',
    'error',
    'expanded_uncertainty',
    'passed',
  ],
  order_device_standards: ['order_device_id', 'calibrator_id', 'calibration_id'],
  order_files: [
    'id',
    'order_id',
    'order_device_id',
    'kind',
    'storage_key',
    'original_name',
    'size',
    'content_type',
    'uploaded_by',
    'created_at',
    'superseded_at',
  ],
  certificates: [
    'id',
    'order_device_id',
    'revision',
    'status',
    'status_changed_at',
    'number',
    'code',
    'amendment_reason',
    'requested_by',
    'approved_by',
    'approved_at',
    'superseded_at',
    'order_file_id',
    'contents',
    'created_at',
    'updated_at',
  ],
  invoices: [
    'id',
    'order_id',
    'stage',
    'invoice_date',
    'letter_number',
    'created_at',
    'updated_at',
  ],
  feedbacks: [
    'id',
    'order_id',
    'user_id',
    'unit',
    'critic',
    'ratings',
    'created_at',
    ...FEEDBACK_SCORE_COLUMNS,
  ],
  inventories: [
    'id',
    'fasyankes_id',
    'alkes_id',
    'merk',
    'model',
    'serial_number',
    'last_calibration_date',
    'next_calibration_date',
    'order_device_id',
    'created_at',
    'updated_at',
  ],
  audit_logs: [
    'id',
    'user_id',
    'user_name',
    'role',
    'action',
    'subject_type',
    'subject_id',
    'changes_from',
    'changes_to',
    'reason',
    'ip',
    'created_at',
    'prev_hash',
    'hash',
  ],
  calibrator_loans: [
    'id',
    'number',
    'borrower_id',
    'loan_description',
    'planned_return_date',
    'status',
    'status_changed_at',
    ...LOAN_LABS.flatMap((lab) => [
      `${lab}_officer_id`,
      `${lab}_status`,
      `${lab}_reason`,
      `${lab}_decided_at`,
    ]),
    'returned_at',
    'created_at',
    'updated_at',
  ],
  calibrator_loan_lines: [
    'id',
    'loan_id',
    'calibrator_id',
    'is_started_good',
    'is_ended_good',
    'is_with_bag',
    'is_with_charger',
    'return_date',
    'returned_by',
  ],
  calibrator_loan_orders: ['loan_id', 'order_id'],
  // The reference calibrators' earlier yearly calibrations (the demo data has the latest).
  calibrator_calibrations: [
    'id',
    'calibrator_id',
    'kind',
    'performed_on',
    'due_on',
    'certificate_number',
    'issuer',
    'passed',
    'notes',
    'created_at',
    'updated_at',
  ],
  calibrator_uncertainties: ['id', 'calibration_id', 'parameter', 'unit', 'expanded_uncertainty'],
  notices: ['id', 'user_id', 'title', 'body', 'href', 'created_at', 'read_at'],
}
/** Tables whose ids the generator assigns (after the demo data's). */
const ID_TABLES = Object.keys(TABLES).filter((table) => TABLES[table][0] === 'id')

// ---------------------------------------------------------------------------
// Dates: seconds since the epoch (UTC) as the database text.
// ---------------------------------------------------------------------------

const pad2 = (n) => (n < 10 ? `0${n}` : String(n))
const dayCache = new Map()
/** 'YYYY-MM-DD' of a moment. */
function dateText(seconds) {
  const day = Math.floor(seconds / DAY)
  let text = dayCache.get(day)
  if (!text) {
    text = new Date(day * DAY * 1000).toISOString().slice(0, 10)
    dayCache.set(day, text)
  }
  return text
}
/** 'YYYY-MM-DD HH:MM:SS' (UTC) of a moment. */
function timeText(seconds) {
  const s = Math.floor(seconds) % DAY
  return `${dateText(seconds)} ${pad2(Math.floor(s / 3600))}:${pad2(Math.floor(s / 60) % 60)}:${pad2(s % 60)}`
}
/** A date `months` later (the next calibration). */
function addMonths(date, months) {
  const [year, month, day] = date.split('-').map(Number)
  return new Date(Date.UTC(year, month - 1 + months, day)).toISOString().slice(0, 10)
}

/** A unique 7-character serial per line: the index scrambled by a bijection mod 36^7. */
const SERIAL_SPACE = 36 ** 7
function serialOf(index) {
  const scrambled = Number((BigInt(index) * 2654435761n + 12345n) % BigInt(SERIAL_SPACE))
  return `SN-${scrambled.toString(36).toUpperCase().padStart(7, '0')}`
}

/** The audit chain's hash (app/services/audit_chain.ts chainHash) of one row. */
function chainHash(row, prevHash) {
  const canonical = JSON.stringify([
    prevHash,
    row.user_id,
    row.user_name,
    row.role,
    row.action,
    row.subject_type,
    row.subject_id,
    row.changes_from,
    row.changes_to,
    row.reason,
    row.ip,
    `${row.created_at.replace(' ', 'T')}Z`,
  ])
  return createHash('sha256').update(canonical).digest('hex')
}

// ---------------------------------------------------------------------------
// Notices, certificates and their measurements
// ---------------------------------------------------------------------------

const NOTICE_CREATED = 0
const NOTICE_STATUS = 1
const NOTICE_TASK = 2
const NOTICE_INVOICE = 3
const NOTICE_PAID = 4
const NOTICE_CERTIFICATE = 5

/** The statuses an order entered on its way to its status (the first is its creation's). */
const STATUS_PATHS = Object.fromEntries(
  Object.entries({
    internal: [
      'ORDER DITERIMA',
      'ALAT DITERIMA',
      'PROSES PENGERJAAN',
      'MENUNGGU FEEDBACK',
      'SELESAI',
    ],
    insitu: [
      'DITERIMA',
      'MENUNGGU PENAWARAN',
      'MENUNGGU PERSETUJUAN',
      'PENAWARAN DISETUJUI',
      'DALAM PROSES',
      'SELESAI',
    ],
  }).map(([type, path]) => {
    const paths = {}
    const statuses = type === 'internal' ? INTERNAL_STATUSES : INSITU_STATUSES
    for (const status of statuses) {
      const at = path.indexOf(status)
      paths[status] = at >= 0 ? path.slice(0, at + 1) : PROGRESS[type][status] < 0 ? [status] : []
    }
    return [type, paths]
  })
)
const STATUS_CODES = {
  internal: Object.fromEntries(INTERNAL_STATUSES.map((status, index) => [status, index])),
  insitu: Object.fromEntries(INSITU_STATUSES.map((status, index) => [status, index])),
}
const STATUS_NOTICES = {
  'ORDER DITERIMA': 'Permintaan diterima. Silakan kirim alat sesuai estimasi tanggal pengiriman.',
  'DITOLAK':
    'Permintaan ditolak. Baca alasannya pada halaman permintaan, perbaiki, lalu ajukan kembali.',
  'ALAT DITERIMA': 'Alat sudah diterima laboratorium dan menunggu dikerjakan.',
  'PROSES PENGERJAAN': 'Alat sedang dikalibrasi oleh petugas laboratorium.',
  'MENUNGGU FEEDBACK': 'Alat dan sertifikat sudah diserahkan. Mohon isi kuesioner umpan balik.',
  'SELESAI': 'Permintaan selesai. Sertifikat dapat diunduh pada halaman Berkas.',
}
/** The to-do a status is, and whose (order_news.ts: the workflow's tasks in the status). */
const TASKS = {
  internal: {
    'MENUNGGU': null,
    'ORDER DITERIMA': { label: 'Terima alat', roles: ['yantek', 'admin_pk'], path: '/receive' },
    'ALAT DITERIMA': { label: 'Tugaskan petugas', roles: ['admin_pk'], path: '/officer' },
    'PROSES PENGERJAAN': { label: 'Isi lembar kerja', officers: true, path: '/worksheet/pk' },
  },
  insitu: {
    'DITERIMA': { label: 'Isi estimasi', roles: ['head_of_pk_laboratory'], path: '/estimation' },
    'MENUNGGU PENAWARAN': { label: 'Kirim penawaran', roles: ['yantek'], path: '/offering' },
    'PENAWARAN DISETUJUI': {
      label: 'Konfirmasi kontrak',
      roles: ['yantek'],
      path: '/offering/confirm',
    },
    'DALAM PROSES': { label: 'Isi lembar kerja', officers: true, path: '/worksheet/pk' },
  },
}

/** Notices as they are made: time, recipient, kind, order (index), and the kind's argument. */
function noticeLog() {
  let capacity = 1 << 16
  let size = 0
  const log = {
    time: new Float64Array(capacity),
    user: new Int32Array(capacity),
    kind: new Uint8Array(capacity),
    order: new Int32Array(capacity),
    arg: new Int16Array(capacity),
    size: () => size,
    add(time, user, kind, order, arg) {
      if (size === capacity) {
        capacity *= 2
        for (const key of ['time', 'user', 'kind', 'order', 'arg']) {
          const grown = new log[key].constructor(capacity)
          grown.set(log[key])
          log[key] = grown
        }
      }
      log.time[size] = time
      log.user[size] = user
      log.kind[size] = kind
      log.order[size] = order
      log.arg[size] = arg
      size++
    },
    /** Their indexes in time order (then as made). */
    sorted() {
      const indexes = new Uint32Array(size)
      for (let i = 0; i < size; i++) indexes[i] = i
      const time = log.time
      return indexes.sort((a, b) => time[a] - time[b] || a - b)
    },
  }
  return log
}

/** A unique verification code per certificate: the index scrambled over 32^10 (Crockford). */
const CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ'
const CODE_SPACE = 2n ** 50n
function labelCode(index) {
  let value = (BigInt(index) * 0x2545f4914f6cdn + 0x9e3779b9n) % CODE_SPACE
  let code = ''
  for (let i = 0; i < 10; i++) {
    code = CODE_ALPHABET[Number(value & 31n)] + code
    value >>= 5n
  }
  return code
}

const ROMAN = ['I', 'II', 'III', 'IV', 'V', 'VI', 'VII', 'VIII', 'IX', 'X', 'XI', 'XII']
const ID_MONTHS = [
  'Januari',
  'Februari',
  'Maret',
  'April',
  'Mei',
  'Juni',
  'Juli',
  'Agustus',
  'September',
  'Oktober',
  'November',
  'Desember',
]
/** '3 Maret 2026' (lab time, UTC+8) of a moment in seconds, or of 'YYYY-MM-DD'. */
function idDate(value) {
  const text = typeof value === 'string' ? value : dateText(value + 8 * 3600)
  return `${Number(text.slice(8, 10))} ${ID_MONTHS[Number(text.slice(5, 7)) - 1]} ${text.slice(0, 4)}`
}
function idDateTime(seconds) {
  const s = Math.floor(seconds + 8 * 3600) % DAY
  return `${idDate(seconds)} ${pad2(Math.floor(s / 3600))}.${pad2(Math.floor(s / 60) % 60)} WITA`
}
/** A measured value as the certificate prints it: decimal comma, no trailing zeros. */
const measure = (value) => String(Math.round(value * 1e6) / 1e6).replace('.', ',')

/**
 * One test point measured (readings around the nominal, `shift` of the way to the limit) with
 * what the worksheet computes (services/measurement.ts, simplified: mean, error, expanded
 * uncertainty with k = 2 from the spread, the reference and the resolution).
 */
function measurePoint(point, shift, standards) {
  const limit =
    point.tolerance_type === 'pct'
      ? (point.tolerance * Math.abs(point.nominal)) / 100 || point.tolerance
      : point.tolerance
  const decimals = Math.max(0, -Math.floor(Math.log10(point.resolution) + 1e-9))
  const round = (value) =>
    Number((Math.round(value / point.resolution) * point.resolution).toFixed(decimals))
  const readings = Array.from({ length: point.repeats }, (_, i) =>
    round(point.nominal + limit * 0.5 * shift + (i % 2) * point.resolution)
  )
  const mean = readings.reduce((sum, value) => sum + value, 0) / readings.length
  const spread = Math.sqrt(
    readings.reduce((sum, value) => sum + (value - mean) ** 2, 0) / Math.max(1, readings.length - 1)
  )
  const standard = standards[0]
  const stated = standard?.calibration.uncertainties.find((u) => u.unit === point.unit)
  const reference = stated ? stated.expanded_uncertainty : point.resolution / 2
  const expanded =
    2 *
    Math.sqrt(
      (spread / Math.sqrt(readings.length)) ** 2 +
        (reference / 2) ** 2 +
        (point.resolution / Math.sqrt(12)) ** 2
    )
  const error = mean - point.nominal
  return {
    parameter: point.parameter,
    unit: point.unit,
    nominal: point.nominal,
    tolerance: point.tolerance,
    toleranceType: point.tolerance_type,
    repeats: point.repeats,
    resolution: point.resolution,
    calibratorId: standard?.calibrator.id ?? null,
    referenceUncertainty: reference,
    readings,
    mean: Number(mean.toFixed(decimals + 2)),
    error: Number(error.toFixed(decimals + 2)),
    expandedUncertainty: Number(expanded.toFixed(decimals + 2)),
    passed: Math.abs(error) <= limit + 1e-9,
  }
}

const STATEMENTS = {
  traceability:
    'Hasil kalibrasi ini tertelusur ke Satuan Internasional (SI) melalui standar acuan yang ' +
    'tercantum, yang dikalibrasi oleh laboratorium kalibrasi terakreditasi dengan sertifikat ' +
    'yang masih berlaku pada tanggal kalibrasi.',
  uncertainty:
    'Ketidakpastian yang dilaporkan adalah ketidakpastian diperluas dengan faktor cakupan ' +
    'k = 2 (tingkat kepercayaan sekitar 95 %), dihitung dari daya ulang ' +
    'pembacaan, ketidakpastian standar acuan dan resolusi alat.',
  decision:
    'Aturan keputusan: penerimaan sederhana; suatu titik memenuhi bila nilai mutlak kesalahannya ' +
    'tidak melebihi batas toleransi, tanpa menambahkan ketidakpastian. Alat LAIK bila semua ' +
    'titik memenuhi.',
  scope:
    'Hasil hanya berlaku untuk alat yang dikalibrasi pada kondisi saat kalibrasi. Sertifikat ' +
    'ini tidak boleh digandakan sebagian tanpa persetujuan tertulis laboratorium.',
}
const LAB_NAME = 'Laboratorium Pengujian dan Kalibrasi Alat Kesehatan'
const LAB_ADDRESS = 'Jl. Perintis Kemerdekaan Km. 11, Tamalanrea, Makassar 90245'

/** What an approved certificate says (app/documents/certificates/contents.ts), frozen. */
function certificateContents(line, approval) {
  const verdict = line.laik ? 'LAIK' : 'TIDAK LAIK'
  return {
    number: approval.number,
    revision: approval.revision,
    code: approval.code,
    verification_url: `http://localhost:3333/verifikasi/${approval.code}`,
    lab: { name: LAB_NAME, address: LAB_ADDRESS, unit: 'Laboratorium Pengujian dan Kalibrasi PK' },
    customer: { name: line.customer.name, address: line.customer.address },
    order_number: line.order.number,
    order_date: idDate(line.order.created),
    device: {
      name: line.alkes.name,
      merk: line.merk ?? '-',
      model: line.model ?? '-',
      serial_number: line.serial ?? '-',
      service: line.type ?? 'Kalibrasi',
    },
    method: line.alkes.mkCode ?? '-',
    work_date: idDate(line.workDate),
    work_place: line.workPlace ?? '-',
    room: line.room,
    conditions: {
      temperature: `${measure(line.temperature)} °C`,
      humidity: `${measure(line.humidity)} %RH`,
    },
    points: line.points.map((point) => ({
      parameter: point.parameter,
      unit: point.unit,
      nominal: measure(point.nominal),
      readings: point.readings.map(measure),
      mean: measure(point.mean),
      error: measure(point.error),
      uncertainty: measure(point.expandedUncertainty),
      tolerance:
        point.toleranceType === 'pct'
          ? `± ${measure(point.tolerance)} %`
          : `± ${measure(point.tolerance)} ${point.unit}`,
      passed: point.passed,
    })),
    standards: line.standards.map(({ calibrator, calibration }) => ({
      name: calibrator.name,
      merk_model: [calibrator.merk, calibrator.typeModel].filter(Boolean).join(' / ') || '-',
      serial_number: calibrator.serialNumber,
      certificate_number: calibration.certificate_number ?? '-',
      due_date: calibration.due_on ? idDate(calibration.due_on) : '-',
      issuer: calibration.issuer ?? null,
    })),
    verdict,
    measured_verdict: verdict,
    override_reason: null,
    officer: line.officerName,
    signatory: {
      name: line.head.name,
      nip: line.head.nip,
      role: 'Kepala Laboratorium PK',
    },
    issued_date: idDate(approval.approvedAt),
    issued_on: dateText(approval.approvedAt + 8 * 3600),
    approved_at: idDateTime(approval.approvedAt),
    amendment: approval.reason ? { reason: approval.reason, replaces: approval.replaces } : null,
    statements: STATEMENTS,
  }
}

// ---------------------------------------------------------------------------
// The generator: writes every row through `sink.row(table, values)`; `await sink.checkpoint()`
// between batches (a commit on SQLite, waiting for the streams on PostgreSQL).
// ---------------------------------------------------------------------------

async function generate(ref, totalOrders, sink, progress) {
  const random = prng(SEED)
  const pick = (items) => items[Math.floor(random() * items.length)]
  const between = (low, high) => low + Math.floor(random() * (high - low + 1))
  const ids = Object.fromEntries(ID_TABLES.map((table) => [table, ref.maxIds[table]]))
  const nextId = (table) => ++ids[table]
  const counters = new Map(ref.counters)
  const nextNumber = (code, seconds) => {
    const date = dateText(seconds)
    const prefix = `${code}/${date.slice(0, 4)}/${date.slice(5, 7)}`
    const value = (counters.get(prefix) ?? 0) + 1
    counters.set(prefix, value)
    return `${prefix}/${String(value).padStart(4, '0')}`
  }
  const personName = () => `${pick(FIRST_NAMES)} ${pick(LAST_NAMES)}`
  const phone = () => `08${between(11, 59)}${String(between(0, 99_999_999)).padStart(8, '0')}`

  // Facilities.
  const facilityCreated = timeText(FIRST_DAY - 30 * DAY)
  const firstFacility = ids.fasyankes + 1
  const benchAddresses = []
  for (let n = 1; n <= FACILITIES; n++) {
    const city = pick(ref.regencies)
    const phoneNumber = `0${between(411, 999)}-${between(100_000, 999_999)}`
    benchAddresses.push(`Jl. ${pick(STREETS)} No. ${between(1, 250)}`)
    sink.row('fasyankes', [
      nextId('fasyankes'),
      `${FACILITY_PREFIX} ${n}`,
      phoneNumber,
      benchAddresses[n - 1],
      random() < 0.6 ? 'Negeri' : 'Swasta',
      city.province_code,
      city.code,
      pick(ref.categories),
      pick(ref.classes),
      personName(),
      phone(),
      facilityCreated,
      facilityCreated,
    ])
  }
  await sink.checkpoint()

  // Who orders how much: the large hospitals a fixed share each, every other facility with a
  // login (the demo's) and every bench facility a log-normal weight of the rest.
  const gaussian = () => Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random())
  const large = LARGE_FACILITY_EMAILS.map((email) => {
    const login = ref.logins.find((row) => row.email === email)
    if (!login) fail(`${email} is missing: demo data was not seeded`)
    return login.fasyankesId
  })
  const weighted = []
  for (const login of ref.logins) {
    if (large.includes(login.fasyankesId)) continue
    // The small facility gets the median weight; the other demo facilities a drawn one.
    weighted.push([
      login.fasyankesId,
      login.email === SMALL_FACILITY_EMAIL ? 1 : Math.exp(FACILITY_SIGMA * gaussian()),
    ])
  }
  for (let n = 0; n < FACILITIES; n++) {
    weighted.push([firstFacility + n, Math.exp(FACILITY_SIGMA * gaussian())])
  }
  const restShare = 1 - large.length * LARGE_SHARE
  const weightSum = weighted.reduce((sum, [, weight]) => sum + weight, 0)
  const facilityIds = new Int32Array(large.length + weighted.length)
  const facilityCumulative = new Float64Array(facilityIds.length)
  let cumulative = 0
  ;[
    ...large.map((id) => [id, LARGE_SHARE]),
    ...weighted.map(([id, weight]) => [id, (restShare * weight) / weightSum]),
  ].forEach(([id, share], index) => {
    cumulative += share
    facilityIds[index] = id
    facilityCumulative[index] = cumulative
  })
  const pickFacility = () => {
    const r = random() * cumulative
    let low = 0
    let high = facilityCumulative.length - 1
    while (low < high) {
      const mid = (low + high) >> 1
      if (facilityCumulative[mid] < r) low = mid + 1
      else high = mid
    }
    return facilityIds[low]
  }
  /** Facilities with a login (the demo's): id -> their login. */
  const loginOf = new Map(ref.logins.map((login) => [login.fasyankesId, login]))
  const facilityName = (id) =>
    id >= firstFacility
      ? `${FACILITY_PREFIX} ${id - firstFacility + 1}`
      : (ref.facilities.get(id)?.name ?? '-')
  const facilityAddress = (id) =>
    id >= firstFacility
      ? benchAddresses[id - firstFacility]
      : (ref.facilities.get(id)?.address ?? '-')

  // The reference calibrators' earlier yearly calibrations: each calibrator's history goes back
  // from the demo data's first row to 2023, so a line measured on any day since MEASURED_FROM
  // has a calibration of its standard valid that day.
  const validity = new Map()
  for (const [calibratorId, rows] of ref.calibrations) {
    const windows = rows.map((row) => ({ ...row }))
    const first = windows[0]
    for (let k = 1; k <= 4; k++) {
      const performed = addMonths(first.performed_on, -12 * k)
      if (performed < '2023-01-01') break
      const calibrationId = nextId('calibrator_calibrations')
      const year = performed.slice(0, 4)
      const certificate = first.certificate_number
        ? first.certificate_number.replace(/\/20\d\d\//, `/${year}/`)
        : null
      sink.row('calibrator_calibrations', [
        calibrationId,
        calibratorId,
        'calibration',
        performed,
        addMonths(performed, 12),
        certificate,
        first.issuer,
        1,
        null,
        `${performed} 09:00:00`,
        `${performed} 09:00:00`,
      ])
      for (const u of first.uncertainties) {
        sink.row('calibrator_uncertainties', [
          nextId('calibrator_uncertainties'),
          calibrationId,
          u.parameter,
          u.unit,
          u.expanded_uncertainty,
        ])
      }
      windows.unshift({
        id: calibrationId,
        performed_on: performed,
        due_on: addMonths(performed, 12),
        certificate_number: certificate,
        issuer: first.issuer,
        uncertainties: first.uncertainties,
      })
    }
    validity.set(calibratorId, windows)
  }
  await sink.checkpoint()
  /** The calibration of a calibrator valid on a day, or null. */
  const calibrationOn = (calibratorId, day) =>
    (validity.get(calibratorId) ?? []).findLast(
      (row) => row.performed_on <= day && (!row.due_on || day < row.due_on)
    ) ?? null
  /** The PK standards a device type is measured with: those stating its points' units. */
  const standardsOf = new Map()
  for (const [alkesId, points] of ref.templates) {
    const units = new Set(points.map((point) => point.unit))
    const matching = ref.pkCalibrators.filter((calibrator) =>
      (validity.get(calibrator.id) ?? []).some((row) =>
        row.uncertainties.some((u) => units.has(u.unit))
      )
    )
    standardsOf.set(alkesId, matching.length ? matching : ref.pkCalibrators)
  }
  // Certificate numbers as the app gives them ({template}/{seq}/{month}/{year}, per lab and
  // year), after the demo data's.
  const sequences = new Map(ref.sequences)
  const certificateNumber = (alkes, lab, workDate) => {
    const year = workDate.slice(0, 4)
    const key = `${lab}|${year}`
    const seq = (sequences.get(key) ?? 0) + 1
    sequences.set(key, seq)
    const month = ROMAN[Number(workDate.slice(5, 7)) - 1]
    const template = alkes.certificateTemplate || `KAL/${lab.toUpperCase()}`
    return `${template}/${String(seq).padStart(4, '0')}/${month}/${year}`
  }
  let certificateIndex = 0

  // Notices, gathered as the orders are made and written in time order after them.
  const notices = noticeLog()
  const staffIds = (role) => ref.staff[role] ?? []

  // Order times, in order: ids grow with time as in the app. Office hours, 08:00-17:00 WITA.
  const times = new Float64Array(totalOrders)
  for (let i = 0; i < totalOrders; i++) {
    times[i] = FIRST_DAY + Math.floor(random() * DAYS) * DAY + Math.floor(random() * 9 * 3600)
  }
  times.sort()

  // What the audit rows need of each order, written after the orders in time order.
  const firstOrder = ids.orders + 1
  const orderInternal = new Uint8Array(totalOrders)
  const orderStatus = new Uint8Array(totalOrders)
  const orderFacility = new Int32Array(totalOrders)
  const orderDevices = new Uint8Array(totalOrders)
  const orderExpress = new Uint8Array(totalOrders)
  const orderNumbers = new Array(totalOrders)
  const statusTimes = new Float64Array(totalOrders)
  const orderTotals = new Float64Array(totalOrders)
  const orderBillable = new Uint8Array(totalOrders)

  const clampNow = (seconds) => Math.min(seconds, NOW - 600 - Math.floor(random() * 7200))
  const started = Date.now()
  let lineIndex = 0
  let invoiceSeq = 0
  let contractSeq = 0

  for (let i = 0; i < totalOrders; i++) {
    const id = nextId('orders')
    const created = times[i]
    const internal = random() < 0.65
    const type = internal ? 'internal' : 'insitu'
    const old = NOW - created > 60 * DAY
    const roll = random()
    const status = old
      ? roll < 0.85
        ? 'SELESAI'
        : roll < 0.9
          ? internal
            ? 'DITOLAK'
            : 'DIBATALKAN'
          : internal
            ? 'MENUNGGU FEEDBACK'
            : 'DALAM PROSES'
      : pick(internal ? INTERNAL_STATUSES : INSITU_STATUSES)
    const rank = PROGRESS[type][status]
    const facility = pickFacility()
    const number = nextNumber(internal ? 'DT' : 'DL', created)
    const received = internal && rank >= 2
    const working = internal ? rank >= 3 : rank >= 5
    const allDone = internal ? rank >= 4 : rank >= 6
    const partDone = internal ? rank === 3 : rank === 5
    // When the work was done (finished orders), and when the order entered its status.
    const done = clampNow(created + between(7, 25) * DAY + between(0, 8 * 3600))
    let statusAt
    if (allDone)
      statusAt = status === 'SELESAI' && internal ? clampNow(done + between(1, 5) * DAY) : done
    else if (rank === 0) statusAt = created
    else statusAt = clampNow(created + Math.max(1, Math.abs(rank)) * between(1, 3) * DAY)
    statusAt = Math.max(statusAt, created + 60)
    const createdText = timeText(created)
    const statusText = timeText(statusAt)

    // Device lines (and what hangs on them), written after their order: the schema's
    // triggers on SQLite read the order when a line is added.
    const pending = []
    const lineOfficers = new Set()
    const count = 1 + Math.floor(random() * 5)
    let billable = 0
    let total = 0
    let minutes = 0
    for (let k = 0; k < count; k++) {
      const alkes = pick(internal ? ref.alkesInternal : ref.alkesInsitu)
      const lab = alkes.lab
      const cancelled = (working || received) && random() < 0.03
      const finished = !cancelled && (allDone || (partDone && random() < 0.5))
      const hasSerial = received || finished
      const lineId = nextId('order_devices')
      const serial = hasSerial ? serialOf(lineIndex) : null
      lineIndex++
      const [merk, model] = hasSerial ? pick(MERKS) : [null, null]
      const officers = ref.officers[lab]
      const officer = working && !cancelled && officers.length ? pick(officers) : null
      if (!cancelled) {
        billable++
        total += alkes.price
      }
      minutes += alkes.minutes
      if (officer) lineOfficers.add(officer)
      // A line measured on the worksheet: finished (its certificate approved), or in work with
      // its certificate waiting for the head; PK lines of a device type with a test template.
      const template = lab === 'pk' ? ref.templates.get(alkes.id) : undefined
      const waiting =
        !finished &&
        !cancelled &&
        partDone &&
        !old &&
        template !== undefined &&
        officer !== null &&
        random() < PENDING_CERTIFICATE_RATE
      const saved = finished || waiting
      const workAt = finished
        ? Math.max(created + DAY, done - between(0, 4) * DAY)
        : waiting
          ? clampNow(Math.max(created + DAY, statusAt + between(0, 3) * DAY))
          : 0
      const workDate = saved ? dateText(workAt) : null
      const measured =
        saved && template !== undefined && officer !== null && workDate >= MEASURED_FROM
      const savedAt = saved ? workAt + between(3600, 6 * 3600) : 0
      const laik = saved ? (random() < 0.95 ? 1 : 0) : null
      const shifts = measured ? template.map(() => random() * 2 - 1) : null
      if (measured && !laik) shifts[Math.floor(random() * shifts.length)] = 1.6
      const temperature = measured ? Math.round((22 + random() * 3) * 10) / 10 : null
      const humidity = measured ? between(45, 65) : null
      const certNumber = saved ? certificateNumber(alkes, lab, workDate) : null
      const values = [
        lineId,
        id,
        lab,
        alkes.id,
        alkes.price,
        alkes.minutes,
        random() < 0.3 ? `Ruang ${pick(ROOMS)}` : null,
        cancelled ? 'BATAL UJI' : finished ? 'SELESAI' : 'BELUM SELESAI',
        merk,
        model,
        serial,
        hasSerial ? 'Baik' : null,
        hasSerial ? (random() < 0.5 ? 'Kabel daya, manual' : 'Kabel daya') : null,
        officer,
        saved ? (random() < 0.8 ? 'Kalibrasi' : 'Pengujian') : null,
        certNumber,
        saved ? Number(workDate.slice(5, 7)) : null,
        workDate,
        saved ? (internal ? 'Laboratorium Kalibrasi Kalibra' : 'Di lokasi fasyankes') : null,
        saved ? `Ruang ${pick(ROOMS)}` : null,
        laik,
        saved ? officer : null,
        saved ? timeText(savedAt) : null,
        temperature,
        humidity,
        measured ? laik : null,
        createdText,
        saved ? timeText(finished ? workAt + 7 * 3600 : savedAt) : createdText,
        createdText,
        type,
        facility,
      ]
      pending.push(['order_devices', values])
      if (measured) {
        // The standards it was measured with, each with its calibration valid that day.
        const chosen = []
        const candidates = standardsOf.get(alkes.id)
        for (let n = Math.min(candidates.length, between(1, 2)); chosen.length < n;) {
          const calibrator = pick(candidates)
          if (!chosen.some((c) => c.calibrator.id === calibrator.id)) {
            chosen.push({ calibrator, calibration: calibrationOn(calibrator.id, workDate) })
          }
          if (chosen.length >= candidates.length) break
        }
        const standards = chosen.filter((c) => c.calibration)
        for (const { calibrator, calibration } of standards) {
          pending.push(['order_device_standards', [lineId, calibrator.id, calibration.id]])
        }
        const points = template.map((point, index) => measurePoint(point, shifts[index], standards))
        const line = {
          order: { number, created },
          customer: { name: facilityName(facility), address: facilityAddress(facility) },
          officerName: ref.officerNames.get(officer) ?? '-',
          head: ref.pkHead,
          alkes,
          lab,
          merk,
          model,
          serial,
          type: values[14],
          workDate,
          workPlace: values[18],
          room: values[19],
          temperature,
          humidity,
          laik,
          officer,
          points,
          standards,
        }
        const revisions = finished && random() < AMENDED_RATE ? 2 : 1
        for (let revision = 0; revision < revisions; revision++) {
          const certificateId = nextId('certificates')
          const code = labelCode(certificateIndex++)
          const requestedAt = revision === 0 ? savedAt : savedAt + between(2, 10) * DAY
          const approvedAt = Math.min(requestedAt + between(1800, 2 * DAY), NOW - 300)
          const current = revision === revisions - 1
          const revisionNumber = revision ? `${certNumber}-R${revision}` : certNumber
          const reason = revision ? 'Nomor seri alat tertukar pada sertifikat sebelumnya.' : null
          if (finished) {
            const fileId = nextId('order_files')
            const supersededAt = current ? null : timeText(approvedAt + between(2, 10) * DAY)
            pending.push([
              'order_files',
              [
                fileId,
                id,
                lineId,
                'certificate',
                `certificates/${id}/bench-${certificateId}.pdf`,
                `sertifikat-${revisionNumber.replace(/[^\w.-]+/g, '-')}.pdf`,
                between(48_000, 72_000),
                'application/pdf',
                ref.pkHead.id,
                timeText(approvedAt),
                supersededAt,
              ],
            ])
            const contents = certificateContents(line, {
              number: revisionNumber,
              revision,
              code,
              approvedAt,
              reason,
              replaces: revision ? certNumber : null,
            })
            pending.push([
              'certificates',
              [
                certificateId,
                lineId,
                revision,
                current ? 'Berlaku' : 'Diganti',
                timeText(current ? approvedAt : approvedAt + between(2, 10) * DAY),
                revisionNumber,
                code,
                reason,
                officer,
                ref.pkHead.id,
                timeText(approvedAt),
                supersededAt,
                fileId,
                JSON.stringify(contents),
                timeText(requestedAt),
                timeText(current ? approvedAt : approvedAt + between(2, 10) * DAY),
              ],
            ])
          } else {
            // Waiting for the head: its points are the worksheet's own.
            points.forEach((point, index) => {
              pending.push([
                'worksheet_points',
                [
                  nextId('worksheet_points'),
                  lineId,
                  index + 1,
                  point.parameter,
                  point.unit,
                  point.nominal,
                  point.tolerance,
                  point.toleranceType,
                  point.repeats,
                  point.resolution,
                  point.calibratorId,
                  point.referenceUncertainty,
                  JSON.stringify(point.readings),
                  point.mean,
                  point.error,
                  point.expandedUncertainty,
                  point.passed ? 1 : 0,
                ],
              ])
            })
            pending.push([
              'certificates',
              [
                certificateId,
                lineId,
                0,
                'Menunggu Persetujuan',
                timeText(savedAt),
                null,
                code,
                null,
                officer,
                null,
                null,
                null,
                null,
                null,
                timeText(savedAt),
                timeText(savedAt),
              ],
            ])
          }
          for (const head of staffIds('head_of_pk_laboratory')) {
            notices.add(requestedAt, head, NOTICE_CERTIFICATE, i, revision)
          }
        }
      }
      if (finished && random() < INVENTORY_RATE) {
        pending.push([
          'inventories',
          [
            nextId('inventories'),
            facility,
            alkes.id,
            merk,
            model,
            serial,
            workDate,
            addMonths(workDate, alkes.recalibrationMonths),
            lineId,
            timeText(workAt + 8 * 3600),
            timeText(workAt + 8 * 3600),
          ],
        ])
      }
    }

    // Invoices and payment: the stages after the work, a month apart.
    const invoiced = internal ? rank >= 4 : rank >= 6
    const invoiceTimes = []
    let stage = 0
    let lastInvoice = 0
    if (invoiced) {
      const r = random()
      const stages = r < 0.85 ? 1 : r < 0.97 ? 2 : 3
      let at = done + between(1, 5) * DAY
      for (let s = 1; s <= stages && at < NOW; s++) {
        const date = dateText(at)
        pending.push([
          'invoices',
          [
            nextId('invoices'),
            id,
            s,
            date,
            `${++invoiceSeq}/INV/${date.slice(0, 4)}`,
            timeText(at),
            timeText(at),
          ],
        ])
        stage = s
        lastInvoice = at
        invoiceTimes.push(at)
        at += between(20, 40) * DAY
      }
    }
    const paidAt = lastInvoice + between(3, 20) * DAY
    const paid = status === 'SELESAI' && stage > 0 && paidAt < NOW && random() < 0.9
    // The billing state the invoice actions keep (app/enums/billing_states.ts): paid (3),
    // invoice issued (1) or not billed (0); no payment proof is generated, so never 2.
    const billingState = paid ? 3 : stage > 0 ? 1 : 0
    const billingChangedAt = paid ? paidAt : stage > 0 ? lastInvoice : null

    sink.row('orders', [
      id,
      type,
      number,
      status,
      facility,
      loginOf.get(facility)?.userId ?? (internal ? ref.admin.id : ref.yantek.id),
      working ? `https://drive.example.go.id/kalibra/${id}` : null,
      allDone ? dateText(done) : null,
      paid ? dateText(paidAt) : null,
      billable,
      total,
      stage,
      billingState,
      billingChangedAt === null ? null : timeText(billingChangedAt),
      statusText,
      createdText,
      statusText,
    ])

    if (internal) {
      const delivery = created + between(1, 10) * DAY
      const travel = random() < 0.25
      const express = random() < 0.1
      sink.row('internal_orders', [
        id,
        dateText(delivery),
        dateText(delivery + DAY),
        personName(),
        phone(),
        travel ? 'Via Travel' : 'Diantar oleh pihak pertama',
        travel ? pick(TRAVELS) : null,
        express ? 'Tuntung Saharian' : 'Reguler',
        rank >= 1
          ? 'Permintaan diterima. Silakan mengantarkan alat ke laboratorium sesuai estimasi.'
          : rank < 0
            ? 'Surat permohonan belum ditandatangani pimpinan fasyankes.'
            : null,
        minutes,
        received ? timeText(delivery + 5 * DAY) : null,
      ])
      orderExpress[i] = express ? 1 : 0
    } else {
      const year = Number(dateText(created).slice(0, 4))
      const signed = rank >= 4 ? clampNow(created + between(5, 15) * DAY) : 0
      sink.row('insitu_orders', [
        id,
        dateText(created).slice(5, 7) === '12' ? year + 1 : year,
        `445/${between(1, 999)}/${between(1, 99)}/${year}`,
        dateText(created - between(1, 7) * DAY),
        rank >= 4 ? personName() : null,
        rank >= 4
          ? `19${between(70, 95)}${String(between(0, 99_999_999_999)).padStart(12, '0')}`
          : null,
        rank >= 4 ? 'Direktur' : null,
        rank >= 4 ? timeText(signed) : null,
        rank >= 3 ? timeText(Math.max(created + DAY, signed - 2 * DAY)) : null,
        rank >= 5 ? `KTR/${String(++contractSeq).padStart(5, '0')}/${year}` : null,
        rank >= 5 ? dateText(signed + DAY) : null,
        rank >= 6 ? 'Seluruh alat selesai dikalibrasi di lokasi.' : null,
        rank < 0 ? 'Jadwal bentrok dengan akreditasi; permintaan diajukan ulang.' : null,
        createdText,
        statusText,
      ])
    }

    for (const [table, values] of pending) sink.row(table, values)

    // The questionnaire: every finished Alat Datang order (it is what finishes it), 40 % Insitu.
    if (status === 'SELESAI' && (internal || random() < 0.4)) {
      const ratings = {}
      for (const code of FEEDBACK_CODES) {
        const r = random()
        ratings[code] = r < 0.05 ? 2 : r < 0.25 ? 3 : r < 0.7 ? 4 : 5
      }
      const at = internal ? statusAt : clampNow(done + between(1, 10) * DAY)
      sink.row('feedbacks', [
        nextId('feedbacks'),
        id,
        loginOf.get(facility)?.userId ?? null,
        'Instalasi Pemeliharaan Sarana',
        random() < 0.2 ? pick(CRITICS) : null,
        JSON.stringify(ratings),
        timeText(at),
        ...groupScores(ratings),
      ])
    }

    orderInternal[i] = internal ? 1 : 0
    orderStatus[i] = (internal ? INTERNAL_STATUSES : INSITU_STATUSES).indexOf(status)
    orderFacility[i] = facility
    orderDevices[i] = count
    orderNumbers[i] = number
    statusTimes[i] = rank === 0 ? 0 : statusAt
    orderTotals[i] = total
    orderBillable[i] = billable

    // Who was told what (app/notifications/order_news.ts): yantek and admin_pk of the new
    // request; the facility's logins of every status it entered, of each invoice stage and of
    // the payment's confirmation; the staff whose to-do the current status is.
    for (const user of [...staffIds('yantek'), ...staffIds('admin_pk')]) {
      notices.add(created, user, NOTICE_CREATED, i, 0)
    }
    const login = loginOf.get(facility)
    const path = STATUS_PATHS[type][status]
    if (login) {
      path.forEach((entered, step) => {
        // The facility took the last step of a finished Alat Datang order (its questionnaire).
        if (internal && entered === 'SELESAI') return
        const at = created + ((statusAt - created) * step) / path.length
        notices.add(at, login.userId, NOTICE_STATUS, i, STATUS_CODES[type][entered])
      })
      for (const at of invoiceTimes) notices.add(at, login.userId, NOTICE_INVOICE, i, 0)
      if (paid) notices.add(paidAt + between(1, 3) * DAY, login.userId, NOTICE_PAID, i, 0)
    }
    const task = TASKS[type][status]
    if (task) {
      const users = task.officers ? [...lineOfficers] : task.roles.flatMap((role) => staffIds(role))
      for (const user of users)
        notices.add(statusAt, user, NOTICE_TASK, i, STATUS_CODES[type][status])
    }

    if ((i + 1) % ORDERS_PER_BATCH === 0 || i + 1 === totalOrders) {
      await sink.checkpoint()
      progress(i + 1, Date.now() - started)
    }
  }

  // Calibrator loans, each deciding lab's head, returned lines, the orders they served.
  const loans = Math.round(totalOrders * LOAN_RATE)
  const loanTimes = new Float64Array(loans)
  for (let j = 0; j < loans; j++) {
    loanTimes[j] = FIRST_DAY + Math.floor(random() * (DAYS - 20)) * DAY + between(0, 8 * 3600)
  }
  loanTimes.sort()
  const borrowers = [...ref.officers.pk, ...ref.officers.ukpr, ...ref.officers.sarpras]
  for (let j = 0; j < loans && ref.calibrators.length && borrowers.length; j++) {
    const id = nextId('calibrator_loans')
    const created = loanTimes[j]
    const rejected = random() < 0.1
    const status = rejected ? 'Rejected' : 'Confirmed'
    const decided = created + between(2, 20) * 3600
    const planned = created + between(3, 14) * DAY
    const returned = rejected ? null : Math.max(decided + 3600, planned - between(0, 2) * DAY)
    const borrower = pick(borrowers)
    const chosen = new Map()
    for (let n = Math.min(between(1, 3), ref.calibrators.length); chosen.size < n;) {
      const calibrator = pick(ref.calibrators)
      chosen.set(calibrator.id, calibrator)
    }
    const labs = new Set([...chosen.values()].map((calibrator) => calibrator.lab))
    const decisions = LOAN_LABS.flatMap((lab) =>
      labs.has(lab)
        ? [
            ref.heads[lab],
            status,
            rejected ? 'Kalibrator dipakai jadwal lain.' : null,
            timeText(decided),
          ]
        : [null, null, null, null]
    )
    sink.row('calibrator_loans', [
      id,
      nextNumber('PJM', created),
      borrower,
      pick(LOAN_PURPOSES),
      dateText(planned),
      status,
      timeText(returned ?? decided),
      ...decisions,
      returned ? timeText(returned) : null,
      timeText(created),
      timeText(returned ?? decided),
    ])
    for (const calibrator of chosen.values()) {
      sink.row('calibrator_loan_lines', [
        nextId('calibrator_loan_lines'),
        id,
        calibrator.id,
        1,
        rejected ? null : 1,
        random() < 0.5 ? 1 : 0,
        random() < 0.5 ? 1 : 0,
        returned ? timeText(returned) : null,
        returned ? borrower : null,
      ])
    }
    if (random() < 0.6) {
      // The order made closest before the loan.
      let low = 0
      let high = totalOrders - 1
      while (low < high) {
        const mid = (low + high + 1) >> 1
        if (times[mid] <= created) low = mid
        else high = mid - 1
      }
      sink.row('calibrator_loan_orders', [id, firstOrder + low])
    }
  }
  await sink.checkpoint()

  // Audit rows in time order: each order's creation, then its last status move.
  const moves = []
  for (let i = 0; i < totalOrders; i++) if (statusTimes[i]) moves.push(i)
  moves.sort((a, b) => statusTimes[a] - statusTimes[b] || a - b)
  let prevHash = ref.auditHead
  const staff = (user, role) => ({ user_id: user.id, user_name: user.name, role })
  const writeAudit = (entry) => {
    const row = { ...entry, reason: entry.reason ?? null }
    const hash = chainHash(row, prevHash)
    sink.row('audit_logs', [
      nextId('audit_logs'),
      row.user_id,
      row.user_name,
      row.role,
      row.action,
      row.subject_type,
      row.subject_id,
      row.changes_from,
      row.changes_to,
      row.reason,
      row.ip,
      row.created_at,
      prevHash,
      hash,
    ])
    prevHash = hash
  }
  const facilityActor = (i) => {
    const login = loginOf.get(orderFacility[i])
    return login ? staff({ id: login.userId, name: login.name }, 'fasyankes') : null
  }
  let m = 0
  for (let i = 0; i <= totalOrders; i++) {
    // Moves made before order i was created come first.
    const until = i < totalOrders ? times[i] : Infinity
    for (; m < moves.length && statusTimes[moves[m]] < until; m++) {
      const o = moves[m]
      const type = orderInternal[o] ? 'internal' : 'insitu'
      const status = (orderInternal[o] ? INTERNAL_STATUSES : INSITU_STATUSES)[orderStatus[o]]
      const [action, from] = STATUS_MOVES[type][status]
      const actor =
        (status === 'PENAWARAN DISETUJUI' && facilityActor(o)) ||
        (orderInternal[o] ? staff(ref.admin, 'admin_pk') : staff(ref.yantek, 'yantek'))
      writeAudit({
        ...actor,
        action,
        subject_type: `${type}_order`,
        subject_id: String(firstOrder + o),
        changes_from: JSON.stringify({ status: from }),
        changes_to: JSON.stringify({ status }),
        reason:
          status === 'DITOLAK' || status === 'DIBATALKAN'
            ? 'Surat permohonan belum lengkap.'
            : null,
        ip: '10.20.1.15',
        created_at: timeText(statusTimes[o]),
      })
    }
    if (i === totalOrders) break
    const type = orderInternal[i] ? 'internal' : 'insitu'
    const to = orderInternal[i]
      ? {
          number: orderNumbers[i],
          status: 'MENUNGGU',
          devices: orderDevices[i],
          service_type: orderExpress[i] ? 'Tuntung Saharian' : 'Reguler',
        }
      : { number: orderNumbers[i], status: 'TERKIRIM', devices: orderDevices[i] }
    writeAudit({
      ...(facilityActor(i) ??
        (orderInternal[i] ? staff(ref.admin, 'admin_pk') : staff(ref.yantek, 'yantek'))),
      action: `${type}.create`,
      subject_type: `${type}_order`,
      subject_id: String(firstOrder + i),
      changes_from: null,
      changes_to: JSON.stringify(to),
      ip: `36.85.${orderFacility[i] % 250}.${(orderFacility[i] >> 8) % 250}`,
      created_at: timeText(times[i]),
    })
    if ((i + 1) % 20_000 === 0) await sink.checkpoint()
  }
  await sink.checkpoint()

  // Notices in time order (ids follow time, as in the app): the older ones read (a few never),
  // of the last NOTICE_READ_AFTER_DAYS days about half.
  const rupiah = (value) => `Rp ${Math.round(value).toLocaleString('id-ID')}`
  const noticeTexts = (kind, o, arg) => {
    const type = orderInternal[o] ? 'internal' : 'insitu'
    const id = firstOrder + o
    const number = orderNumbers[o]
    const name = facilityName(orderFacility[o])
    const statuses = type === 'internal' ? INTERNAL_STATUSES : INSITU_STATUSES
    const detail = `/${type}/${id}/detail`
    switch (kind) {
      case NOTICE_CREATED:
        return [
          `Permintaan baru ${number}`,
          `${name} mengajukan permintaan ${type === 'internal' ? 'Alat Datang' : 'Insitu'} (${orderBillable[o]} alat, ${rupiah(orderTotals[o])}).`,
          detail,
        ]
      case NOTICE_STATUS:
        return [
          `${number}: ${statuses[arg]}`,
          STATUS_NOTICES[statuses[arg]] ?? `Status permintaan kini ${statuses[arg]}.`,
          detail,
        ]
      case NOTICE_TASK: {
        const task = TASKS[type][statuses[arg]]
        return [
          `${task.label}: ${number}`,
          `${number} dari ${name} kini ${statuses[arg]} dan menunggu tindakan Anda.`,
          `/${type}/${id}${task.path}`,
        ]
      }
      case NOTICE_INVOICE:
        return [
          `Tagihan ${number} diterbitkan`,
          `Tagihan untuk ${number} sudah diterbitkan. Unggah bukti pembayaran pada halaman Tagihan.`,
          `/${type}/${id}/invoice`,
        ]
      case NOTICE_PAID:
        return [
          `Pembayaran ${number} dikonfirmasi`,
          `Bendahara laboratorium sudah mengonfirmasi pembayaran ${number}. Terima kasih.`,
          `/${type}/${id}/invoice`,
        ]
      default:
        return [
          `Sertifikat menunggu persetujuan: ${number}`,
          arg > 0
            ? `Revisi ${arg} sertifikat alat pada ${number} diajukan dan menunggu persetujuan Anda.`
            : `Lembar kerja alat pada ${number} sudah diisi; sertifikatnya menunggu persetujuan Anda.`,
          `/${type}/${id}/certificates`,
        ]
    }
  }
  const noticeCount = notices.size()
  const byTime = notices.sorted()
  for (let n = 0; n < noticeCount; n++) {
    const at = Math.min(notices.time[byTime[n]], NOW - 60)
    const [title, body, href] = noticeTexts(
      notices.kind[byTime[n]],
      notices.order[byTime[n]],
      notices.arg[byTime[n]]
    )
    const recent = NOW - at < NOTICE_READ_AFTER_DAYS * DAY
    const read = recent ? random() < 0.5 : random() >= 0.005
    sink.row('notices', [
      nextId('notices'),
      notices.user[byTime[n]],
      title,
      body,
      href,
      timeText(at),
      read ? timeText(Math.min(at + between(300, 3 * DAY), NOW - 30)) : null,
    ])
    if ((n + 1) % 50_000 === 0) await sink.checkpoint()
  }
  await sink.checkpoint()
  return { counters, ids, loans, sequences }
}

// ---------------------------------------------------------------------------
// Reference data both databases share (read after migrations and demo data).
// ---------------------------------------------------------------------------

async function readReference(all) {
  const first = async (sql) => (await all(sql))[0]
  const maxIds = {}
  for (const table of ID_TABLES) {
    maxIds[table] = Number((await first(`SELECT COALESCE(MAX(id), 0) AS n FROM ${table}`)).n)
  }
  // Which services each device type is offered for (migration 0048).
  const services = new Set(
    (await all('SELECT alkes_id, order_type FROM alkes_services')).map(
      (row) => `${row.alkes_id}:${row.order_type}`
    )
  )
  const alkes = (await all('SELECT * FROM alkes ORDER BY id')).map((row) => ({
    id: Number(row.id),
    name: row.name,
    mkCode: row.mk_code ?? null,
    certificateTemplate: row.certificate_number ?? null,
    lab: String(row.laboratory).toLowerCase(),
    price: Number(row.price),
    minutes: Number(row.minute_estimation),
    recalibrationMonths: Number(row.recalibration_months) || 12,
    internal: services.has(`${row.id}:internal`),
    insitu: services.has(`${row.id}:insitu`),
  }))
  const roleUsers = await all(
    `SELECT u.id, u.name, r.role FROM users u JOIN user_roles r ON r.user_id = u.id ORDER BY u.id`
  )
  const byRole = (role) => roleUsers.filter((row) => row.role === role)
  const one = (role) => {
    const [row] = byRole(role)
    if (!row) fail(`no ${role} account in the demo data`)
    return { id: Number(row.id), name: row.name }
  }
  const logins = (
    await all(
      `SELECT u.id AS user_id, u.email, f.id, f.fasyankes_name AS name FROM users u
       JOIN fasyankes f ON f.id = u.fasyankes_id ORDER BY u.id`
    )
  ).map((row) => ({
    userId: Number(row.user_id),
    email: row.email,
    fasyankesId: Number(row.id),
    name: row.name,
  }))
  if (!logins.some((login) => login.email === DEMO_FACILITY_EMAIL)) {
    fail(`${DEMO_FACILITY_EMAIL} is missing: demo data was not seeded`)
  }
  const facilities = new Map(
    (await all('SELECT id, fasyankes_name, address FROM fasyankes ORDER BY id')).map((row) => [
      Number(row.id),
      { name: row.fasyankes_name, address: row.address ?? '-' },
    ])
  )
  const staffRows = await all(
    `SELECT u.id, u.name, u.nip, r.role FROM users u JOIN user_roles r ON r.user_id = u.id
     WHERE u.fasyankes_id IS NULL ORDER BY u.id`
  )
  const staff = {}
  for (const row of staffRows) (staff[row.role] ??= []).push(Number(row.id))
  const pkHead = staffRows.find((row) => row.role === 'head_of_pk_laboratory')
  if (!pkHead) fail('no head_of_pk_laboratory account in the demo data')
  const templates = new Map()
  for (const row of await all('SELECT * FROM alkes_test_points ORDER BY alkes_id, position')) {
    const list = templates.get(Number(row.alkes_id)) ?? []
    list.push({
      parameter: row.parameter,
      unit: row.unit,
      nominal: Number(row.nominal),
      tolerance: Number(row.tolerance),
      tolerance_type: row.tolerance_type,
      repeats: Number(row.repeats),
      resolution: Number(row.resolution),
    })
    templates.set(Number(row.alkes_id), list)
  }
  const uncertainties = new Map()
  for (const row of await all('SELECT * FROM calibrator_uncertainties ORDER BY id')) {
    const list = uncertainties.get(Number(row.calibration_id)) ?? []
    list.push({
      parameter: row.parameter,
      unit: row.unit,
      expanded_uncertainty: Number(row.expanded_uncertainty),
    })
    uncertainties.set(Number(row.calibration_id), list)
  }
  const calibrations = new Map()
  // node-pg reads a DATE as local midnight.
  const day = (value) =>
    value instanceof Date
      ? `${value.getFullYear()}-${pad2(value.getMonth() + 1)}-${pad2(value.getDate())}`
      : value
        ? String(value).slice(0, 10)
        : null
  for (const row of await all(
    `SELECT * FROM calibrator_calibrations WHERE kind = 'calibration' AND passed
     ORDER BY calibrator_id, performed_on, id`
  )) {
    const list = calibrations.get(Number(row.calibrator_id)) ?? []
    list.push({
      id: Number(row.id),
      performed_on: day(row.performed_on),
      due_on: day(row.due_on),
      certificate_number: row.certificate_number ?? null,
      issuer: row.issuer ?? null,
      uncertainties: uncertainties.get(Number(row.id)) ?? [],
    })
    calibrations.set(Number(row.calibrator_id), list)
  }
  const head = await first('SELECT hash FROM audit_logs ORDER BY id DESC LIMIT 1')
  const calibrators = await all(
    `SELECT c.id, lower(u.name) AS lab, c.name, c.merk, c.type_model, c.serial_number
     FROM calibrators c JOIN units u ON u.id = c.unit_id ORDER BY c.id`
  )
  const ref = {
    maxIds,
    regencies: await all('SELECT code, province_code FROM regencies ORDER BY code'),
    categories: (await all('SELECT id FROM fasyankes_categories ORDER BY id')).map((r) => r.id),
    classes: (await all('SELECT id FROM fasyankes_classes ORDER BY id')).map((r) => r.id),
    alkesInternal: alkes.filter((row) => row.internal),
    alkesInsitu: alkes.filter((row) => row.insitu),
    officers: Object.fromEntries(
      ['pk', 'ukpr', 'sarpras'].map((lab) => [
        lab,
        byRole(`officer_${lab}`).map((row) => Number(row.id)),
      ])
    ),
    heads: Object.fromEntries(
      ['pk', 'ukpr', 'sarpras'].map((lab) => [lab, one(`head_of_${lab}_laboratory`).id])
    ),
    admin: one('admin_pk'),
    yantek: one('yantek'),
    logins,
    facilities,
    staff,
    pkHead: { id: Number(pkHead.id), name: pkHead.name, nip: pkHead.nip ?? null },
    officerNames: new Map(staffRows.map((row) => [Number(row.id), row.name])),
    templates,
    calibrations,
    pkCalibrators: calibrators
      .filter((row) => row.lab === 'pk' && calibrations.has(Number(row.id)))
      .map((row) => ({
        id: Number(row.id),
        name: row.name,
        merk: row.merk,
        typeModel: row.type_model,
        serialNumber: row.serial_number,
      })),
    sequences: (await all('SELECT lab, year, last_number FROM certificate_sequences')).map(
      (row) => [`${row.lab}|${row.year}`, Number(row.last_number)]
    ),
    auditHead: head?.hash ?? '0'.repeat(64),
    calibrators: calibrators
      .map((row) => ({ id: Number(row.id), lab: row.lab }))
      .filter((row) => LOAN_LABS.includes(row.lab)),
    counters: (await all('SELECT prefix, last_value FROM order_counters')).map((row) => [
      row.prefix,
      Number(row.last_value),
    ]),
  }
  if (!ref.regencies.length || !ref.categories.length || !ref.alkesInternal.length) {
    fail('reference data is missing')
  }
  return ref
}

// ---------------------------------------------------------------------------
// The stored data set's marker: a small table beside the app's.
// ---------------------------------------------------------------------------

export function datasetKey(orders) {
  return JSON.stringify({ version: DATASET_VERSION, seed: SEED, facilities: FACILITIES, orders })
}

const META_TABLE = 'CREATE TABLE IF NOT EXISTS bench_meta (key VARCHAR(40) PRIMARY KEY, value TEXT)'

/**
 * A stored data set's marker (bench_meta) with its current order count, or null (no database,
 * or a load that never finished).
 */
async function readMarker(all) {
  try {
    const rows = await all(`SELECT key, value FROM bench_meta`)
    const meta = Object.fromEntries(rows.map((row) => [row.key, row.value]))
    const orders = Number((await all('SELECT count(*) AS n FROM orders'))[0].n)
    return { ...meta, orders }
  } catch {
    return null
  }
}

const migrationCount = async (all) =>
  Number((await all('SELECT count(*) AS n FROM adonis_schema'))[0].n)

/**
 * Written last: the data set's key, the migrations it has seen, its orders (demo ones too), and
 * when and how fast it was built (`built`: JSON of the date and the load's phases).
 */
async function writeMarker(exec, all, key, built) {
  const values = {
    dataset: key,
    migrations: await migrationCount(all),
    total_orders: Number((await all('SELECT count(*) AS n FROM orders'))[0].n),
    built,
  }
  const quote = (value) => `'${String(value).replaceAll("'", "''")}'`
  await exec(META_TABLE)
  await exec('DELETE FROM bench_meta')
  await exec(
    `INSERT INTO bench_meta (key, value) VALUES ${Object.entries(values)
      .map(([name, value]) => `(${quote(name)}, ${quote(value)})`)
      .join(', ')}`
  )
}

const builtNow = (phases) =>
  JSON.stringify({ at: new Date().toISOString(), phases: phases.map(([label, ms]) => [label, ms]) })

/**
 * What the app keeps in derived tables and columns with triggers, and refills with a backfill:
 * every `database/*.ts` file without imports that exports a `...Backfill(dialect)` function (the
 * order search text of 0032: database/order_search.ts, the order counts of 0033:
 * database/order_counts.ts, and whatever comes next the same way), with the names of the
 * triggers its `...Triggers(dialect)` creates. Only those whose triggers exist in the database
 * (their migration ran) are returned, in file name order.
 */
async function derivedData(dialect, triggerExists) {
  const found = []
  const folder = resolve(ROOT, 'database')
  for (const file of readdirSync(folder)
    .filter((name) => name.endsWith('.ts'))
    .sort()) {
    const source = readFileSync(resolve(folder, file), 'utf8')
    if (/^\s*import\s/m.test(source) || !/export function \w+Backfill\(/.test(source)) continue
    const module = await import(pathToFileURL(resolve(folder, file)).href)
    const names = Object.keys(module)
    const backfill = names.filter((name) => name.endsWith('Backfill'))
    const triggers = names
      .filter((name) => name.endsWith('Triggers'))
      .flatMap((name) => module[name](dialect))
      .map((statement) => /CREATE TRIGGER (\w+)/.exec(statement)?.[1])
      .filter(Boolean)
    const present = []
    for (const name of triggers) if (await triggerExists(name)) present.push(name)
    if (triggers.length && !present.length) continue
    found.push({
      file: `database/${file}`,
      triggers: present,
      statements: backfill.flatMap((name) => module[name](dialect)),
    })
  }
  return found
}

// ---------------------------------------------------------------------------
// SQLite
// ---------------------------------------------------------------------------

function sqliteAll(db) {
  return async (sql) => db.prepare(sql).all()
}

/** Rows per INSERT statement: one call per hundred rows instead of per row. */
const ROWS_PER_INSERT = 100

/**
 * Buffers a batch's rows and writes them at each checkpoint, table by table in TABLES order
 * (parents first), a hundred rows per statement, one transaction per batch.
 */
function sqliteSink(db) {
  const prepared = new Map()
  const statement = (table, rows) => {
    const key = `${table}:${rows}`
    if (!prepared.has(key)) {
      const columns = TABLES[table]
      const tuple = `(${columns.map(() => '?').join(', ')})`
      prepared.set(
        key,
        db.prepare(
          `INSERT INTO ${table} (${columns.join(', ')}) VALUES ${Array(rows).fill(tuple).join(', ')}`
        )
      )
    }
    return prepared.get(key)
  }
  const buffers = Object.fromEntries(Object.keys(TABLES).map((table) => [table, []]))
  const counts = {}
  return {
    counts,
    row(table, values) {
      buffers[table].push(values)
      counts[table] = (counts[table] ?? 0) + 1
    },
    async checkpoint() {
      db.exec('BEGIN')
      for (const [table, rows] of Object.entries(buffers)) {
        for (let at = 0; at < rows.length; at += ROWS_PER_INSERT) {
          const chunk = rows.slice(at, at + ROWS_PER_INSERT)
          statement(table, chunk.length).run(chunk.flat())
        }
        rows.length = 0
      }
      db.exec('COMMIT')
    },
  }
}

/** The orders of a stored SQLite data set, or null. */
export async function sqliteMarker(path) {
  if (!existsSync(path)) return null
  const db = new Database(path, { readonly: true })
  try {
    return await readMarker(sqliteAll(db))
  } finally {
    db.close()
  }
}

export function removeSqlite(path) {
  for (const suffix of ['', '-wal', '-shm', '-journal']) rmSync(`${path}${suffix}`, { force: true })
}

/** The trigger of 0031 that copies an order's date, type and facility on each new line. */
const COPIES_TRIGGER = 'order_devices_order_copies'

export async function loadSqlite(path, totalOrders, phases) {
  const db = new Database(path)
  try {
    const all = sqliteAll(db)
    const ref = await readReference(all)
    db.pragma('journal_mode = OFF')
    db.pragma('synchronous = OFF')
    db.pragma('cache_size = -1048576')
    db.pragma('temp_store = MEMORY')
    db.pragma('foreign_keys = OFF')

    let t = Date.now()
    const tables = Object.keys(TABLES)
      .map((table) => `'${table}'`)
      .join(', ')
    const triggerSql = db.prepare(
      `SELECT sql FROM sqlite_master WHERE type = 'trigger' AND name = ?`
    )
    const derived = await derivedData('sqlite', async (name) => Boolean(triggerSql.get(name)))
    const triggers = [COPIES_TRIGGER, ...derived.flatMap((module) => module.triggers)]
      .map((name) => ({ name, sql: triggerSql.get(name)?.sql }))
      .filter((trigger) => trigger.sql)
    const indexes = db
      .prepare(
        `SELECT name, tbl_name, sql FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL
         AND sql NOT LIKE 'CREATE UNIQUE%' AND tbl_name IN (${tables})`
      )
      .all()
    for (const trigger of triggers) db.exec(`DROP TRIGGER ${trigger.name}`)
    for (const index of indexes) db.exec(`DROP INDEX ${index.name}`)
    phases.push([
      `drop ${triggers.length} deriving triggers, ${indexes.length} secondary indexes`,
      Date.now() - t,
    ])

    t = Date.now()
    const sink = sqliteSink(db)
    const result = await generate(ref, totalOrders, sink, progressLog('sqlite', totalOrders))
    phases.push(['generate and INSERT', Date.now() - t, rowSummary(sink.counts)])

    t = Date.now()
    for (const index of indexes) db.exec(index.sql)
    phases.push(['build the secondary indexes', Date.now() - t])

    t = Date.now()
    db.exec('BEGIN')
    for (const module of derived) for (const statement of module.statements) db.exec(statement)
    for (const trigger of triggers) db.exec(trigger.sql)
    const upsert = db.prepare(
      `INSERT INTO order_counters (prefix, last_value) VALUES (?, ?)
       ON CONFLICT (prefix) DO UPDATE SET last_value = excluded.last_value`
    )
    for (const [prefix, value] of result.counters) upsert.run(prefix, value)
    const sequence = db.prepare(
      `INSERT INTO certificate_sequences (lab, year, last_number) VALUES (?, ?, ?)
       ON CONFLICT (lab, year) DO UPDATE SET last_number = excluded.last_number`
    )
    for (const [key, value] of result.sequences) sequence.run(...key.split('|'), value)
    db.exec('COMMIT')
    checkCopies(db.prepare(COPIES_CHECK).get().n)
    phases.push([
      `backfill ${derived.map((module) => module.file).join(', ') || '(none)'}; triggers back, counters, copies check`,
      Date.now() - t,
    ])

    t = Date.now()
    db.exec('ANALYZE')
    db.pragma('optimize')
    db.pragma('journal_mode = WAL')
    phases.push(['ANALYZE, PRAGMA optimize', Date.now() - t])
    await writeMarker(async (sql) => db.exec(sql), all, datasetKey(totalOrders), builtNow(phases))
    return sink.counts
  } finally {
    db.close()
  }
}

/** Lines whose copies of their order's date, type or facility (0031) disagree with it. */
const COPIES_CHECK = `SELECT count(*) AS n FROM order_devices d JOIN orders o ON o.id = d.order_id
  WHERE d.ordered_at IS NOT o.created_at OR d.order_type IS NOT o.type
     OR d.fasyankes_id IS NOT o.fasyankes_id`

function checkCopies(mismatches) {
  if (Number(mismatches)) fail(`${mismatches} device lines disagree with their order's copies`)
}

/** After new migrations ran on a stored data set: statistics again, the marker updated. */
export async function refreshSqlite(path) {
  const db = new Database(path)
  try {
    const all = sqliteAll(db)
    const marker = await readMarker(all)
    const migrations = await migrationCount(all)
    if (Number(marker.migrations) === migrations) return false
    db.exec('ANALYZE')
    db.pragma('optimize')
    await writeMarker(async (sql) => db.exec(sql), all, marker.dataset, marker.built)
    return true
  } finally {
    db.close()
  }
}

// ---------------------------------------------------------------------------
// PostgreSQL
// ---------------------------------------------------------------------------

async function pgClient(database) {
  const client = new pg.Client({ ...PG, database })
  await client.connect()
  return client
}

export async function pgMarker(database) {
  const admin = await pgClient('postgres')
  try {
    const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [database])
    if (!exists.rowCount) return null
  } finally {
    await admin.end()
  }
  const client = await pgClient(database)
  try {
    return await readMarker(async (sql) => (await client.query(sql)).rows)
  } finally {
    await client.end()
  }
}

export async function recreatePg(database) {
  const admin = await pgClient('postgres')
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`)
    await admin.query(`CREATE DATABASE ${database}`)
  } finally {
    await admin.end()
  }
}

/** One value in COPY's text format. */
function copyValue(value) {
  if (value === null || value === undefined) return '\\N'
  if (typeof value !== 'string') return String(value)
  return /[\\\t\n\r]/.test(value)
    ? value.replace(
        /[\\\t\n\r]/g,
        (c) => ({ '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' })[c]
      )
    : value
}

async function pgSink(database) {
  const streams = {}
  const counts = {}
  for (const [table, columns] of Object.entries(TABLES)) {
    const client = await pgClient(database)
    await client.query("SET session_replication_role = replica; SET TIME ZONE 'UTC'")
    const stream = client.query(copyFrom(`COPY ${table} (${columns.join(', ')}) FROM STDIN`))
    const entry = { client, stream, buffer: [], size: 0, blocked: false, error: null }
    stream.on('error', (error) => {
      entry.error = error
    })
    streams[table] = entry
  }
  const flush = (entry) => {
    if (!entry.buffer.length) return
    if (!entry.stream.write(entry.buffer.join(''))) entry.blocked = true
    entry.buffer = []
    entry.size = 0
  }
  const check = () => {
    for (const [table, entry] of Object.entries(streams)) {
      if (entry.error) fail(`COPY ${table}: ${entry.error.message}`)
    }
  }
  return {
    counts,
    row(table, values) {
      const entry = streams[table]
      const line = `${values.map(copyValue).join('\t')}\n`
      entry.buffer.push(line)
      entry.size += line.length
      counts[table] = (counts[table] ?? 0) + 1
      if (entry.size > 1 << 18) flush(entry)
    },
    async checkpoint() {
      check()
      for (const entry of Object.values(streams)) {
        if (!entry.blocked) continue
        await new Promise((done, reject) => {
          entry.stream.once('drain', done)
          entry.stream.once('error', reject)
        })
        entry.blocked = false
      }
    },
    async finish() {
      for (const entry of Object.values(streams)) {
        flush(entry)
        await new Promise((done, reject) => {
          entry.stream.once('finish', done)
          entry.stream.once('error', reject)
          entry.stream.end()
        })
      }
      check()
      for (const entry of Object.values(streams)) await entry.client.end()
    },
  }
}

/** Secondary indexes (not behind a constraint) of the loaded tables, to build after the load. */
async function secondaryIndexes(client) {
  const { rows } = await client.query(
    `SELECT i.tablename, i.indexname, i.indexdef FROM pg_indexes i
     WHERE i.schemaname = 'public' AND i.tablename = ANY($1)
       AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname)
     ORDER BY i.tablename, i.indexname`,
    [Object.keys(TABLES)]
  )
  return rows
}

export async function loadPg(database, totalOrders, phases) {
  const client = await pgClient(database)
  try {
    const all = async (sql) => (await client.query(sql)).rows
    const ref = await readReference(all)
    await client.query("SET maintenance_work_mem = '512MB'")

    let t = Date.now()
    const indexes = await secondaryIndexes(client)
    for (const index of indexes) await client.query(`DROP INDEX ${index.indexname}`)
    phases.push([`drop ${indexes.length} secondary indexes`, Date.now() - t])

    t = Date.now()
    const sink = await pgSink(database)
    const result = await generate(ref, totalOrders, sink, progressLog('pg', totalOrders))
    await sink.finish()
    phases.push([
      'generate and COPY (replica role: no triggers)',
      Date.now() - t,
      rowSummary(sink.counts),
    ])

    // Indexes first but the orders' (the search text's backfill reads the lines by order),
    // then the backfills, then the orders rewritten without their dead rows, and indexed.
    t = Date.now()
    for (const index of indexes.filter((row) => row.tablename !== 'orders')) {
      await client.query(index.indexdef)
    }
    phases.push(['build the indexes of every table but orders', Date.now() - t])
    t = Date.now()
    const derived = await derivedData('postgres', async (name) => {
      const found = await client.query('SELECT 1 FROM pg_trigger WHERE tgname = $1', [name])
      return found.rowCount > 0
    })
    for (const module of derived) {
      for (const statement of module.statements) await client.query(statement)
    }
    await client.query('VACUUM FULL orders')
    phases.push([
      `backfill ${derived.map((module) => module.file).join(', ') || '(none)'}; VACUUM FULL orders`,
      Date.now() - t,
    ])
    t = Date.now()
    for (const index of indexes.filter((row) => row.tablename === 'orders')) {
      await client.query(index.indexdef)
    }
    phases.push(['build the orders indexes', Date.now() - t])

    t = Date.now()
    for (const table of ID_TABLES) {
      await client.query(
        `SELECT setval(pg_get_serial_sequence('${table}', 'id'), (SELECT COALESCE(MAX(id), 1) FROM ${table}))`
      )
    }
    for (const [prefix, value] of result.counters) {
      await client.query(
        `INSERT INTO order_counters (prefix, last_value) VALUES ($1, $2)
         ON CONFLICT (prefix) DO UPDATE SET last_value = excluded.last_value`,
        [prefix, value]
      )
    }
    for (const [key, value] of result.sequences) {
      const [lab, year] = key.split('|')
      await client.query(
        `INSERT INTO certificate_sequences (lab, year, last_number) VALUES ($1, $2, $3)
         ON CONFLICT (lab, year) DO UPDATE SET last_number = excluded.last_number`,
        [lab, Number(year), value]
      )
    }
    // The copies 0031's triggers keep were written with the lines: prove they agree.
    const { rows } = await client.query(COPIES_CHECK.replaceAll(' IS NOT ', ' IS DISTINCT FROM '))
    checkCopies(rows[0].n)
    await client.query('VACUUM ANALYZE')
    phases.push(['sequences, counters, copies check, VACUUM ANALYZE', Date.now() - t])
    await writeMarker((sql) => client.query(sql), all, datasetKey(totalOrders), builtNow(phases))
    return sink.counts
  } finally {
    await client.end()
  }
}

export async function refreshPg(database) {
  const client = await pgClient(database)
  try {
    const all = async (sql) => (await client.query(sql)).rows
    const marker = await readMarker(all)
    const migrations = await migrationCount(all)
    if (Number(marker.migrations) === migrations) return false
    await client.query('VACUUM ANALYZE')
    await writeMarker((sql) => client.query(sql), all, marker.dataset, marker.built)
    return true
  } finally {
    await client.end()
  }
}

// ---------------------------------------------------------------------------

function progressLog(label, total) {
  let next = 0
  return (done, elapsed) => {
    if (done < next && done !== total) return
    next = done + Math.max(ORDERS_PER_BATCH, Math.round(total / 20))
    const rate = done / Math.max(1, elapsed / 1000)
    log(
      `${label}: ${done}/${total} orders (${Math.round((100 * done) / total)} %), ${(elapsed / 1000).toFixed(0)} s, ${rate.toFixed(0)} orders/s`
    )
  }
}

function rowSummary(counts) {
  return Object.entries(counts)
    .map(([table, n]) => `${table} ${n}`)
    .join(', ')
}

/**
 * The stored data set of `orders` orders on `database` ('sqlite': the file `sqlitePath`, 'pg':
 * the database `pgDatabase`), built when missing or different (or `reseed`), else reused after
 * the migrations added since (then ANALYZE). `bench` is support.js's createBench() on that
 * database (its prepare() migrates and loads the demo data). Returns the phases and their times.
 */
export async function ensureDataset(bench, database, { orders, reseed, sqlitePath, pgDatabase }) {
  const phases = []
  const path = resolve(ROOT, sqlitePath)
  const marker = database === 'sqlite' ? await sqliteMarker(path) : await pgMarker(pgDatabase)
  const reuse =
    !reseed &&
    marker?.dataset === datasetKey(orders) &&
    Number(marker.total_orders) === marker.orders
  let t = Date.now()
  if (reuse) {
    log(`${database}: the stored data set matches (${marker.orders} orders): reusing it`)
    bench.prepare()
    phases.push(['migrations (new ones only)', Date.now() - t])
    t = Date.now()
    const analyzed = database === 'sqlite' ? await refreshSqlite(path) : await refreshPg(pgDatabase)
    if (analyzed) phases.push(['new migrations since the load: ANALYZE', Date.now() - t])
    let built = null
    try {
      built = JSON.parse(marker.built)
    } catch {
      // built by an earlier version of the bench
    }
    return { reused: true, phases, built }
  }
  log(
    `${database}: ${marker ? `the stored data set differs (${marker.dataset ?? 'unfinished'})` : 'no data set yet'}: building ${orders} orders`
  )
  if (database === 'sqlite') removeSqlite(path)
  else await recreatePg(pgDatabase)
  bench.prepare()
  phases.push(['new database: migrations, reference and demo data', Date.now() - t])
  if (database === 'sqlite') await loadSqlite(path, orders, phases)
  else await loadPg(pgDatabase, orders, phases)
  return { reused: false, phases }
}
