/**
 * Fixtures and helpers of the incoming-equipment (Alat Datang, DT) order tests
 * (issue 4). Not a spec file: the suites only pick up `*.spec.ts`.
 *
 * Orders are put straight into the database in whatever status a test needs,
 * so each test exercises one action, not the whole lifecycle before it.
 */
import { binary, pdfTextLines } from '#tests/helpers/downloads'
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import type Alkes from '#models/alkes'
import User from '#models/user'
import Order from '#models/order'
import OrderDevice from '#models/order_device'
import InternalOrder from '#models/internal_order'
import type { Role } from '#enums/roles'
import { databaseNow } from '#services/database_time'
import type { InternalStatus } from '#workflows/internal_order_workflow'
import { insertedId } from '#services/query_results'
import { createDeviceType } from '#tests/factories/device_types'

export const PASSWORD = 'kalibra2026'
export const FACILITY_EMAIL = 'fasyankes@kalibra.test'
export const OTHER_FACILITY_EMAIL = 'fasyankes2@kalibra.test'

/** Every order status, in the order of the lifecycle. */
export const STATUSES: InternalStatus[] = [
  'MENUNGGU',
  'ORDER DITERIMA',
  'DITOLAK',
  'ALAT DITERIMA',
  'PROSES PENGERJAAN',
  'MENUNGGU FEEDBACK',
  'SELESAI',
]

/**
 * The roles the matrix tries. The first six may open the Alat Datang menu;
 * supervisor_of_pk_laboratory may not (the route guard answers 403).
 */
export const MATRIX_ROLES: Role[] = [
  'fasyankes',
  'yantek',
  'admin_pk',
  'officer_pk',
  'treasurer',
  'head_of_pk_laboratory',
  'supervisor_of_pk_laboratory',
]

let sequence = 0
/** A short marker unique within the run. */
export function marker(prefix = 'Dt') {
  sequence++
  return `${prefix}${process.pid.toString(36)}${sequence.toString(36)}`
}

const users = new Map<string, number>()
export async function userByEmail(email: string) {
  const known = users.get(email)
  const user = known ? await User.find(known) : await User.findBy('email', email)
  if (!user) throw new Error(`Demo account ${email} is missing`)
  users.set(email, user.id)
  return user
}

/** The demo account of a role: `<role>@kalibra.test`; a facility is fasyankes@kalibra.test. */
export function userWithRole(role: Role) {
  return userByEmail(role === 'fasyankes' ? FACILITY_EMAIL : `${role}@kalibra.test`)
}

/** A device type offered for incoming service, with its own tariff and time. */
export async function makeAlkes(
  overrides: Partial<{
    name: string
    price: number
    minuteEstimation: number
    recalibrationMonths: number
    isInternal: boolean
  }> = {}
) {
  const tag = marker('Ak')
  return createDeviceType(
    {
      name: overrides.name ?? `Alat Uji ${tag}`,
      laboratory: 'PK',
      category: null,
      price: overrides.price ?? 175_000,
      minuteEstimation: overrides.minuteEstimation ?? 60,
      alkesCode: `UJI-${tag}`,
      recalibrationMonths: overrides.recalibrationMonths ?? 12,
      isTuntungSeharian: false,
      pengujianIsKan: false,
      kalibrasiIsKan: false,
      hasLaikDescription: true,
    },
    (overrides.isInternal ?? true) ? ['internal'] : []
  )
}

export interface OrderFixture {
  order: Order
  devices: OrderDevice[]
}

/**
 * An order of the facility in the given status, with `devices` device orders
 * of one fresh device type. From ALAT DITERIMA on the devices carry merk,
 * model and serial number; from PROSES PENGERJAAN on they have an officer.
 * `deviceStatus` sets every device's status (BELUM SELESAI by default).
 */
