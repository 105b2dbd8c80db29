import { randomBytes } from 'node:crypto'
import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import hash from '@adonisjs/core/services/hash'
import db from '@adonisjs/lucid/services/db'
import User from '#models/user'
import { ROLES, type Role } from '#enums/roles'
import { WEAK_PASSWORD_MESSAGE } from '#validators/rules/strong_password'
import type { Permission } from '#enums/permissions'
import {
  XLSX_MIME,
  accountWithRole,
  assertRedirect,
  auditEntries,
  countRows,
  isRedirectTo,
  makeAlkes,
  makeCalibrator,
  makeFacility,
  makeOfficer,
  marker,
  readWorkbook,
  referenceIds,
  rolesSplit,
  rowValues,
  uniqueNip,
  xlsxBuffer,
  valueOf,
  binary,
} from './_support.js'

type Row = Record<string, string | number | null>

/** A password the strength rule accepts (several words and a number). */
const STRONG_PASSWORD = 'Kuda-Lari-Pagi-2026'

/**
 * One batch-editable list: its routes, its permission, the header row its
 * format file must have (written out here, not read from the app), and how
 * to build good and bad rows around a record that already exists.
 */
interface BatchList {
  name: string
  path: string
  permission: Permission
  /** Prefix of the audit action of a whole upload (`<prefix>.batch_update`). */
  auditPrefix: string
  rowAudit: string
  table: string
  headers: string[]
  /** Columns with fixed values: a drop-down in the format file. */
  choiceHeaders: string[]
  keyHeader: string
  /** Makes a record that the upload will update; returns its key and a probe of the value the update changes. */
  existing(): Promise<{ key: string; probe: () => Promise<unknown>; before: unknown }>
  /** A valid row that updates the existing record (matched on the key) and the value the probe must then read. */
  updateRow(key: string): Promise<{ row: Row; after: unknown }>
  /** A valid row that creates a record, and how to find it afterwards. */
  createRow(): Promise<{ row: Row; created: () => Promise<boolean> }>
  /** An invalid row. */
  badRow(): Promise<Row>
  /** Who uploads the list's files, when not the first role with its permission. */
  editorRole?: Role
}

async function officerLookup(nip: string) {
  return db.from('users').where('nip', nip).whereNull('fasyankes_id').first()
}

