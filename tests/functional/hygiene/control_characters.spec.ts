import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import hash from '@adonisjs/core/services/hash'
import db from '@adonisjs/lucid/services/db'
import User from '#models/user'
import { freshEmail, makeStaff } from '#tests/helpers/accounts'
import {
  XLSX_MIME,
  accountWithRole,
  countRows,
  makeFacility,
  marker,
  referenceIds,
  rolesSplit,
  uniqueNip,
  xlsxBuffer,
} from '#tests/functional/master_data/_support'
import {
  makeAlkes,
  makeOrder,
  orderFields,
  pdfBuffer,
  userByEmail,
} from '#tests/functional/internal_orders/_support'
import { sheetXml, workbookEntries, zip } from '#tests/helpers/zip'

/**
 * Issue 8, point 9: forms stored NUL and ESC, and on PostgreSQL a NUL in a
 * name answered 500. Every form below gets NUL (U+0000) and ESC (U+001B) in
 * its text fields: the answer is the normal one (never a 500), the stored
 * values have the control characters removed, tab/LF/CR survive only in a
 * multi-line field (a textarea), and no table touched holds a control
 * character afterwards.
 */
const NUL = '\u0000'
const ESC = '\u001b'

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/
// eslint-disable-next-line no-control-regex
const ANY_CONTROL = /[\u0000-\u001F\u007F]/
/** Columns that are textareas in the forms: they may keep tab, LF and CR. */
const MULTILINE_COLUMNS = new Set(['order_description', 'critic', 'admin_description'])

const TABLES = [
  'users',
  'fasyankes',
  'alkes',
  'calibrators',
  'orders',
  'internal_orders',
  'order_devices',
  'audit_logs',
]