export async function makeOrder(
  options: {
    status?: InternalStatus
    fasyankesId?: number
    devices?: number
    alkes?: Alkes
    officerId?: number | null
    deviceStatus?: 'BELUM SELESAI' | 'SELESAI' | 'BATAL UJI'
    serviceType?: string
    deliveryDate?: string
  } = {}
): Promise<OrderFixture> {
  const status = options.status ?? 'MENUNGGU'
  const facility = options.fasyankesId ? null : await userByEmail(FACILITY_EMAIL)
  const fasyankesId = options.fasyankesId ?? facility!.fasyankesId!
  const alkes = options.alkes ?? (await makeAlkes())
  const received = STATUSES.indexOf(status) >= STATUSES.indexOf('ALAT DITERIMA')
  const working = STATUSES.indexOf(status) >= STATUSES.indexOf('PROSES PENGERJAAN')
  const order = await Order.create({
    type: 'internal',
    number: `DT/FX/${marker('')}`.slice(0, 30),
    status,
    userId: null,
    fasyankesId,
    deviceCount: options.deviceStatus === 'BATAL UJI' ? 0 : (options.devices ?? 2),
    totalPrice: options.deviceStatus === 'BATAL UJI' ? 0 : alkes.price * (options.devices ?? 2),
  })
  await InternalOrder.create({
    orderId: order.id,
    deliveryDateEstimation: DateTime.fromISO(options.deliveryDate ?? '2027-03-01'),
    arrivalDateEstimation: DateTime.fromISO(options.deliveryDate ?? '2027-03-01'),
    contactPersonName: 'Rahmat Hidayat',
    contactPersonPhone: '081234567890',
    deliveryOption: 'Diantar oleh pihak pertama',
    deliveryTravelName: null,
    serviceType: options.serviceType ?? 'Reguler',
    orderDescription: null,
    estimatedMinutes: alkes.minuteEstimation * (options.devices ?? 2),
  })
  const defaultOfficer = working ? await userByEmail('officer_pk@kalibra.test') : null
  const officerId =
    options.officerId !== undefined ? options.officerId : (defaultOfficer?.id ?? null)
  const devices = await OrderDevice.createMany(
    Array.from({ length: options.devices ?? 2 }, (_, i) => ({
      orderId: order.id,
      lab: 'pk' as const,
      alkesId: alkes.id,
      price: alkes.price,
      minuteEstimation: alkes.minuteEstimation,
      description: null,
      status: options.deviceStatus ?? ('BELUM SELESAI' as const),
      merk: received ? 'Omron' : null,
      model: received ? 'HEM-7120' : null,
      serialNumber: received ? `SN-${order.id}-${i + 1}` : null,
      functionality: received ? 'Baik' : null,
      officerId,
    }))
  )
  return { order, devices }
}

/** Everything about an order an action could change, to prove a refusal changed nothing. */
export async function snapshot(orderId: number) {
  const order = await orderRow(orderId)
  const devices = await db
    .from('order_devices')
    .where('order_id', orderId)
    .orderBy('id')
    .select(
      'id',
      'status',
      'officer_id',
      'merk',
      'serial_number',
      'worksheet_saved_at',
      'admin_description'
    )
  return {
    status: order?.status ?? null,
    description: order?.order_description ?? null,
    devices,
    audits: await auditCount(orderId),
    receives: await countRows('internal_receives', { order_id: orderId }),
    handovers: await countRows('internal_handovers', { order_id: orderId }),
    feedbacks: await countRows('feedbacks', { order_id: orderId }),
    files: await countRows('order_files', { order_id: orderId }),
    labels: await db
      .from('label_requests')
      .where('order_id', orderId)
      .select('status')
      .then((rows) => rows.map((row) => row.status)),
  }
}

/**
 * An order as one row: the shared columns (orders) with the incoming-equipment
 * ones (internal_orders), as the tests read them.
 */
export function orderRow(orderId: number) {
  return db
    .from('orders as o')
    .leftJoin('internal_orders as io', 'io.order_id', 'o.id')
    .where('o.id', orderId)
    .select('o.*', 'io.*', 'o.id as id')
    .first()
}

/** An order's device lines, oldest first. */
export function deviceRows(orderId: number) {
  return db.from('order_devices').where('order_id', orderId).orderBy('id')
}

/** The stored key or link of a device line's current file of a kind (worksheet, certificate, result). */
export async function currentFileOf(deviceId: number, kind: string) {
  const file = await db
    .from('order_files')
    .where('order_device_id', deviceId)
    .where('kind', kind)
    .whereNull('superseded_at')
    .orderBy('id', 'desc')
    .first()
  return file ? ((file.storage_key ?? file.external_url) as string) : null
}

export async function countRows(table: string, where?: Record<string, unknown>) {
  const query = db.from(table)
  if (where) query.where(where)
  const row = await query.count('* as total').first()
  return Number(row?.total ?? 0)
}

