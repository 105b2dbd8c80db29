/**
 * Shared fixtures and helpers of the master-data functional tests (issue 3).
 * Not a spec file: the functional suite only picks up `*.spec.ts`.
 */
import { binary, pdfTextLines } from '#tests/helpers/downloads'
import ExcelJS from 'exceljs'
import db from '@adonisjs/lucid/services/db'
import User from '#models/user'
import UserRole from '#models/user_role'
import Fasyankes from '#models/fasyankes'
import type Alkes from '#models/alkes'
import Calibrator from '#models/calibrator'
import AuditLog from '#models/audit_log'
import { ROLES, type Role } from '#enums/roles'
import { PERMISSIONS, type Permission } from '#enums/permissions'
import { createDeviceType } from '#tests/factories/device_types'
import type { OrderType } from '#enums/order_types'

export const PASSWORD = 'kalibra2026'

let sequence = 0
/** A short marker unique within the run: letters only, so it never matches a number filter. */
export function marker(prefix = 'Zq') {
  sequence++
  const letters = (n: number) =>
    n
      .toString(26)
      .split('')
      .map((d) => String.fromCharCode(97 + Number.parseInt(d, 26)))
      .join('')
  return `${prefix}${letters(process.pid % 100000)}${letters(sequence)}`
}

/** An 18-digit NIP nobody else holds. */
export function uniqueNip() {
  sequence++
  return `19${String(process.pid % 10000).padStart(4, '0')}${String(Date.now() % 1e6).padStart(6, '0')}${String(sequence).padStart(6, '0')}`
}

/** Roles split by a permission, from the one permission map (never hand-listed). */
export function rolesSplit(permission: Permission) {
  const allowed: readonly Role[] = PERMISSIONS[permission]
  return {
    allowed: ROLES.filter((role) => allowed.includes(role)),
    refused: ROLES.filter((role) => !allowed.includes(role)),
  }
}

const accounts = new Map<Role, number>()

/**
 * A login holding exactly one role: the demo account `<role>@kalibra.test`
 * (facility: fasyankes@kalibra.test) when it holds exactly that role,
 * otherwise a fresh one made inside the running test's transaction.
 */
export async function accountWithRole(role: Role): Promise<User> {
  const known = accounts.get(role)
  if (known) {
    const user = await User.find(known)
    if (user && user.roles.length === 1 && user.roles[0] === role) return user
  }
  const email = role === 'fasyankes' ? 'fasyankes@kalibra.test' : `${role}@kalibra.test`
  const demo = await User.findBy('email', email)
  if (demo && demo.roles.length === 1 && demo.roles[0] === role) {
    accounts.set(role, demo.id)
    return demo
  }
  if (role === 'fasyankes') {
    const { account } = await makeFacility()
    return account
  }
  return makeOfficer({}, [role])
}

export async function makeOfficer(
  overrides: Partial<{
    name: string
    nip: string
    rank: string
    position: string
    email: string
    password: string
  }> = {},
  roles: Role[] = []
) {
  const tag = marker('Off')
  const user = await User.create({
    name: `Petugas ${tag}`,
    nip: uniqueNip(),
    rank: 'Penata Muda (III/a)',
    position: 'Teknisi Elektromedis',
    email: `${tag.toLowerCase()}@officer.kalibra.test`,
    password: PASSWORD,
    ...overrides,
  })
  if (roles.length) {
    await UserRole.createMany(roles.map((role) => ({ userId: user.id, role })))
  }
  return (await User.findOrFail(user.id))!
}

export async function referenceIds() {
  const category = (name: string) =>
    db
      .from('fasyankes_categories')
      .where('name', name)
      .firstOrFail()
      .then((r) => Number(r.id))
  const klass = (name: string) =>
    db
      .from('fasyankes_classes')
      .where('name', name)
      .firstOrFail()
      .then((r) => Number(r.id))
  const unit = (name: string) =>
    db
      .from('units')
      .where('name', name)
      .firstOrFail()
      .then((r) => Number(r.id))
  return {
    hospital: await category('Rumah Sakit'),
    puskesmas: await category('Puskesmas'),
    classB: await klass('Kelas B'),
    classC: await klass('Kelas C'),
    unitPk: await unit('PK'),
    unitUkpr: await unit('UKPR'),
    unitPdp: await unit('PDP'),
  }
}