/** Every control character stored in the tables a form writes (JSON columns read too). */
async function storedControlCharacters() {
  const found: string[] = []
  const inspect = (where: string, column: string, value: unknown): void => {
    if (value === null || value === undefined) return
    if (typeof value === 'string') {
      const rule = MULTILINE_COLUMNS.has(column) ? CONTROL : ANY_CONTROL
      if (rule.test(value)) found.push(`${where}.${column}: ${JSON.stringify(value)}`)
      if (/^[[{]/.test(value)) {
        try {
          inspect(where, column, JSON.parse(value))
        } catch {}
      }
      return
    }
    if (typeof value === 'object' && !(value instanceof Date) && !Buffer.isBuffer(value))
      for (const [key, item] of Object.entries(value)) inspect(where, key, item)
  }
  for (const table of TABLES) {
    for (const row of await db.from(table).select('*'))
      for (const [column, value] of Object.entries(row))
        inspect(`${table}#${row.id}`, column, value)
  }
  return found
}

function inertia(client: any, method: 'post' | 'put', path: string, user?: User) {
  const request = client[method](path).withCsrfToken().withInertia()
  return (user ? request.loginAs(user) : request).redirects(0)
}

function assertAnswered(assert: any, response: any, location?: string) {
  assert.include([302, 303], response.status(), `answered ${response.status()}`)
  if (location) assert.equal(response.header('location'), location)
  assert.deepEqual(response.flashMessages()?.inputErrorsBag ?? {}, {}, 'no field refused')
}

test.group('Control characters | every form', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('sign-in: NUL and ESC around the email and password still sign in, and the audit holds none', async ({
    client,
    assert,
  }) => {
    const email = freshEmail('ctl')
    await makeStaff(['yantek'], { email, password: 'Kalibrasi-Makassar-2026' })
    const response = await inertia(client, 'post', '/auth/verify').json({
      email: `${NUL}${email}${ESC}`,
      password: `Kalibrasi-Makassar-2026${NUL}`,
    })
    assert.include([302, 303], response.status())
    assert.notEqual(response.header('location'), '/login')
    assert.deepEqual(await storedControlCharacters(), [])
  })

  test('staff profile: name, rank and position are stored without the control characters', async ({
    client,
    assert,
  }) => {
    const user = await makeStaff(['admin_ukpr'], { name: 'Profil Lama', nip: uniqueNip() })
    const response = await inertia(client, 'put', '/profile', user)
      .header('referer', '/profile')
      .json({
        name: `Profil${NUL} Staf${ESC}[31m`,
        nip: user.nip,
        rank: `Penata${NUL} (III/c)`,
        position: `Teknisi\tElektromedis\nAhli`,
      })
    assertAnswered(assert, response, '/profile')
    const stored = await User.findOrFail(user.id)
    assert.deepEqual(
      [stored.name, stored.rank, stored.position],
      ['Profil Staf[31m', 'Penata (III/c)', 'Teknisi Elektromedis Ahli']
    )
    assert.deepEqual(await storedControlCharacters(), [])
  })

  test('facility profile: name, address and person in charge are stored without them', async ({
    client,
    assert,
  }) => {
    const { facility, account } = await makeFacility()
    const response = await inertia(client, 'put', '/profile', account)
      .header('referer', '/profile')
      .json({
        name: `RS${NUL} Sehat${ESC} Sentosa`,
        phone: facility.phone,
        address: `Jl. Poros${NUL}\r\nMalino No. 1`,
        type: facility.type,
        province: facility.provinceCode,
        city: facility.cityCode,
        category_id: facility.categoryId,
        class_id: facility.classId,
        pic_name: `dr.${ESC} Andi`,
        pic_phone: facility.picPhone,
        email: account.email,
      })
    assertAnswered(assert, response, '/profile')
    const stored = await db.from('fasyankes').where('id', facility.id).firstOrFail()
    assert.deepEqual(
      [stored.fasyankes_name, stored.address, stored.pic],
      ['RS Sehat Sentosa', 'Jl. Poros Malino No. 1', 'dr. Andi']
    )
    assert.deepEqual(await storedControlCharacters(), [])
  })

  test('password: control characters are removed before the old password is checked and the new one hashed', async ({
    client,
    assert,
  }) => {
    const user = await makeStaff(['yantek'], { password: 'Lama-Kalibra-2026' })
    const response = await inertia(client, 'put', '/password', user)
      .header('referer', '/password')
      .json({
        old_password: `Lama-Kalibra-2026${NUL}`,
        new_password: `Baru-Kalibra${ESC}-2026`,
        password_confirmation: `Baru-Kalibra-2026${NUL}`,
      })
    assertAnswered(assert, response)
    const stored = await User.findOrFail(user.id)
    assert.isTrue(await hash.verify(stored.password, 'Baru-Kalibra-2026'))
    assert.deepEqual(await storedControlCharacters(), [])
  })

  test('officer create and update: stored without them', async ({ client, assert }) => {
    const admin = await accountWithRole(rolesSplit('officer.edit').allowed[0])
    const tag = marker('Ctl')
    const nip = uniqueNip()
    const created = await inertia(client, 'post', '/officer/store', admin).json({
      name: `Petugas${NUL} ${tag}${ESC}`,
      nip: `${nip}${NUL}`,
      rank: `Penata${ESC} (III/c)`,
      position: 'Teknisi',
      email: `${tag.toLowerCase()}@kalibra.test${NUL}`,
      password: 'Kalibrasi-Makassar-2026',
      confirmation_password: 'Kalibrasi-Makassar-2026',
    })
    assertAnswered(assert, created)
    const officer = await User.findByOrFail('nip', nip)
    assert.deepEqual(
      [officer.name, officer.rank, officer.email],
      [`Petugas ${tag}`, 'Penata (III/c)', `${tag.toLowerCase()}@kalibra.test`]
    )

    const updated = await inertia(client, 'put', `/officer/${officer.id}/update`, admin).json({
      name: `Petugas${ESC} Baru${NUL}`,
      nip,
      rank: 'Penata (III/c)',
      position: `Teknisi${NUL}\nAhli`,
      email: officer.email,
    })
    assertAnswered(assert, updated)
    const after = await User.findOrFail(officer.id)
    assert.deepEqual([after.name, after.position], ['Petugas Baru', 'Teknisi Ahli'])
    assert.deepEqual(await storedControlCharacters(), [])
  })

  test('facility (master data): stored without them', async ({ client, assert }) => {
    const yantek = await accountWithRole(rolesSplit('fasyankes.edit').allowed[0])
    const ids = await referenceIds()
    const tag = marker('Cf')
    const response = await inertia(client, 'post', '/fasyankes/data/store', yantek).json({
      fasyankes_name: `Klinik${NUL} ${tag}${ESC}`,
      phone: '0411-8222134',
      address: `Jl. Poros${ESC} Malino`,
      type: 'Swasta',
      province: '73',
      city: '73.06',
      category_id: String(ids.puskesmas),
      class_id: String(ids.classC),
      pic: `dr.${NUL} Andi Rahman`,
      pic_phone: '081234567890',
      latitude: '-5.2041',
      longitude: '119.4539',
      email: `${tag.toLowerCase()}@fasyankes.kalibra.test`,
      password: 'Kalibrasi-Makassar-2026',
      c_password: 'Kalibrasi-Makassar-2026',
    })
    assertAnswered(assert, response, '/fasyankes/data')
    const stored = await db.from('fasyankes').where('fasyankes_name', `Klinik ${tag}`).firstOrFail()
    assert.deepEqual([stored.address, stored.pic], ['Jl. Poros Malino', 'dr. Andi Rahman'])
    assert.deepEqual(await storedControlCharacters(), [])
  })

  test('device (alkes) and calibrator: stored without them', async ({ client, assert }) => {
    const alkesEditor = await accountWithRole(rolesSplit('alkes.edit').allowed[0])
    const code = marker('CA').toUpperCase()
    const alkes = await inertia(client, 'post', '/alkes/data/store', alkesEditor).json({
      name: `Infant${NUL} Incubator${ESC}`,
      laboratory: 'PK',
      category: null,
      price: '350000',
      minute_estimation: '90',
      alkes_code: `${code}${NUL}`,
      mk_code: `MK${ESC} 003-17`,
      recalibration_months: '12',
      is_tuntung_seharian: false,
      is_internal: true,
      is_insitu: false,
      pengujian_is_kan: true,
      kalibrasi_is_kan: false,
      has_laik_description: true,
    })
    assertAnswered(assert, alkes, '/alkes/data')
    const device = await db.from('alkes').where('alkes_code', code).firstOrFail()
    assert.deepEqual([device.name, device.mk_code], ['Infant Incubator', 'MK 003-17'])

    const calibratorEditor = await accountWithRole(rolesSplit('calibrator.edit').allowed[0])
    const ids = await referenceIds()
    const serial = `SN-${marker('CK').toUpperCase()}`
    const calibrator = await inertia(
      client,
      'post',
      '/calibrator/data/store',
      calibratorEditor
    ).json({
      name: `Gas${NUL} Flow Analyzer`,
      merk: `Fluke${ESC}`,
      type_model_category: 'Tipe',
      type_model: `VT${NUL}900A`,
      serial_number: serial,
      channel_count: '2',
      unit_id: String(ids.unitPk),
      bpfk_user_id: null,
      calibrator_condition: 'Good',
      last_calibration_date: '2026-03-10',
      next_calibration_date: '2027-03-10',
    })
    assertAnswered(assert, calibrator, '/calibrator/data')
    const stored = await db.from('calibrators').where('serial_number', serial).firstOrFail()
    assert.deepEqual(
      [stored.name, stored.merk, stored.type_model],
      ['Gas Flow Analyzer', 'Fluke', 'VT900A']
    )
    assert.deepEqual(await storedControlCharacters(), [])
  })

  test('order create (multipart) and its approval note (a textarea keeps its line breaks)', async ({
    client,
    assert,
  }) => {
    const facility = await userByEmail('fasyankes@kalibra.test')
    const alkes = await makeAlkes()
    const before = await countRows('orders')
    const response = await client
      .post('/internal')
      .loginAs(facility)
      .withCsrfToken()
      .withInertia()
      .file('letter', pdfBuffer(), { filename: 'surat.pdf' })
      .fields(
        orderFields([{ alkes_id: alkes.id, quantity: 1, description: `Ruang${NUL} IGD${ESC}` }], {
          contact_person_name: `Rahmat${NUL} Hidayat${ESC}`,
        })
      )
      .redirects(0)
    assertAnswered(assert, response)
    assert.equal(await countRows('orders'), before + 1)
    const order = await db.from('internal_orders').orderBy('order_id', 'desc').firstOrFail()
    assert.equal(order.contact_person_name, 'Rahmat Hidayat')
    const line = await db.from('order_devices').where('order_id', order.order_id).first()
    assert.equal(line.description, 'Ruang IGD')

    const { order: waiting } = await makeOrder({ status: 'MENUNGGU' })
    const approved = await inertia(
      client,
      'post',
      `/internal/${waiting.id}/confirm/approve`,
      await userByEmail('admin_pk@kalibra.test')
    )
      .header('referer', `/internal/${waiting.id}/detail`)
      .json({ order_description: `Baris satu${NUL}\nBaris\tdua${ESC}` })
    assertAnswered(assert, approved)
    const note = await db.from('internal_orders').where('order_id', waiting.id).firstOrFail()
    assert.equal(note.order_description, 'Baris satu\nBaris\tdua')
    assert.deepEqual(await storedControlCharacters(), [])
  })

  test('batch row: tab and line breaks in a cell become spaces; a raw ESC makes the file unreadable, never a 500', async ({
    client,
    assert,
  }) => {
    const admin = await accountWithRole(rolesSplit('officer.edit').allowed[0])
    const upload = (body: Buffer) =>
      client
        .post('/officer/batch/update')
        .loginAs(admin)
        .withCsrfToken()
        .withInertia()
        .file('file', body, { filename: 'petugas.xlsx', contentType: XLSX_MIME })
        .redirects(0)
    const headers = ['NIP', 'Nama', 'Pangkat/Golongan', 'Jabatan', 'Email', 'Kata Sandi']
    const tag = marker('Cb')
    const nip = uniqueNip()
    const row = [
      nip,
      `Petugas\t${tag}\nBatch`,
      'Penata (III/c)',
      'Teknisi\r\nElektromedis',
      `${tag.toLowerCase()}@kalibra.test`,
      'Kalibrasi-Makassar-2026',
    ]
    const accepted = await upload(await xlsxBuffer(headers, [row]))
    assert.equal(accepted.header('location'), '/officer', JSON.stringify(accepted.flashMessages()))
    const officer = await User.findByOrFail('nip', nip)
    assert.deepEqual(
      [officer.name, officer.position],
      [`Petugas ${tag} Batch`, 'Teknisi Elektromedis']
    )

    const escNip = uniqueNip()
    const users = await countRows('users')
    const refused = await upload(
      zip(workbookEntries(sheetXml([headers, [escNip, `Petugas${ESC} Lain`, 'x', 'y', 'a@b.c']])))
    )
    assert.equal(refused.header('location'), '/officer/batch/edit')
    assert.match((refused.flashMessages() as any).batch.message, /tidak dapat dibaca sebagai Excel/)
    assert.equal(await countRows('users'), users)
    assert.deepEqual(await storedControlCharacters(), [])
  })

  test('unknown accounts and list queries: NUL in the email or the search answers normally', async ({
    client,
    assert,
  }) => {
    const response = await inertia(client, 'post', '/auth/verify').json({
      email: `tidak-ada${NUL}@kalibra.test`,
      password: `salah${ESC}`,
    })
    assert.include([302, 303], response.status())
    const admin = await accountWithRole('admin_pk')
    const list = await client
      .get(`/officer/datatable?search=${encodeURIComponent(`a${NUL}b${ESC}`)}&name=%00`)
      .loginAs(admin)
      .header('accept', 'application/json')
    assert.equal(list.status(), 200)
    assert.deepEqual(await storedControlCharacters(), [])
  })
})
