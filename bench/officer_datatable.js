// Benchmark of the officer table's JSON endpoint on 100,000 officers.
//
//   npm run bench
//
// 1. prepares its own SQLite file (tmp/bench.sqlite3): migrations, reference
//    and demo data, then 100,000 officers (only once; later runs reuse it);
// 2. starts the production server on 127.0.0.1:3399 (builds the assets first
//    when public/assets has no manifest);
// 3. signs in as admin_pk@kalibra.test through the real login flow;
// 4. measures /officer/datatable (first page, a filtered search, a deep page)
//    with autocannon, 10 connections, 10 s each after a 3 s warmup;
// 5. prints p50/p95/p99 latency and requests per second, stops the server.
//
// Settings (environment): BENCH_SQLITE_PATH, BENCH_PORT, BENCH_OFFICERS,
// BENCH_CONNECTIONS, BENCH_DURATION, BENCH_WARMUP, BENCH_SEARCH, BENCH_RANK.
// See bench/README.md.
import { resolve } from 'node:path'
import Database from 'better-sqlite3'
import autocannon from 'autocannon'
import { createBench, fail, log, percentile, prng, ROOT } from './support.js'
const SQLITE_PATH = process.env.BENCH_SQLITE_PATH ?? 'tmp/bench.sqlite3'
const PORT = Number(process.env.BENCH_PORT ?? 3399)
const OFFICERS = Number(process.env.BENCH_OFFICERS ?? 100_000)
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10)
const DURATION = Number(process.env.BENCH_DURATION ?? 10)
const WARMUP = Number(process.env.BENCH_WARMUP ?? 3)
const TARGET_P95_MS = 100
const TIME_LIMIT_MS = 20 * 60 * 1000
const BENCH_EMAIL_DOMAIN = 'bench.kalibra.test'
const ADMIN = { email: 'admin_pk@kalibra.test', password: 'kalibra2026' }

// 'wati' ends many women's names (Rahmawati, Kurniawati, ...): about 13% of the officers;
// 'Penata Muda' covers ranks III/a and III/b: together about 4-5% of the rows.
const SEARCH = process.env.BENCH_SEARCH ?? 'wati'
const RANK = process.env.BENCH_RANK ?? 'Penata Muda'

const SCENARIOS = [
  { name: 'first page', path: '/officer/datatable?limit=20&page=1' },
  {
    name: 'search + rank filter',
    path: `/officer/datatable?${new URLSearchParams({ limit: '20', page: '1', search: SEARCH, rank: RANK })}`,
  },
  { name: 'deep page', path: '/officer/datatable?limit=20&page=4000' },
]

const {
  baseUrl: BASE_URL,
  prepare,
  startServer,
  stopServer,
  signIn,
  main,
} = createBench({
  sqlitePath: SQLITE_PATH,
  port: PORT,
  timeLimitMs: TIME_LIMIT_MS,
})

// ---------------------------------------------------------------------------
// Data: realistic Indonesian staff from small arrays, deterministic (seeded).
// ---------------------------------------------------------------------------