export async function makeFacility(
  overrides: Partial<{
    fasyankesName: string
    type: 'Negeri' | 'Swasta'
    provinceCode: string
    cityCode: string
    categoryId: number
    classId: number
    email: string
  }> = {}
) {
  const ids = await referenceIds()
  const tag = marker('Fas')
  const { email, ...attributes } = overrides
  const facility = await Fasyankes.create({
    fasyankesName: `RS ${tag}`,
    phone: '0411-123456',
    address: 'Jl. Perintis Kemerdekaan No. 1',
    type: 'Negeri',
    provinceCode: '73',
    cityCode: '73.71',
    categoryId: ids.hospital,
    classId: ids.classB,
    pic: 'dr. Penanggung Jawab',
    picPhone: '081234567890',
    latitude: -5.14,
    longitude: 119.42,
    ...attributes,
  })
  const account = await User.create({
    name: facility.fasyankesName,
    email: email ?? `${tag.toLowerCase()}@fasyankes.kalibra.test`,
    password: PASSWORD,
    fasyankesId: facility.id,
  })
  await UserRole.create({ userId: account.id, role: 'fasyankes' })
  return { facility, account: await User.findOrFail(account.id) }
}

export async function makeAlkes(
  overrides: Partial<Alkes> = {},
  services: readonly OrderType[] = ['internal', 'insitu']
) {
  const tag = marker('Alk')
  return createDeviceType(
    {
      name: `Alat ${tag}`,
      laboratory: 'PK',
      category: null,
      price: 250000,
      minuteEstimation: 60,
      alkesCode: tag.toUpperCase(),
      recalibrationMonths: 12,
      isTuntungSeharian: false,
      pengujianIsKan: false,
      kalibrasiIsKan: false,
      hasLaikDescription: true,
      ...overrides,
    },
    services
  )
}

export async function makeCalibrator(overrides: Partial<Calibrator> = {}) {
  const ids = await referenceIds()
  const tag = marker('Kal')
  return Calibrator.create({
    name: `Kalibrator ${tag}`,
    merk: 'Fluke',
    typeModelCategory: 'Tipe',
    typeModel: 'ESA615',
    serialNumber: `SN-${tag.toUpperCase()}`,
    channelCount: 1,
    unitId: ids.unitPk,
    calibratorCondition: 'Good',
    isAvailable: true,
    ...overrides,
  })
}

export async function countRows(table: string, where?: Record<string, unknown>) {
  const query = db.from(table)
  if (where) query.where(where)
  const row = await query.count('* as total').first()
  return Number(row?.total ?? 0)
}

export async function auditEntries(action: string, subjectId?: number | string) {
  const query = AuditLog.query().where('action', action).orderBy('id')
  if (subjectId !== undefined) query.where('subject_id', String(subjectId))
  return query
}

/** Field names holding validation errors in the flash of a redirected form submission. */
export function errorFields(response: { flashMessages(): Record<string, any> }) {
  return Object.keys(response.flashMessages().inputErrorsBag ?? {}).sort()
}

/* ---------------------------------------------------------------- XLSX */

/** An in-memory XLSX: first sheet with the header row and the data rows. */
export async function xlsxBuffer(headers: string[], rows: (string | number | Date | null)[][]) {
  const workbook = new ExcelJS.Workbook()
  const sheet = workbook.addWorksheet('Data')
  sheet.addRow(headers)
  for (const row of rows) sheet.addRow(row)
  return Buffer.from(await workbook.xlsx.writeBuffer())
}

export async function readWorkbook(buffer: Buffer) {
  const workbook = new ExcelJS.Workbook()
  await workbook.xlsx.load(buffer as unknown as ArrayBuffer)
  return workbook
}

export function rowValues(sheet: ExcelJS.Worksheet, rowNumber: number) {
  const values = sheet.getRow(rowNumber).values as unknown[]
  return values.slice(1).map((value) => (value === undefined ? null : value))
}

/** The table of a list's Excel export: header labels and rows as label -> text. */
export async function exportedTable(buffer: Buffer) {
  const workbook = await readWorkbook(buffer)
  const sheet = workbook.worksheets[0]
  let headerRow = 0
  sheet.eachRow((row, number) => {
    if (!headerRow && row.getCell(1).value === 'No') headerRow = number
  })
  if (!headerRow) throw new Error('export has no header row')
  const headers = rowValues(sheet, headerRow).map(String)
  const rows: Record<string, string>[] = []
  for (let n = headerRow + 1; n <= sheet.rowCount; n++) {
    const values = rowValues(sheet, n)
    if (values.every((v) => v === null || v === '')) continue
    rows.push(
      Object.fromEntries(
        headers.map((h, i) => [
          h,
          values[i] === null || values[i] === undefined ? '' : String(values[i]),
        ])
      )
    )
  }
  return { headers, rows, title: String(sheet.getRow(1).getCell(1).value ?? '') }
}

