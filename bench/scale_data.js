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
// - calibrator loans (0.5 % of the order count) with their lines and served orders.
//
// The demo facility of fasyankes@kalibra.test gets 5 times the share of a bench facility
// (about 1,000 orders at 1,000,000), for the facility-scoped cases.
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
export const DATASET_VERSION = 1
const SEED = 20261116
export const FACILITIES = 5000
export const FACILITY_PREFIX = 'Bench Fasyankes'
/** The demo facility's weight against one bench facility's. */
const DEMO_FACILITY_WEIGHT = 5
export const DEMO_FACILITY_EMAIL = 'fasyankes@kalibra.test'
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
    'worksheet_saved_at',
    'created_at',
    'updated_at',
    // The order's copies that 0031's triggers keep, written here (those triggers are off).
    ...ORDER_DEVICE_COPIES,
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
  for (let n = 1; n <= FACILITIES; n++) {
    const city = pick(ref.regencies)
    sink.row('fasyankes', [
      nextId('fasyankes'),
      `${FACILITY_PREFIX} ${n}`,
      `0${between(411, 999)}-${between(100_000, 999_999)}`,
      `Jl. ${pick(STREETS)} No. ${between(1, 250)}`,
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
  const demoShare = DEMO_FACILITY_WEIGHT / (FACILITIES + DEMO_FACILITY_WEIGHT)
  const pickFacility = () =>
    random() < demoShare ? ref.demoFacility.id : firstFacility + Math.floor(random() * FACILITIES)

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

  const clampNow = (seconds) => Math.min(seconds, NOW - 600 - Math.floor(random() * 7200))
  const started = Date.now()
  let lineIndex = 0
  let invoiceSeq = 0
  let certificateSeq = 0
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
      const workAt = finished ? Math.max(created + DAY, done - between(0, 4) * DAY) : 0
      const workDate = finished ? dateText(workAt) : null
      const officers = ref.officers[lab]
      if (!cancelled) {
        billable++
        total += alkes.price
      }
      minutes += alkes.minutes
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
        working && !cancelled && officers.length ? pick(officers) : null,
        finished ? (random() < 0.8 ? 'Kalibrasi' : 'Pengujian') : null,
        finished
          ? `KAL/${lab.toUpperCase()}/${workDate.slice(0, 4)}/${String(++certificateSeq).padStart(6, '0')}`
          : null,
        finished ? Number(workDate.slice(5, 7)) : null,
        workDate,
        finished ? (internal ? 'Laboratorium Kalibrasi Kalibra' : 'Di lokasi fasyankes') : null,
        finished ? `Ruang ${pick(ROOMS)}` : null,
        finished ? (random() < 0.95 ? 1 : 0) : null,
        finished ? timeText(workAt + between(3600, 6 * 3600)) : null,
        createdText,
        finished ? timeText(workAt + 7 * 3600) : createdText,
        createdText,
        type,
        facility,
      ]
      pending.push(['order_devices', values])
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
        at += between(20, 40) * DAY
      }
    }
    const paidAt = lastInvoice + between(3, 20) * DAY
    const paid = status === 'SELESAI' && stage > 0 && paidAt < NOW && random() < 0.9

    sink.row('orders', [
      id,
      type,
      number,
      status,
      facility,
      facility === ref.demoFacility.id
        ? ref.demoFacility.userId
        : internal
          ? ref.admin.id
          : ref.yantek.id,
      working ? `https://drive.example.go.id/kalibra/${id}` : null,
      allDone ? dateText(done) : null,
      paid ? dateText(paidAt) : null,
      billable,
      total,
      stage,
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
        facility === ref.demoFacility.id ? ref.demoFacility.userId : null,
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
  const facilityActor = (i) =>
    orderFacility[i] === ref.demoFacility.id
      ? staff({ id: ref.demoFacility.userId, name: ref.demoFacility.name }, 'fasyankes')
      : null
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
  return { counters, ids, loans }
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
  const alkes = (await all('SELECT * FROM alkes ORDER BY id')).map((row) => ({
    id: Number(row.id),
    lab: String(row.laboratory).toLowerCase(),
    price: Number(row.price),
    minutes: Number(row.minute_estimation),
    recalibrationMonths: Number(row.recalibration_months) || 12,
    internal: Boolean(Number(row.is_internal)),
    insitu: Boolean(Number(row.is_insitu)),
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
  const demo = await first(
    `SELECT u.id AS user_id, f.id, f.fasyankes_name AS name FROM users u
     JOIN fasyankes f ON f.id = u.fasyankes_id WHERE u.email = '${DEMO_FACILITY_EMAIL}'`
  )
  if (!demo) fail(`${DEMO_FACILITY_EMAIL} is missing: demo data was not seeded`)
  const head = await first('SELECT hash FROM audit_logs ORDER BY id DESC LIMIT 1')
  const calibrators = await all(
    `SELECT c.id, lower(u.name) AS lab FROM calibrators c JOIN units u ON u.id = c.unit_id ORDER BY c.id`
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
    demoFacility: { id: Number(demo.id), userId: Number(demo.user_id), name: demo.name },
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