const MALE = [
  'Ahmad',
  'Muhammad',
  'Andi',
  'Budi',
  'Agus',
  'Rudi',
  'Hendra',
  'Irfan',
  'Fajar',
  'Rizky',
  'Dedi',
  'Eko',
  'Hasan',
  'Syamsul',
  'Arif',
  'Yusuf',
  'Ilham',
  'Reza',
  'Taufik',
  'Wahyu',
  'Zulkifli',
  'Fadli',
  'Akbar',
  'Haris',
  'Imran',
]
const FEMALE = [
  'Siti',
  'Sitti',
  'Nur',
  'Dewi',
  'Sri',
  'Rina',
  'Ayu',
  'Fitri',
  'Indah',
  'Putri',
  'Ratna',
  'Wulan',
  'Yuni',
  'Nurul',
  'Anita',
  'Mega',
  'Rahma',
  'Eka',
  'Ani',
  'Hasnah',
]
const MIDDLE_MALE = [
  '',
  '',
  '',
  'Rahmat',
  'Kurnia',
  'Dwi',
  'Tri',
  'Nur',
  'Putra',
  'Indra',
  'Maulana',
]
const MIDDLE_FEMALE = ['', '', '', 'Dwi', 'Tri', 'Nur', 'Aulia', 'Sari', 'Fitria', 'Kurnia', 'Ayu']
const FAMILY = [
  'Hidayat',
  'Rahman',
  'Wijaya',
  'Santoso',
  'Kusuma',
  'Makmur',
  'Latief',
  'Amir',
  'Jafar',
  'Kadir',
  'Syam',
  'Bahri',
  'Arifin',
  'Hamzah',
  'Baso',
  'Mappaseng',
  'Lamasitudju',
  'Nasution',
]
const FAMILY_MALE = ['Saputra', 'Syahputra', 'Pratama', 'Nugroho', 'Gunawan', 'Setiawan']
const FAMILY_FEMALE = [
  'Lestari',
  'Rahmawati',
  'Kurniawati',
  'Setiawati',
  'Susilawati',
  'Handayani',
  'Puspitasari',
  'Wulandari',
]
/** Education: title suffix and the ranks (golongan) it usually comes with. */
const EDUCATION = [
  { title: '', ranks: [0, 1, 2, 3] },
  { title: 'A.Md.', ranks: [2, 3, 4, 5] },
  { title: 'A.Md.T.', ranks: [2, 3, 4, 5] },
  { title: 'S.T.', ranks: [4, 5, 6, 7, 8] },
  { title: 'S.Tr.T.', ranks: [4, 5, 6, 7] },
  { title: 'S.Si.', ranks: [4, 5, 6, 7, 8] },
  { title: 'S.KM.', ranks: [4, 5, 6, 7] },
  { title: 'M.T.', ranks: [6, 7, 8, 9, 10] },
]
const RANKS = [
  'Pengatur Muda (II/a)',
  'Pengatur Muda Tk. I (II/b)',
  'Pengatur (II/c)',
  'Pengatur Tk. I (II/d)',
  'Penata Muda (III/a)',
  'Penata Muda Tk. I (III/b)',
  'Penata (III/c)',
  'Penata Tk. I (III/d)',
  'Pembina (IV/a)',
  'Pembina Tk. I (IV/b)',
  'Pembina Utama Muda (IV/c)',
]
const POSITIONS = [
  'Teknisi Elektromedis Terampil',
  'Teknisi Elektromedis Mahir',
  'Teknisi Elektromedis Ahli Pertama',
  'Teknisi Elektromedis Ahli Muda',
  'Fisikawan Medis Ahli Pertama',
  'Fisikawan Medis Ahli Muda',
  'Teknisi Sarana dan Prasarana',
  'Penguji Mutu Alat Kesehatan',
  'Analis Kalibrasi',
  'Pranata Laboratorium Kesehatan Ahli Pertama',
  'Pengadministrasi Umum',
  'Staf Pelayanan Teknik',
]

const pick = (random, items) => items[Math.floor(random() * items.length)]
const pad = (value, size) => String(value).padStart(size, '0')
const slug = (text) => text.toLowerCase().replace(/[^a-z]/g, '')

/** NIP: birth date (8), appointment year and month (6), gender (1), sequence (3). */
function makeNip(random, female, taken) {
  for (;;) {
    const birthYear = 1965 + Math.floor(random() * 35)
    const birth = `${birthYear}${pad(1 + Math.floor(random() * 12), 2)}${pad(1 + Math.floor(random() * 28), 2)}`
    const appointed = Math.min(2024, birthYear + 22 + Math.floor(random() * 12))
    const nip = `${birth}${appointed}${pad(1 + Math.floor(random() * 12), 2)}${female ? 2 : 1}${pad(1 + Math.floor(random() * 999), 3)}`
    if (!taken.has(nip)) {
      taken.add(nip)
      return nip
    }
  }
}

function makeOfficer(random, index, takenNips) {
  const female = random() < 0.45
  const first = pick(random, female ? FEMALE : MALE)
  const middle = pick(random, female ? MIDDLE_FEMALE : MIDDLE_MALE)
  const family = pick(random, [...FAMILY, ...(female ? FAMILY_FEMALE : FAMILY_MALE)])
  const education = pick(random, EDUCATION)
  const fullName = [first, middle, family].filter(Boolean).join(' ')
  return {
    name: education.title ? `${fullName}, ${education.title}` : fullName,
    email: `${slug(first)}.${slug(family)}.${index}@${BENCH_EMAIL_DOMAIN}`,
    nip: makeNip(random, female, takenNips),
    rank: RANKS[pick(random, education.ranks)],
    position: pick(random, POSITIONS),
  }
}