const LISTS: BatchList[] = [
  {
    name: 'officers',
    path: '/officer',
    permission: 'officer.edit',
    auditPrefix: 'petugas',
    rowAudit: 'officer',
    table: 'users',
    headers: ['NIP', 'Nama', 'Pangkat/Golongan', 'Jabatan', 'Email', 'Kata Sandi'],
    choiceHeaders: [],
    keyHeader: 'NIP',
    async existing() {
      const officer = await makeOfficer({ rank: 'Pengatur (II/c)' })
      const probe = async () => {
        const row = await officerLookup(officer.nip!)
        return row?.rank
      }
      return { key: officer.nip!, probe, before: 'Pengatur (II/c)' }
    },
    async updateRow(key) {
      const officer = await officerLookup(key)
      return {
        row: {
          'NIP': key,
          'Nama': officer.name,
          'Pangkat/Golongan': 'Penata (III/c)',
          'Jabatan': officer.position,
          'Email': officer.email,
        },
        after: 'Penata (III/c)',
      }
    },
    async createRow() {
      const nip = uniqueNip()
      const tag = marker('Bo')
      return {
        row: {
          'NIP': nip,
          'Nama': `Petugas ${tag}`,
          'Pangkat/Golongan': 'Penata Muda (III/a)',
          'Jabatan': 'Teknisi Elektromedis Ahli Pertama',
          'Email': `${tag.toLowerCase()}@kalibra.test`,
          'Kata Sandi': STRONG_PASSWORD,
        },
        created: async () => Boolean(await officerLookup(nip)),
      }
    },
    async badRow() {
      const tag = marker('Bx')
      return {
        'NIP': uniqueNip(),
        'Nama': `Petugas ${tag}`,
        'Pangkat/Golongan': 'Penata Muda (III/a)',
        'Jabatan': 'Teknisi',
        'Email': 'bukan-email',
        'Kata Sandi': STRONG_PASSWORD,
      }
    },
  },
  {
    name: 'facilities',
    path: '/fasyankes/data',
    permission: 'fasyankes.edit',
    auditPrefix: 'fasyankes',
    rowAudit: 'fasyankes',
    table: 'fasyankes',
    headers: [
      'Email Akun',
      'Nama Fasyankes',
      'Kata Sandi',
      'Telepon',
      'Alamat',
      'Jenis',
      'Kode Provinsi',
      'Kode Kabupaten/Kota',
      'Kategori',
      'Kelas',
      'Penanggung Jawab',
      'Telepon Penanggung Jawab',
      'Latitude',
      'Longitude',
    ],
    choiceHeaders: ['Jenis', 'Kategori', 'Kelas'],
    keyHeader: 'Email Akun',
    async existing() {
      const { facility, account } = await makeFacility()
      await db.from('fasyankes').where('id', facility.id).update({ pic: 'dr. Lama' })
      const probe = () => valueOf('fasyankes', facility.id, 'pic')
      return { key: account.email, probe, before: 'dr. Lama' }
    },
    async updateRow(key) {
      const account = await db
        .from('users')
        .whereRaw('lower(email) = ?', [key.toLowerCase()])
        .first()
      const facility = await db.from('fasyankes').where('id', account.fasyankes_id).first()
      return {
        // Matched on the email whatever its case.
        row: facilityRow({
          email: key.toUpperCase(),
          name: facility.fasyankes_name,
          pic: 'dr. Baru',
        }),
        after: 'dr. Baru',
      }
    },
    async createRow() {
      const tag = marker('Bf')
      const name = `Klinik ${tag}`
      return {
        row: facilityRow({
          email: `${tag.toLowerCase()}@fasyankes.kalibra.test`,
          name,
          password: STRONG_PASSWORD,
        }),
        created: async () => (await countRows('fasyankes', { fasyankes_name: name })) === 1,
      }
    },
    async badRow() {
      const tag = marker('Bg')
      return {
        ...facilityRow({
          email: `${tag.toLowerCase()}@fasyankes.kalibra.test`,
          name: `Klinik ${tag}`,
          password: STRONG_PASSWORD,
        }),
        'Kode Kabupaten/Kota': '72.71',
      }
    },
  },
  {
    name: 'devices (alkes)',
    path: '/alkes/data',
    permission: 'alkes.edit',
    auditPrefix: 'alkes',
    rowAudit: 'alkes',
    table: 'alkes',
    headers: [
      'Kode Alkes',
      'Nama Alkes',
      'Laboratorium',
      'Kategori',
      'Tarif',
      'Estimasi Menit',
      'Kode Metode Kerja',
      'Kode ASPAK',
      'Nomor Sertifikat',
      'Jumlah Halaman',
      'Interval Rekalibrasi (bulan)',
      'Layanan',
      'Tuntung Saharian',
      'Pengujian KAN',
      'Kalibrasi KAN',
      'Keterangan Laik',
      'Titik Uji',
    ],
    // Its examples hold test points: only the device lab's head or admin may set them.
    editorRole: 'head_of_pk_laboratory',
    choiceHeaders: [
      'Laboratorium',
      'Tuntung Saharian',
      'Pengujian KAN',
      'Kalibrasi KAN',
      'Keterangan Laik',
    ],
    keyHeader: 'Kode Alkes',
    async existing() {
      const alkes = await makeAlkes({ price: 250000 })
      const probe = async () => Number(await valueOf('alkes', alkes.id, 'price'))
      return { key: alkes.alkesCode, probe, before: 250000 }
    },
    async updateRow(key) {
      const alkes = await db.from('alkes').where('alkes_code', key).first()
      return { row: alkesRow({ code: key, name: alkes.name, price: 275000 }), after: 275000 }
    },
    async createRow() {
      const code = marker('BA').toUpperCase()
      return {
        row: alkesRow({ code, name: `Patient Monitor ${code}`, price: 450000 }),
        created: async () => (await countRows('alkes', { alkes_code: code })) === 1,
      }
    },
    async badRow() {
      const code = marker('BB').toUpperCase()
      return alkesRow({ code, name: `Ventilator ${code}`, price: -1 })
    },
  },
  {
    name: 'calibrators',
    path: '/calibrator/data',
    permission: 'calibrator.edit',
    auditPrefix: 'kalibrator',
    rowAudit: 'calibrator',
    table: 'calibrators',
    headers: [
      'Nomor Seri',
      'Nama Kalibrator',
      'Merk',
      'Tipe/Model',
      'Nama Tipe/Model',
      'Jumlah Kanal',
      'Unit',
      'NIP Penanggung Jawab',
      'Kondisi',
      'Kalibrasi Terakhir',
      'Kalibrasi Berikutnya',
    ],
    choiceHeaders: ['Unit', 'Kondisi'],
    keyHeader: 'Nomor Seri',
    async existing() {
      const calibrator = await makeCalibrator({ channelCount: 1 })
      const probe = async () => Number(await valueOf('calibrators', calibrator.id, 'channel_count'))
      return { key: calibrator.serialNumber, probe, before: 1 }
    },
    async updateRow(key) {
      const calibrator = await db.from('calibrators').where('serial_number', key).first()
      return { row: calibratorRow({ serial: key, name: calibrator.name, channels: 3 }), after: 3 }
    },
    async createRow() {
      const serial = `SN-${marker('BC').toUpperCase()}`
      const officer = await makeOfficer()
      return {
        row: calibratorRow({
          serial,
          name: `Gas Flow Analyzer ${serial}`,
          channels: 2,
          nip: officer.nip!,
        }),
        created: async () => (await countRows('calibrators', { serial_number: serial })) === 1,
      }
    },
    async badRow() {
      const serial = `SN-${marker('BD').toUpperCase()}`
      return calibratorRow({ serial, name: `Defibrillator Analyzer ${serial}`, channels: 0 })
    },
  },
]