/* ---------------------------------------------------------------- PDF */

/* ---------------------------------------------------------------- binary responses */

const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'

export { XLSX_MIME }

/** A redirect (302, or 303 after an Inertia PUT) to the given path. */
export function isRedirectTo(
  response: { status(): number; header(k: string): string | undefined },
  path?: string
) {
  return (
    [302, 303].includes(response.status()) &&
    (path === undefined || response.header('location') === path)
  )
}
export function assertRedirect(
  assert: {
    include(a: unknown, b: unknown, m?: string): void
    equal(a: unknown, b: unknown, m?: string): void
  },
  response: { status(): number; header(k: string): string | undefined },
  path?: string
) {
  assert.include([302, 303], response.status(), `expected a redirect, got ${response.status()}`)
  if (path !== undefined) assert.equal(response.header('location'), path)
}

/* ---------------------------------------------------------------- route matrices */

type Client = { get(path: string): any; post(path: string): any; put(path: string): any }

/**
 * Every role opens every page: roles with the permission must get 200 and the
 * component, every other role 403. Returns the mismatches (empty when right).
 */
export async function pageAccessMismatches(
  client: Client,
  permission: Permission,
  pages: [path: string, component: string][]
) {
  const { allowed } = rolesSplit(permission)
  const mismatches: string[] = []
  for (const role of ROLES) {
    const user = await accountWithRole(role)
    const expected = allowed.includes(role) ? 200 : 403
    for (const [path, component] of pages) {
      const response = await client.get(path).loginAs(user).withInertia()
      if (response.status() !== expected)
        mismatches.push(`${role} GET ${path}: ${response.status()}, expected ${expected}`)
      else if (expected === 200 && component && response.inertiaComponent !== component)
        mismatches.push(
          `${role} GET ${path}: component ${response.inertiaComponent}, expected ${component}`
        )
    }
  }
  return mismatches
}

/**
 * Every role submits a write built fresh for it: roles with the permission must
 * get the redirect of a successful save and `written` must hold afterwards;
 * every other role must get 403 and `written` must not hold.
 */
export async function writeAccessMismatches<P>(
  client: Client,
  permission: Permission,
  write: {
    method: 'post' | 'put'
    path: string
    payload: () => Promise<P> | P
    location: string
    written: (payload: P) => Promise<boolean>
  }
) {
  const { allowed } = rolesSplit(permission)
  const mismatches: string[] = []
  for (const role of ROLES) {
    const user = await accountWithRole(role)
    const payload = await write.payload()
    const response = await client[write.method](write.path)
      .loginAs(user)
      .withCsrfToken()
      .withInertia()
      .json(payload)
      .redirects(0)
    const written = await write.written(payload)
    if (allowed.includes(role)) {
      if (!isRedirectTo(response, write.location) || !written)
        mismatches.push(
          `${role}: ${response.status()} ${response.header('location') ?? ''}, written=${written}`
        )
    } else if (response.status() !== 403 || written) {
      mismatches.push(
        `${role}: ${response.status()}, written=${written}, expected 403 and nothing written`
      )
    }
  }
  return mismatches
}

/* ---------------------------------------------------------------- list exports */

/** The Excel export, the PDF export and the datatable of one list with the same filters. */
export async function listOutputs(
  client: Client,
  user: User,
  base: string,
  qs: Record<string, string>
) {
  const excel = await binary(client.get(`${base}/print/excel`))
    .qs(qs)
    .loginAs(user)
  const pdf = await binary(client.get(`${base}/print/pdf`))
    .qs(qs)
    .loginAs(user)
  const datatable = await client
    .get(`${base}/datatable`)
    .qs({ ...qs, limit: '100' })
    .loginAs(user)
  if (excel.status() !== 200 || pdf.status() !== 200 || datatable.status() !== 200) {
    throw new Error(
      `exports answered ${excel.status()}/${pdf.status()}/${datatable.status()} for ${JSON.stringify(qs)}`
    )
  }
  const table = await exportedTable(excel.body() as Buffer)
  const pdfLines = pdfTextLines(pdf.body() as Buffer)
  return {
    excel: table,
    excelHeaders: table.headers,
    pdfLines,
    pdfText: pdfLines.join('\n'),
    datatable: datatable.body() as any,
  }
}

/** The roles a user holds now, read fresh. */
export async function rolesOf(userId: number) {
  const user = await User.findOrFail(userId)
  return user.roles
}

/** One column of one row, read fresh (undefined when the row is gone). */
export async function valueOf(table: string, id: number, column: string) {
  const row = await db.from(table).where('id', id).first()
  return row?.[column]
}

export { binary, pdfTextLines }