function seedOfficers() {
  const db = new Database(resolve(ROOT, SQLITE_PATH))
  try {
    const benchRows = `email LIKE '%@${BENCH_EMAIL_DOMAIN}'`
    const existing = db.prepare(`SELECT count(*) AS n FROM users WHERE ${benchRows}`).get().n
    if (existing === OFFICERS) {
      log(`${existing} bench officers already seeded`)
      return
    }
    if (existing > 0) {
      log(`removing ${existing} bench officers from an earlier, different run`)
      db.exec(`DELETE FROM user_roles WHERE user_id IN (SELECT id FROM users WHERE ${benchRows})`)
      db.exec(`DELETE FROM users WHERE ${benchRows}`)
    }
    const admin = db.prepare('SELECT password FROM users WHERE email = ?').get(ADMIN.email)
    if (!admin) fail(`${ADMIN.email} is missing: demo data was not seeded`)

    const takenNips = new Set(
      db
        .prepare('SELECT nip FROM users WHERE nip IS NOT NULL')
        .all()
        .map((row) => row.nip)
    )
    const insertUser = db.prepare(
      `INSERT INTO users (name, email, password, nip, rank, position, fasyankes_id, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, NULL, ?, ?)`
    )
    const insertRole = db.prepare(`INSERT INTO user_roles (user_id, role) VALUES (?, 'officer_pk')`)
    const now = new Date().toISOString().replace('T', ' ').slice(0, 19)
    const random = prng(20260101)
    const batchSize = 10_000
    const insertBatch = db.transaction((from, to) => {
      for (let index = from; index < to; index++) {
        const officer = makeOfficer(random, index, takenNips)
        const result = insertUser.run(
          officer.name,
          officer.email,
          admin.password,
          officer.nip,
          officer.rank,
          officer.position,
          now,
          now
        )
        insertRole.run(Number(result.lastInsertRowid))
      }
    })

    const started = Date.now()
    db.pragma('synchronous = NORMAL')
    for (let from = 0; from < OFFICERS; from += batchSize) {
      insertBatch(from, Math.min(OFFICERS, from + batchSize))
      if (process.stdout.isTTY) {
        process.stdout.write(`\r[bench] seeded ${Math.min(OFFICERS, from + batchSize)} officers`)
      }
    }
    if (process.stdout.isTTY) process.stdout.write('\n')
    db.pragma('wal_checkpoint(TRUNCATE)')
    log(`seeded ${OFFICERS} officers in ${((Date.now() - started) / 1000).toFixed(1)} s`)
  } finally {
    db.close()
  }
}

// ---------------------------------------------------------------------------
// Measurement
// ---------------------------------------------------------------------------

async function check(path, headers) {
  const response = await fetch(`${BASE_URL}${path}`, { headers, redirect: 'manual' })
  const type = response.headers.get('content-type') ?? ''
  if (response.status !== 200 || !type.includes('application/json')) {
    fail(`GET ${path} answered ${response.status} ${type}`)
  }
  const body = await response.json()
  if (!Array.isArray(body.data) || typeof body.total !== 'number') {
    fail(`GET ${path} did not answer the pagination payload`)
  }
  return body
}

async function measure(path, headers) {
  const url = `${BASE_URL}${path}`
  await autocannon({ url, headers, connections: CONNECTIONS, duration: WARMUP })

  const latencies = []
  const instance = autocannon({ url, headers, connections: CONNECTIONS, duration: DURATION })
  instance.on('response', (_client, statusCode, _bytes, responseTime) => {
    if (statusCode >= 200 && statusCode < 300) latencies.push(responseTime)
  })
  const result = await instance
  const bad = result.non2xx + result.errors + result.timeouts
  if (bad > 0) {
    fail(
      `GET ${path}: ${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts`
    )
  }
  latencies.sort((a, b) => a - b)
  return {
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    rps: result.requests.total / (result.duration || DURATION),
    requests: result.requests.total,
  }
}

function printTable(rows) {
  const head = ['URL', 'rows', 'p50 ms', 'p95 ms', 'p99 ms', 'req/s', `p95 < ${TARGET_P95_MS} ms`]
  const body = rows.map((row) => [
    row.path,
    String(row.total),
    row.p50.toFixed(1),
    row.p95.toFixed(1),
    row.p99.toFixed(1),
    row.rps.toFixed(0),
    row.p95 < TARGET_P95_MS ? 'yes' : 'NO',
  ])
  const widths = head.map((title, column) =>
    Math.max(title.length, ...body.map((cells) => cells[column].length))
  )
  const line = (cells) =>
    cells
      .map((cell, column) =>
        column === 0 ? cell.padEnd(widths[column]) : cell.padStart(widths[column])
      )
      .join('  ')
  console.log(`\n${line(head)}\n${widths.map((width) => '-'.repeat(width)).join('  ')}`)
  for (const cells of body) console.log(line(cells))
}

// ---------------------------------------------------------------------------

await main(async () => {
  prepare()
  seedOfficers()

  await startServer()
  const headers = { cookie: await signIn(ADMIN), accept: 'application/json' }

  const rows = []
  for (const scenario of SCENARIOS) {
    const payload = await check(scenario.path, headers)
    log(
      `${scenario.name}: ${scenario.path} -> ${payload.total} matching rows, page ${payload.current_page}/${payload.last_page}; ` +
        `measuring ${DURATION} s at ${CONNECTIONS} connections (after ${WARMUP} s warmup)`
    )
    rows.push({ ...scenario, total: payload.total, ...(await measure(scenario.path, headers)) })
  }

  await stopServer()
  printTable(rows)
  console.log(
    `\n${CONNECTIONS} connections, ${DURATION} s per URL, Node ${process.version}, SQLite ${SQLITE_PATH}`
  )
  const missed = rows.filter((row) => row.p95 >= TARGET_P95_MS)
  if (missed.length)
    console.log(`p95 target missed on: ${missed.map((row) => row.name).join(', ')}`)
})