function facilityRow(values: {
  email: string
  name: string
  pic?: string
  password?: string
}): Row {
  return {
    'Email Akun': values.email,
    'Nama Fasyankes': values.name,
    'Kata Sandi': values.password ?? null,
    'Telepon': '0411-123456',
    'Alamat': 'Jl. Poros Malino No. 1, Sungguminasa',
    'Jenis': 'Swasta',
    'Kode Provinsi': '73',
    'Kode Kabupaten/Kota': '73.06',
    'Kategori': 'Klinik Pratama',
    'Kelas': 'Pratama',
    'Penanggung Jawab': values.pic ?? 'dr. Andi Rahman',
    'Telepon Penanggung Jawab': '081234567890',
    'Latitude': -5.2041,
    'Longitude': 119.4539,
  }
}

function alkesRow(values: { code: string; name: string; price: number }): Row {
  return {
    'Kode Alkes': values.code,
    'Nama Alkes': values.name,
    'Laboratorium': 'PK',
    'Tarif': values.price,
    'Estimasi Menit': 90,
    'Kode Metode Kerja': 'MK 003-17',
    'Layanan': 'Alat Datang',
    'Tuntung Saharian': 'Tidak',
    'Pengujian KAN': 'Ya',
    'Kalibrasi KAN': 'Ya',
    'Keterangan Laik': 'Ya',
  }
}

function calibratorRow(values: {
  serial: string
  name: string
  channels: number
  nip?: string
}): Row {
  return {
    'Nomor Seri': values.serial,
    'Nama Kalibrator': values.name,
    'Merk': 'Fluke Biomedical',
    'Tipe/Model': 'Tipe',
    'Nama Tipe/Model': 'ESA615',
    'Jumlah Kanal': values.channels,
    'Unit': 'PK',
    'NIP Penanggung Jawab': values.nip ?? null,
    'Kondisi': 'Baik',
    'Kalibrasi Terakhir': '2026-03-10',
    'Kalibrasi Berikutnya': '2027-03-10',
  }
}

const bigWorkbooks = new Map<string, Buffer>()
/** A genuine workbook with the list's headers, over 5 MB (random text does not compress). */
async function bigWorkbook(list: BatchList) {
  if (!bigWorkbooks.has(list.path)) {
    const rows: (string | null)[][] = []
    for (let i = 0; i < 3000; i++)
      rows.push(list.headers.map((_, c) => (c < 2 ? randomBytes(1200).toString('base64') : null)))
    const body = await xlsxBuffer(list.headers, rows)
    if (body.length <= 5 * 1024 * 1024) throw new Error(`big workbook only ${body.length} bytes`)
    bigWorkbooks.set(list.path, body)
  }
  return bigWorkbooks.get(list.path)!
}

function sheet(list: BatchList, rows: Row[]) {
  return xlsxBuffer(
    list.headers,
    rows.map((row) => list.headers.map((header) => row[header] ?? null))
  )
}

function upload(
  client: any,
  user: User,
  list: BatchList,
  body: Buffer,
  filename = 'batch.xlsx',
  contentType = XLSX_MIME
) {
  return client
    .post(`${list.path}/batch/update`)
    .loginAs(user)
    .withCsrfToken()
    .withInertia()
    .file('file', body, { filename, contentType })
}

async function editorOf(list: BatchList) {
  return accountWithRole(list.editorRole ?? rolesSplit(list.permission).allowed[0])
}

async function snapshot(list: BatchList) {
  return {
    rows: await countRows(list.table),
    users: await countRows('users'),
    audits: await countRows('audit_logs'),
  }
}