/** Audit rows of an order of either type (one `orders` table: the ids never clash). */
export async function auditCount(orderId: number, action?: string) {
  const query = db
    .from('audit_logs')
    .whereIn('subject_type', ['internal_order', 'insitu_order'])
    .where('subject_id', String(orderId))
  if (action) query.where('action', action)
  const row = await query.count('* as total').first()
  return Number(row?.total ?? 0)
}

export async function statusOf(orderId: number) {
  const row = await db.from('orders').where('id', orderId).select('status').first()
  return (row?.status ?? null) as InternalStatus | null
}

/** The smallest well-formed PDF: what a scanned letter looks like to a type sniffer. */
export function pdfBuffer(extraBytes = 0) {
  const body = [
    '%PDF-1.4',
    '1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj',
    '2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj',
    '3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >> endobj',
    'trailer << /Root 1 0 R >>',
    '%%EOF',
    '',
  ].join('\n')
  return Buffer.concat([Buffer.from(body), Buffer.alloc(extraBytes, 0x20)])
}

/** A 1x1 PNG. */
export function pngBuffer() {
  return Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
    'base64'
  )
}

/** The text fields of a valid order form, flattened the way a browser sends multipart. */
export function orderFields(
  lines: { alkes_id: number; quantity: number; price?: number; description?: string }[],
  overrides: Record<string, string> = {}
) {
  const fields: Record<string, string> = {
    delivery_date_estimation: '2027-03-01',
    arrival_date_estimation: '2027-03-01',
    contact_person_name: 'Rahmat Hidayat',
    contact_person_phone: '081234567890',
    delivery_option: 'Diantar oleh pihak pertama',
    delivery_travel_name: '',
    service_type: 'Reguler',
    ...overrides,
  }
  lines.forEach((line, index) => {
    fields[`alkes[${index}][alkes_id]`] = String(line.alkes_id)
    fields[`alkes[${index}][quantity]`] = String(line.quantity)
    if (line.price !== undefined) fields[`alkes[${index}][price]`] = String(line.price)
    if (line.description !== undefined) fields[`alkes[${index}][description]`] = line.description
  })
  for (const [key, value] of Object.entries(fields)) if (value === '') delete fields[key]
  return fields
}

/** The same order form as JSON (edits may go without a new letter). */
export function orderJson(
  lines: { alkes_id: number; quantity: number }[],
  overrides: Record<string, unknown> = {}
) {
  return {
    delivery_date_estimation: '2027-03-01',
    arrival_date_estimation: '2027-03-01',
    contact_person_name: 'Rahmat Hidayat',
    contact_person_phone: '081234567890',
    delivery_option: 'Diantar oleh pihak pertama',
    service_type: 'Reguler',
    alkes: lines,
    ...overrides,
  }
}

export function receivePayload(devices: { id: number }[], checkerId: number) {
  return {
    checker: checkerId,
    contact_person_name: 'Rahmat Hidayat',
    contact_person_phone: '081234567890',
    received_date: '2027-03-01',
    done_estimation_date: '2027-03-05',
    alkes_orders: devices.map((device, index) => ({
      id: device.id,
      merk: 'Omron',
      model: 'HEM-7120',
      serial_number: `RCV-${device.id}-${index + 1}`,
      functionality: 'Baik',
      accessories: 'Manset, adaptor',
    })),
    review_request: true,
    officer_readiness: true,
    equipment_condition: true,
    accommodation_and_environment: true,
    calibration_ability: true,
    workload: true,
    calibration_method_compatibility: true,
  }
}

export function worksheetPayload(officerId: number, overrides: Record<string, unknown> = {}) {
  return {
    merk: 'Omron',
    model: 'HEM-7120',
    serial_number: 'WS-0001',
    type: 'Kalibrasi',
    additional_order_number: '',
    // Blank: the lab's next number is given (certificate numbers are unique).
    certificate_number: '',
    certificate_month: 3,
    // Work is done by the time its worksheet is saved: never a future date.
    work_date: '2026-03-03',
    work_place: 'Laboratorium Kalibrasi Kalibra',
    room_name: 'Ruang Kalibrasi 1',
    is_laik: '1',
    officer_id: officerId,
    ...overrides,
  }
}

export const HANDOVER_PAYLOAD = {
  contact_person_receiver_name: 'Rahmat Hidayat',
  contact_person_receiver_phone: '081234567890',
  alkes_accordingly: true,
  certificate_handedover: true,
  alkes_checked: true,
  cancel_test: false,
}