for (const list of LISTS) {
  test.group(`Batch ${list.name} | access (${list.permission})`, (group) => {
    group.each.setup(() => testUtils.db().withGlobalTransaction())

    test(`GET ${list.path}/batch/edit and its format file: 200 for ${list.permission} roles, 403 for the others`, async ({
      client,
      assert,
    }) => {
      const { allowed } = rolesSplit(list.permission)
      const mismatches: string[] = []
      for (const role of ROLES) {
        const user = await accountWithRole(role)
        const expected = allowed.includes(role) ? 200 : 403
        const page = await client.get(`${list.path}/batch/edit`).loginAs(user).withInertia()
        if (page.status() !== expected)
          mismatches.push(`${role} page: ${page.status()}, expected ${expected}`)
        if (expected === 200 && page.inertiaComponent !== 'batch/edit')
          mismatches.push(`${role} page: component ${page.inertiaComponent}`)
        const format = await binary(client.get(`${list.path}/batch/edit/format`)).loginAs(user)
        if (format.status() !== expected)
          mismatches.push(`${role} format: ${format.status()}, expected ${expected}`)
      }
      assert.deepEqual(mismatches, [])
    })

    test(`POST ${list.path}/batch/update: ${list.permission} roles apply a valid file, the others get 403 and nothing changes`, async ({
      client,
      assert,
    }) => {
      const { allowed } = rolesSplit(list.permission)
      const mismatches: string[] = []
      for (const role of ROLES) {
        const user = await accountWithRole(role)
        const { row, created } = await list.createRow()
        const response = await upload(client, user, list, await sheet(list, [row])).redirects(0)
        const written = await created()
        if (allowed.includes(role)) {
          if (!isRedirectTo(response, list.path) || !written)
            mismatches.push(
              `${role}: ${response.status()} ${response.header('location')}, written=${written}`
            )
        } else if (response.status() !== 403 || written) {
          mismatches.push(`${role}: ${response.status()}, written=${written}`)
        }
      }
      assert.deepEqual(mismatches, [])
    })

    test(`a guest is sent to /login by the ${list.name} batch routes and nothing changes`, async ({
      client,
      assert,
    }) => {
      const { row } = await list.createRow()
      const before = await snapshot(list)
      for (const path of [`${list.path}/batch/edit`, `${list.path}/batch/edit/format`])
        assertRedirect(assert, await client.get(path).redirects(0), '/login')
      const response = await client
        .post(`${list.path}/batch/update`)
        .withCsrfToken()
        .file('file', await sheet(list, [row]), { filename: 'batch.xlsx', contentType: XLSX_MIME })
        .redirects(0)
      assertRedirect(assert, response, '/login')
      assert.deepEqual(await snapshot(list), before)
    })
  })

  test.group(`Batch ${list.name} | format file and page`, (group) => {
    group.each.setup(() => testUtils.db().withGlobalTransaction())

    test('the format file is a valid XLSX: the header row only, drop-downs for fixed values, and a Petunjuk sheet explaining each column with an example', async ({
      client,
      assert,
    }) => {
      const user = await editorOf(list)
      const response = await binary(client.get(`${list.path}/batch/edit/format`)).loginAs(user)
      response.assertStatus(200)
      assert.include(response.header('content-type'), XLSX_MIME)
      assert.match(
        response.header('content-disposition') ?? '',
        /^attachment; filename=".+\.xlsx"$/
      )

      const workbook = await readWorkbook(response.body() as Buffer)
      const data = workbook.worksheets[0]
      assert.deepEqual(rowValues(data, 1), list.headers)
      assert.equal(data.actualRowCount, 1, 'no example row among the data')
      for (const [index, header] of list.headers.entries()) {
        for (const row of [2, 5001]) {
          const validation = data.getCell(row, index + 1).dataValidation
          if (list.choiceHeaders.includes(header)) {
            assert.equal(validation?.type, 'list', `${header} row ${row} has a drop-down`)
          } else {
            assert.notEqual(validation?.type, 'list', `${header} has no drop-down`)
          }
        }
      }

      const help = workbook.getWorksheet('Petunjuk')
      assert.exists(help, 'a Petunjuk sheet')
      const explained: string[] = []
      help!.eachRow((row, number) => {
        if (number > 1) explained.push(String(row.getCell(1).value ?? ''))
      })
      assert.includeMembers(explained, list.headers, 'every column is explained')
      help!.eachRow((row, number) => {
        const header = String(row.getCell(1).value ?? '')
        if (number > 1 && list.headers.includes(header))
          assert.isNotEmpty(String(row.getCell(3).value ?? ''), `${header} has a description`)
        if (header === list.keyHeader)
          assert.isNotEmpty(String(row.getCell(4).value ?? ''), 'the key column has an example')
      })
    })

    test('the format file uploaded unchanged creates nothing; its examples typed in as a row are accepted', async ({
      client,
      assert,
    }) => {
      const user = await editorOf(list)
      const format = await binary(client.get(`${list.path}/batch/edit/format`)).loginAs(user)
      const before = await snapshot(list)
      const unchanged = await upload(
        client,
        user,
        list,
        format.body() as Buffer,
        'format.xlsx'
      ).redirects(0)
      assertRedirect(assert, unchanged, `${list.path}/batch/edit`)
      assert.match(unchanged.flashMessages().batch.message, /tidak berisi data/i)
      assert.deepEqual(await snapshot(list), before)

      const workbook = await readWorkbook(format.body() as Buffer)
      const help = workbook.getWorksheet('Petunjuk')!
      const example: Row = {}
      help.eachRow((row) => {
        const header = String(row.getCell(1).value ?? '')
        if (list.headers.includes(header)) example[header] = (row.getCell(4).value ?? null) as never
      })
      const response = await upload(client, user, list, await sheet(list, [example])).redirects(0)
      assert.isTrue(
        isRedirectTo(response, list.path),
        `refused: ${JSON.stringify(response.flashMessages().batch ?? response.flashMessages())}`
      )
    })

    test('the batch page lists the columns and starts without an outcome', async ({
      client,
      assert,
    }) => {
      const user = await editorOf(list)
      const response = await client.get(`${list.path}/batch/edit`).loginAs(user).withInertia()
      response.assertInertiaComponent('batch/edit')
      assert.equal(response.inertiaProps.listPath, list.path)
      assert.deepEqual(
        (response.inertiaProps.columns as { header: string }[]).map((c) => c.header),
        list.headers
      )
      assert.isNull(response.inertiaProps.outcome)
    })
  })

  test.group(`Batch ${list.name} | uploads`, (group) => {
    group.each.setup(() => testUtils.db().withGlobalTransaction())

    test('a valid file updates the row matched on the key, creates the new one, and audits both and the upload', async ({
      client,
      assert,
    }) => {
      const user = await editorOf(list)
      const existing = await list.existing()
      const update = await list.updateRow(existing.key)
      const create = await list.createRow()
      const rowsBefore = await countRows(list.table)

      const response = await upload(
        client,
        user,
        list,
        await sheet(list, [update.row, create.row]),
        'unggah.xlsx'
      ).redirects(0)
      assertRedirect(assert, response, list.path)
      assert.match(String(response.flashMessages().success), /1 data baru, 1 data diperbarui/)

      assert.equal(await existing.probe(), update.after)
      assert.isTrue(await create.created())
      assert.equal(await countRows(list.table), rowsBefore + 1)

      const batchAudit = await auditEntries(`${list.auditPrefix}.batch_update`)
      assert.lengthOf(batchAudit, 1)
      assert.equal(batchAudit[0].userId, user.id)
      assert.containsSubset(batchAudit[0].changesTo, {
        file: 'unggah.xlsx',
        rows: 2,
        created: 1,
        updated: 1,
      })
      assert.lengthOf(await auditEntries(`${list.rowAudit}.create`), 1)
      assert.lengthOf(await auditEntries(`${list.rowAudit}.update`), 1)
    })

    test('one bad row rejects the whole file: nothing changes and the page lists the row and its reason', async ({
      client,
      assert,
    }) => {
      const user = await editorOf(list)
      const existing = await list.existing()
      const update = await list.updateRow(existing.key)
      const create = await list.createRow()
      const bad = await list.badRow()
      const before = await snapshot(list)

      const response = await upload(
        client,
        user,
        list,
        await sheet(list, [update.row, create.row, bad])
      ).redirects(0)
      assertRedirect(assert, response, `${list.path}/batch/edit`)
      const outcome = response.flashMessages().batch
      assert.match(outcome.message, /ditolak/)
      assert.deepEqual(
        outcome.errors.map((e: { row: number }) => e.row),
        [4],
        'only the fourth spreadsheet row (third data row) is reported'
      )
      assert.isNotEmpty(outcome.errors[0].messages)

      assert.deepEqual(await snapshot(list), before)
      assert.equal(await existing.probe(), existing.before)
      assert.isFalse(await create.created())

      const page = await upload(
        client,
        user,
        list,
        await sheet(list, [update.row, create.row, bad])
      )
      page.assertInertiaComponent('batch/edit')
      assert.equal(page.inertiaProps.outcome.errors[0].row, 4)
      assert.isNotEmpty(page.inertiaProps.outcome.errors[0].messages)
      assert.equal(page.inertiaProps.outcome.message, outcome.message)
      assert.deepEqual(await snapshot(list), before)
    })

    test('two rows with the same key in one file are refused and nothing changes', async ({
      client,
      assert,
    }) => {
      const user = await editorOf(list)
      const first = await list.createRow()
      const second = await list.createRow()
      const duplicate = { ...second.row, [list.keyHeader]: first.row[list.keyHeader] }
      const before = await snapshot(list)

      const response = await upload(
        client,
        user,
        list,
        await sheet(list, [first.row, duplicate])
      ).redirects(0)
      assertRedirect(assert, response, `${list.path}/batch/edit`)
      const outcome = response.flashMessages().batch
      assert.deepEqual(
        outcome.errors.map((e: { row: number }) => e.row),
        [3],
        outcome.message
      )
      assert.isTrue(
        outcome.errors[0].messages.some(
          (m: string) => m.includes(list.keyHeader) && m.includes('baris 2')
        ),
        JSON.stringify(outcome.errors[0].messages)
      )
      assert.deepEqual(await snapshot(list), before)
      assert.isFalse(await first.created())
    })

    const fileProblems: [
      string,
      () => Promise<{ body: Buffer; filename: string; contentType: string }>,
      RegExp,
    ][] = [
      [
        'a CSV file',
        async () => ({
          body: Buffer.from('a,b\n1,2\n'),
          filename: 'data.csv',
          contentType: 'text/csv',
        }),
        /xlsx/i,
      ],
      [
        'a text file renamed .xlsx',
        async () => ({
          body: Buffer.from('ini bukan excel\n'.repeat(20)),
          filename: 'data.xlsx',
          contentType: XLSX_MIME,
        }),
        /xlsx|excel/i,
      ],
      [
        'a ZIP that is not a workbook, renamed .xlsx',
        async () => ({
          body: Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(200, 7)]),
          filename: 'data.xlsx',
          contentType: XLSX_MIME,
        }),
        /xlsx|excel/i,
      ],
      [
        'an empty file',
        async () => ({ body: Buffer.alloc(0), filename: 'kosong.xlsx', contentType: XLSX_MIME }),
        /kosong/i,
      ],
      [
        'a workbook with only the header row',
        async () => ({
          body: await sheet(list, []),
          filename: 'kosong.xlsx',
          contentType: XLSX_MIME,
        }),
        /tidak berisi data/i,
      ],
      [
        'a workbook without the expected columns',
        async () => ({
          body: await xlsxBuffer(['Kolom A', 'Kolom B'], [['x', 'y']]),
          filename: 'lain.xlsx',
          contentType: XLSX_MIME,
        }),
        new RegExp(`"${list.keyHeader.replace(/[()/]/g, '.')}"`),
      ],
      [
        'a real XLSX over 5 MB',
        async () => ({
          body: await bigWorkbook(list),
          filename: 'besar.xlsx',
          contentType: XLSX_MIME,
        }),
        /5 MB/,
      ],
    ]

    for (const [name, make, message] of fileProblems) {
      test(`${name} gets a clear message and changes nothing`, async ({ client, assert }) => {
        const user = await editorOf(list)
        const before = await snapshot(list)
        const { body, filename, contentType } = await make()
        const response = await upload(client, user, list, body, filename, contentType).redirects(0)
        assertRedirect(assert, response, `${list.path}/batch/edit`)
        const outcome = response.flashMessages().batch
        assert.exists(outcome, 'the outcome is flashed')
        assert.match(outcome.message, message)
        assert.deepEqual(outcome.errors, [])
        assert.deepEqual(await snapshot(list), before)
      })
    }

    test('the message of a refused file reaches the page, as the upload field error or an error toast', async ({
      client,
      assert,
    }) => {
      const user = await editorOf(list)
      const body = Buffer.from('NIP;Nama\n1;2\n')
      const page = await upload(client, user, list, body, 'data.csv', 'text/csv')
      page.assertInertiaComponent('batch/edit')
      const message = page.inertiaProps.outcome?.message
      assert.isString(message)
      // `outcome` alone is not enough: batch/edit.tsx renders it only when there are row errors;
      // the file input shows `errors.file` (inputErrorsBag) and toasts show `flash.error`.
      const shown = [page.inertiaProps.errors?.file, (page.body() as any).flash?.error]
      assert.include(shown, message, 'the message reaches the page as errors.file or flash.error')
    })

    test('no file at all gets a clear message', async ({ client, assert }) => {
      const user = await editorOf(list)
      const response = await client
        .post(`${list.path}/batch/update`)
        .loginAs(user)
        .withCsrfToken()
        .withInertia()
        .field('note', 'tanpa berkas')
        .redirects(0)
      assertRedirect(assert, response, `${list.path}/batch/edit`)
      assert.match((response.flashMessages() as any).batch.message, /wajib/i)
    })
  })
}

test.group('Batch | list-specific rules', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  const officers = LISTS[0]
  const facilities = LISTS[1]
  const devices = LISTS[2]
  const calibrators = LISTS[3]

  test('officers: an existing officer keeps the password when the cell is empty; a new one gets the given password and no role', async ({
    client,
    assert,
  }) => {
    const user = await editorOf(officers)
    const existing = await officers.existing()
    const update = await officers.updateRow(existing.key)
    const create = await officers.createRow()
    await upload(client, user, officers, await sheet(officers, [update.row, create.row])).redirects(
      0
    )
    const kept = await User.findByOrFail('nip', existing.key)
    assert.isTrue(await hash.verify(kept.password, 'kalibra2026'))
    const made = await User.findByOrFail('nip', create.row['NIP'])
    assert.isTrue(await hash.verify(made.password, STRONG_PASSWORD))
    assert.deepEqual(made.roles, [])
  })

  test('officers: a new officer without a password gets one nobody knows (set later through a link)', async ({
    client,
    assert,
  }) => {
    const user = await editorOf(officers)
    const { row, created } = await officers.createRow()
    const response = await upload(
      client,
      user,
      officers,
      await sheet(officers, [{ ...row, 'Kata Sandi': null }])
    ).redirects(0)
    assertRedirect(assert, response, '/officer')
    assert.isTrue(await created())
    const made = await User.findByOrFail('nip', row['NIP'])
    assert.match(made.password, /^\$/, 'a hash, never an empty or plain password')
    for (const guess of ['', 'kalibra2026', String(row['NIP']), String(row['Email'])])
      assert.isFalse(await hash.verify(made.password, guess))
  })

  test('officers: a weak password in the file is refused under its row', async ({
    client,
    assert,
  }) => {
    const user = await editorOf(officers)
    const { row, created } = await officers.createRow()
    const response = await upload(
      client,
      user,
      officers,
      await sheet(officers, [{ ...row, 'Kata Sandi': 'password123' }])
    ).redirects(0)
    assertRedirect(assert, response, '/officer/batch/edit')
    const [error] = response.flashMessages().batch.errors
    assert.equal(error.row, 2)
    assert.include(error.messages, WEAK_PASSWORD_MESSAGE)
    assert.isFalse(await created())
  })

  test('officers: two new rows with the same email in one file are refused', async ({
    client,
    assert,
  }) => {
    const user = await editorOf(officers)
    const first = await officers.createRow()
    const second = await officers.createRow()
    const before = await snapshot(officers)
    const response = await upload(
      client,
      user,
      officers,
      await sheet(officers, [
        first.row,
        { ...second.row, Email: String(first.row['Email']).toUpperCase() },
      ])
    ).redirects(0)
    assertRedirect(assert, response, '/officer/batch/edit')
    const outcome = response.flashMessages().batch
    assert.deepEqual(
      outcome.errors.map((e: { row: number }) => e.row),
      [3]
    )
    assert.isTrue(
      outcome.errors[0].messages.some((m: string) => m.includes('Email') && m.includes('baris 2'))
    )
    assert.deepEqual(await snapshot(officers), before)
  })

  test('officers: a row whose email belongs to another account is refused', async ({
    client,
    assert,
  }) => {
    const user = await editorOf(officers)
    const other = await makeOfficer()
    const { row, created } = await officers.createRow()
    const response = await upload(
      client,
      user,
      officers,
      await sheet(officers, [{ ...row, Email: other.email }])
    ).redirects(0)
    assertRedirect(assert, response, '/officer/batch/edit')
    assert.equal(response.flashMessages().batch.errors[0].row, 2)
    assert.isFalse(await created())
  })

  test('officers: an 18-digit NIP typed as a number is refused instead of being stored with other digits', async ({
    client,
    assert,
  }) => {
    const user = await editorOf(officers)
    const { row } = await officers.createRow()
    // Excel keeps 15 significant digits: 199001012015031234 arrives as 199001012015031230 or so.
    const typed = Number('199001012015031234')
    const response = await upload(
      client,
      user,
      officers,
      await sheet(officers, [{ ...row, NIP: typed }])
    ).redirects(0)
    const stored = await db.from('users').where('email', String(row['Email'])).first()
    assert.isNull(stored ?? null, `stored with NIP ${stored?.nip}`)
    assertRedirect(assert, response, '/officer/batch/edit')
  })

  test('facilities: a new facility from the file gets its fasyankes login with the given password', async ({
    client,
    assert,
  }) => {
    const user = await editorOf(facilities)
    const create = await facilities.createRow()
    const response = await upload(
      client,
      user,
      facilities,
      await sheet(facilities, [create.row])
    ).redirects(0)
    assertRedirect(assert, response, '/fasyankes/data')
    const account = await User.findByOrFail('email', String(create.row['Email Akun']))
    assert.deepEqual(account.roles, ['fasyankes'])
    assert.isTrue(await hash.verify(account.password, STRONG_PASSWORD))
    const facility = await db.from('fasyankes').where('id', account.fasyankesId!).first()
    assert.equal(facility.city_code, '73.06')
    const category = await db.from('fasyankes_categories').where('name', 'Klinik Pratama').first()
    assert.equal(Number(facility.category_id), Number(category.id))
  })

  test('facilities: province and city codes typed as numbers (73, 73.1) are read as the codes 73 and 73.10', async ({
    client,
    assert,
  }) => {
    const user = await editorOf(facilities)
    const { row } = await facilities.createRow()
    const response = await upload(
      client,
      user,
      facilities,
      await sheet(facilities, [{ ...row, 'Kode Provinsi': 73, 'Kode Kabupaten/Kota': 73.1 }])
    ).redirects(0)
    assertRedirect(assert, response, '/fasyankes/data')
    const stored = await db
      .from('fasyankes')
      .where('fasyankes_name', String(row['Nama Fasyankes']))
      .firstOrFail()
    assert.equal(stored.province_code, '73')
    assert.equal(stored.city_code, '73.10')
  })

  test('facilities: a new facility without a password is refused', async ({ client, assert }) => {
    const user = await editorOf(facilities)
    const { row, created } = await facilities.createRow()
    const response = await upload(
      client,
      user,
      facilities,
      await sheet(facilities, [{ ...row, 'Kata Sandi': null }])
    ).redirects(0)
    assertRedirect(assert, response, '/fasyankes/data/batch/edit')
    assert.equal((response.flashMessages() as any).batch.errors[0].row, 2)
    assert.isFalse(await created())
  })

  test('facilities: an unknown category or class name is reported on its row', async ({
    client,
    assert,
  }) => {
    const user = await editorOf(facilities)
    const { row } = await facilities.createRow()
    const response = await upload(
      client,
      user,
      facilities,
      await sheet(facilities, [{ ...row, Kategori: 'Apotek', Kelas: 'Kelas Z' }])
    ).redirects(0)
    const messages: string[] = response.flashMessages().batch.errors[0].messages
    assert.isTrue(messages.some((m) => m.includes('Apotek')))
    assert.isTrue(messages.some((m) => m.includes('Kelas Z')))
  })

  test('facilities: coordinates outside Indonesia are refused', async ({ client, assert }) => {
    const user = await editorOf(facilities)
    const { row, created } = await facilities.createRow()
    const response = await upload(
      client,
      user,
      facilities,
      await sheet(facilities, [{ ...row, Latitude: 40.7, Longitude: -74 }])
    ).redirects(0)
    assertRedirect(assert, response, '/fasyankes/data/batch/edit')
    assert.lengthOf(response.flashMessages().batch.errors[0].messages, 2)
    assert.isFalse(await created())
  })

  test('devices: Ya/Tidak become flags and an empty recalibration interval defaults to 12 months', async ({
    client,
    assert,
  }) => {
    const user = await editorOf(devices)
    const { row } = await devices.createRow()
    await upload(client, user, devices, await sheet(devices, [row])).redirects(0)
    const stored = await db
      .from('alkes')
      .where('alkes_code', String(row['Kode Alkes']))
      .firstOrFail()
    assert.equal(Number(stored.recalibration_months), 12)
    const offered = await db.from('alkes_services').where('alkes_id', stored.id)
    const services = offered.map((r) => r.order_type)
    assert.deepEqual(
      [
        services.includes('internal'),
        services.includes('insitu'),
        stored.is_tuntung_seharian,
        stored.pengujian_is_kan,
      ].map((v: unknown) => Boolean(Number(v))),
      [true, false, false, true]
    )
  })

  test('devices: an unknown laboratory, an unknown service or a Ya/Tidak cell with another word is refused', async ({
    client,
    assert,
  }) => {
    const user = await editorOf(devices)
    const { row, created } = await devices.createRow()
    const response = await upload(
      client,
      user,
      devices,
      await sheet(devices, [
        {
          ...row,
          'Laboratorium': 'Farmasi',
          'Pengujian KAN': 'Mungkin',
          'Layanan': 'Alat Datang, Antar Jemput',
        },
      ])
    ).redirects(0)
    const { messages } = response.flashMessages().batch.errors[0]
    assert.lengthOf(messages, 3)
    assert.include(
      messages,
      'Layanan tidak dikenal: Antar Jemput. Pilih dari: Alat Datang, Insitu.'
    )
    assert.isFalse(await created())
  })

  test('devices: the "Layanan" cell sets the services, and a file without the column keeps them', async ({
    client,
    assert,
  }) => {
    const user = await editorOf(devices)
    const { row } = await devices.createRow()
    const code = String(row['Kode Alkes'])
    const servicesOf = async () => {
      const stored = await db.from('alkes').where('alkes_code', code).firstOrFail()
      const offered = await db.from('alkes_services').where('alkes_id', stored.id)
      return offered.map((r) => r.order_type as string).sort()
    }
    await upload(
      client,
      user,
      devices,
      await sheet(devices, [{ ...row, Layanan: 'insitu; Alat Datang' }])
    ).redirects(0)
    assert.deepEqual(await servicesOf(), ['insitu', 'internal'])
    const withoutColumn = devices.headers.filter((header) => header !== 'Layanan')
    const changed: Row = { ...row, Tarif: 300000 }
    await upload(
      client,
      user,
      devices,
      await xlsxBuffer(withoutColumn, [withoutColumn.map((header) => changed[header] ?? null)])
    ).redirects(0)
    const saved = await db.from('alkes').where('alkes_code', code).firstOrFail()
    assert.equal(Number(saved.price), 300000)
    assert.deepEqual(await servicesOf(), ['insitu', 'internal'])
  })

  test('calibrators: the person in charge is found by NIP, the unit by name and Excel dates are read as dates', async ({
    client,
    assert,
  }) => {
    const user = await editorOf(calibrators)
    const ids = await referenceIds()
    const officer = await makeOfficer()
    const serial = `SN-${marker('BE').toUpperCase()}`
    const workbook = await xlsxBuffer(calibrators.headers, [
      [
        serial,
        'Infusion Device Analyzer',
        'Fluke',
        'Model',
        'IDA-5',
        4,
        'ukpr',
        officer.nip,
        'Tidak Baik',
        new Date(Date.UTC(2026, 0, 20)),
        new Date(Date.UTC(2027, 0, 20)),
      ],
    ])
    const response = await upload(client, user, calibrators, workbook).redirects(0)
    assertRedirect(assert, response, '/calibrator/data')
    const stored = await db.from('calibrators').where('serial_number', serial).firstOrFail()
    assert.equal(Number(stored.unit_id), ids.unitUkpr)
    assert.equal(Number(stored.bpfk_user_id), officer.id)
    assert.equal(stored.calibrator_condition, 'Bad')
    // PostgreSQL returns a Date for a date column, SQLite the text.
    const day = (value: unknown) =>
      (value instanceof Date ? value.toISOString() : String(value)).slice(0, 10)
    assert.equal(day(stored.last_calibration_date), '2026-01-20')
    assert.equal(day(stored.next_calibration_date), '2027-01-20')
  })

  test('calibrators: an unknown NIP and a next date before the last one are each reported on their row', async ({
    client,
    assert,
  }) => {
    const user = await editorOf(calibrators)
    const a = await calibrators.createRow()
    const b = await calibrators.createRow()
    const before = await snapshot(calibrators)
    const response = await upload(
      client,
      user,
      calibrators,
      await sheet(calibrators, [
        { ...a.row, 'NIP Penanggung Jawab': '000000000000000000' },
        { ...b.row, 'Kalibrasi Terakhir': '2026-05-01', 'Kalibrasi Berikutnya': '2026-04-01' },
      ])
    ).redirects(0)
    assert.deepEqual(
      response.flashMessages().batch.errors.map((e: { row: number }) => e.row),
      [2, 3]
    )
    assert.deepEqual(await snapshot(calibrators), before)
  })
})