export function feedbackPayload(rating = 5) {
  const codes = [
    '1_a_K_1',
    '2_a_K_2',
    '3_a_K_3',
    '4_a_K_4',
    '5_b_K_1',
    '6_b_K_2',
    '7_b_K_3',
    '8_c_K_1',
    '9_c_K_2',
    '10_c_K_3',
    '11_c_K_4',
    '12_d_K_1',
    '14_e_K_1',
    '15_e_K',
  ]
  return {
    unit: 'Instalasi Pemeliharaan Sarana',
    critic: 'Pelayanan cepat dan jelas.',
    ...Object.fromEntries(codes.map((code) => [code, rating])),
  }
}

export function isRedirect(response: { status(): number }) {
  return [302, 303].includes(response.status())
}

/** The messages flashed under a field after a failed validation (what the form shows under it). */
export function fieldErrors(response: { flashMessages(): Record<string, any> }, field: string) {
  const bag = response.flashMessages().inputErrorsBag ?? {}
  const messages = bag[field]
  return messages === undefined ? [] : ([] as string[]).concat(messages)
}

/** Every field with an error, to show in a failed assertion. */
export function errorFields(response: { flashMessages(): Record<string, any> }) {
  return Object.keys(response.flashMessages().inputErrorsBag ?? {})
}

/* ---------------------------------------------------------------- binary responses */

/** The text a pdfkit document draws, one text operation a line. */
export function pdfText(buffer: Buffer) {
  return pdfTextLines(buffer).join('\n')
}

/** A DATE column as YYYY-MM-DD, whether the driver gives text (SQLite) or a Date (PostgreSQL). */
export function isoDate(value: unknown) {
  if (value instanceof Date) return DateTime.fromJSDate(value).toISODate()
  return String(value).slice(0, 10)
}

export { binary }

/**
 * An incoming-equipment order as the create tests read it: the shared order,
 * its Alat Datang details and the key of its application letter.
 */
export class OrderView {
  declare id: number
  declare number: string
  declare status: string
  declare fasyankesId: number
  declare userId: number | null
  declare letterPath: string | null
  declare estimatedMinutes: number
  declare estimatedCompletionAt: DateTime | null
  declare deliveryTravelName: string | null
  declare contactPersonName: string

  static async load(id: number) {
    const view = new OrderView()
    view.id = id
    await view.refresh()
    return view
  }

  async refresh() {
    const order = await Order.findOrFail(this.id)
    const details = await InternalOrder.findByOrFail('order_id', this.id)
    const letter = await db
      .from('order_files')
      .where('order_id', this.id)
      .where('kind', 'application_letter')
      .whereNull('superseded_at')
      .first()
    Object.assign(this, {
      number: order.number,
      status: order.status,
      fasyankesId: order.fasyankesId,
      userId: order.userId,
      letterPath: letter?.storage_key ?? null,
      estimatedMinutes: details.estimatedMinutes,
      estimatedCompletionAt: details.estimatedCompletionAt,
      deliveryTravelName: details.deliveryTravelName,
      contactPersonName: details.contactPersonName,
    })
  }
}

/** The newest order. */
export async function latestOrder() {
  const row = await db.from('orders').orderBy('id', 'desc').select('id').firstOrFail()
  return OrderView.load(Number(row.id))
}

/** A label request of an order in `status`, holding 2 main labels of `labelId`. */
export async function insertLabelRequest(
  orderId: number,
  labelId: number,
  status: 'Pending' | 'Diserahkan'
) {
  const now = databaseNow(db.connection())
  const [request] = await db
    .table('label_requests')
    .insert({ order_id: orderId, status, created_at: now, updated_at: now })
    .returning('id')
  const requestId = insertedId(request)
  const [item] = await db
    .table('label_request_items')
    .insert({ label_request_id: requestId, label_id: labelId, type: 'Main', quantity: 2 })
    .returning('id')
  return { requestId, itemId: insertedId(item) }
}

/** Null when the order's label request is in `status`, otherwise what it is. */
export async function labelStatusOf(orderId: number, status: string) {
  const row = await db.from('label_requests').where('order_id', orderId).first()
  return row?.status === status
    ? null
    : `label request ${row?.status ?? 'missing'}, expected ${status}`
}
