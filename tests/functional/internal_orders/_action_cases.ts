/**
 * The actions of the Alat Datang status table as test cases: who may take each, how it is sent,
 * what it must do. Read by actions.spec.ts (every role in every status) and by the concurrent
 * duplicates test (tests/functional/reliability). Not a spec file.
 */
import type { ApiClient, ApiRequest } from '@japa/api-client'
import db from '@adonisjs/lucid/services/db'
import type User from '#models/user'
import type Alkes from '#models/alkes'
import type { Role } from '#enums/roles'
import type { InternalStatus } from '#workflows/internal_order_workflow'
import {
  HANDOVER_PAYLOAD,
  STATUSES,
  feedbackPayload,
  type makeOrder,
  orderJson,
  receivePayload,
  statusOf,
  worksheetPayload,
  type OrderFixture,
  orderRow,
  pdfBuffer,
  insertLabelRequest,
  labelStatusOf,
} from '#tests/functional/internal_orders/_support'

/**
 * Every action of the status table, tried by every role in every status.
 * Who may do what is typed out here from issue 4, spec part 2 section 4 and
 * the domain decisions (not read from the app's table):
 *   allowed  -> a redirect, the order moved (or changed) as the action says,
 *               one audit row of that action;
 *   refused  -> 403, or the refusal (409 / redirect with an error message),
 *               and nothing about the order changed.
 */
export interface Context {
  fixture: OrderFixture
  user: User
  alkes: Alkes
  officer: User
  otherOfficer: User
  admin: User
  /** The first label of the catalog, and the item a prepared label request holds. */
  labelId: number
  labelItemId?: number
  labelRequestId?: number
}

export interface ActionCase {
  /** The audit action an allowed call writes. */
  audit: (status: InternalStatus) => string
  allowed: (status: InternalStatus, role: Role) => boolean
  fixture?: Partial<Parameters<typeof makeOrder>[0]>
  /** Assign officer_pk to the devices in every status, not only from PROSES PENGERJAAN on. */
  assignOfficer?: boolean
  /** What must exist before the call (a label request), written after the fixture. */
  prepare?: (ctx: Context) => Promise<void>
  send: (client: ApiClient, ctx: Context) => ApiRequest
  /** What an allowed call must have done; answers a mismatch or null. */
  effect: (ctx: Context, status: InternalStatus) => Promise<string | null>
}

export const ALL_BUT_DONE = STATUSES.filter((s) => s !== 'SELESAI')
const inStatus =
  (statuses: InternalStatus[], roles: Role[]) => (status: InternalStatus, role: Role) =>
    statuses.includes(status) && roles.includes(role)

const expectStatus = async (ctx: Context, status: InternalStatus) => {
  const actual = await statusOf(ctx.fixture.order.id)
  return actual === status ? null : `status ${actual}, expected ${status}`
}

export const devicesOf = (orderId: number) =>
  db.from('order_devices').where('order_id', orderId).orderBy('id')

/** A label request of the fixture's order in `status`, with 2 main labels of the catalog's first. */
const labelRequestIn = (status: 'Pending' | 'Diserahkan') => async (ctx: Context) => {
  const made = await insertLabelRequest(ctx.fixture.order.id, ctx.labelId, status)
  ctx.labelRequestId = made.requestId
  ctx.labelItemId = made.itemId
}

const labelStatusIs = (ctx: Context, status: string) => labelStatusOf(ctx.fixture.order.id, status)

export const CASES: Record<string, ActionCase> = {
  'approve (POST /confirm/approve)': {
    audit: () => 'internal.approve',
    allowed: inStatus(['MENUNGGU'], ['yantek', 'admin_pk']),
    send: (client, { fixture }) =>
      client.post(`/internal/${fixture.order.id}/confirm/approve`).json({
        status: 'ORDER DITERIMA',
        order_description: 'Silakan antar alat ke laboratorium.',
      }),
    effect: (ctx) => expectStatus(ctx, 'ORDER DITERIMA'),
  },
  'reject (POST /confirm/reject)': {
    audit: () => 'internal.reject',
    allowed: inStatus(['MENUNGGU'], ['yantek', 'admin_pk']),
    send: (client, { fixture }) =>
      client
        .post(`/internal/${fixture.order.id}/confirm/reject`)
        .json({ status: 'DITOLAK', order_description: 'Surat permohonan belum ditandatangani.' }),
    effect: async (ctx) => {
      const row = await orderRow(ctx.fixture.order.id)
      if (row.status !== 'DITOLAK') return `status ${row.status}`
      return row.order_description === 'Surat permohonan belum ditandatangani.'
        ? null
        : `reason not kept: ${row.order_description}`
    },
  },
  'edit / resubmit (PUT /internal/:id)': {
    audit: (status) => (status === 'DITOLAK' ? 'internal.resubmit' : 'internal.edit'),
    allowed: (status, role) =>
      (status === 'MENUNGGU' && ['fasyankes', 'yantek', 'admin_pk'].includes(role)) ||
      (status === 'DITOLAK' && role === 'fasyankes'),
    send: (client, { fixture, alkes }) =>
      client
        .put(`/internal/${fixture.order.id}`)
        .json(
          orderJson([{ alkes_id: alkes.id, quantity: 3 }], { contact_person_name: 'Nama Baru Uji' })
        ),
    effect: async (ctx) => {
      const row = await orderRow(ctx.fixture.order.id)
      if (row.status !== 'MENUNGGU') return `status ${row.status}, expected MENUNGGU`
      if (row.contact_person_name !== 'Nama Baru Uji') return 'contact person not saved'
      const devices = await devicesOf(ctx.fixture.order.id)
      return devices.length === 3 ? null : `${devices.length} devices, expected 3`
    },
  },
  'delete order (DELETE /internal/:id)': {
    audit: () => 'internal.delete',
    allowed: (status, role) =>
      (status === 'MENUNGGU' && ['fasyankes', 'admin_pk'].includes(role)) ||
      (status === 'DITOLAK' && role === 'fasyankes'),
    send: (client, { fixture }) => client.delete(`/internal/${fixture.order.id}`),
    effect: async (ctx) => {
      const left = await orderRow(ctx.fixture.order.id)
      const devices = await devicesOf(ctx.fixture.order.id)
      return left || devices.length ? 'order or its devices still there' : null
    },
  },
  'append (POST /append)': {
    audit: () => 'internal.append',
    allowed: inStatus(ALL_BUT_DONE, ['yantek']),
    send: (client, { fixture, alkes }) =>
      client
        .post(`/internal/${fixture.order.id}/append`)
        .json({ alkes: [{ alkes_id: alkes.id, quantity: 2 }] }),
    effect: async (ctx, status) => {
      const devices = await devicesOf(ctx.fixture.order.id)
      if (devices.length !== 4) return `${devices.length} devices, expected 4`
      return expectStatus(ctx, status)
    },
  },
  'delete device (DELETE /internal/:id/:device)': {
    audit: () => 'internal.delete_device',
    allowed: inStatus(ALL_BUT_DONE, ['admin_pk', 'yantek']),
    send: (client, { fixture }) =>
      client.delete(`/internal/${fixture.order.id}/${fixture.devices[0].id}`),
    effect: async (ctx) => {
      const devices = await devicesOf(ctx.fixture.order.id)
      return devices.length === 1 && Number(devices[0].id) === ctx.fixture.devices[1].id
        ? null
        : `${devices.length} devices left`
    },
  },
  'receive (PUT /receive)': {
    audit: () => 'internal.receive',
    allowed: inStatus(['ORDER DITERIMA', 'ALAT DITERIMA'], ['yantek', 'admin_pk']),
    send: (client, { fixture, admin }) =>
      client
        .put(`/internal/${fixture.order.id}/receive`)
        .json(receivePayload(fixture.devices, admin.id)),
    effect: async (ctx) => {
      const moved = await expectStatus(ctx, 'ALAT DITERIMA')
      if (moved) return moved
      const devices = await devicesOf(ctx.fixture.order.id)
      if (!devices.every((d) => String(d.serial_number).startsWith('RCV-')))
        return 'serial numbers not saved'
      const receive = await db
        .from('internal_receives')
        .where('order_id', ctx.fixture.order.id)
        .first()
      return receive ? null : 'no receive record'
    },
  },
  'assign officers (PUT /officer)': {
    audit: () => 'internal.assign_officers',
    allowed: inStatus(['ALAT DITERIMA', 'PROSES PENGERJAAN'], ['admin_pk']),
    send: (client, { fixture, otherOfficer }) =>
      client.put(`/internal/${fixture.order.id}/officer`).json({
        selected_officers: fixture.devices.map((d) => ({
          internal_alkes_order_id: d.id,
          bpfk_user_id: otherOfficer.id,
        })),
      }),
    effect: async (ctx) => {
      const moved = await expectStatus(ctx, 'PROSES PENGERJAAN')
      if (moved) return moved
      const devices = await devicesOf(ctx.fixture.order.id)
      return devices.every((d) => Number(d.officer_id) === ctx.otherOfficer.id)
        ? null
        : 'officers not saved'
    },
  },
  'cancel device test (POST /:device/cancel)': {
    audit: () => 'internal.cancel_device',
    allowed: inStatus(['ALAT DITERIMA', 'PROSES PENGERJAAN'], ['admin_pk', 'yantek']),
    send: (client, { fixture }) =>
      client
        .post(`/internal/${fixture.order.id}/${fixture.devices[0].id}/cancel`)
        .json({ reason: 'Alat rusak berat, tidak dapat diuji.' }),
    effect: async (ctx, status) => {
      const device = await db.from('order_devices').where('id', ctx.fixture.devices[0].id).first()
      if (device.status !== 'BATAL UJI') return `device ${device.status}`
      if (device.admin_description !== 'Alat rusak berat, tidak dapat diuji.')
        return 'reason not kept'
      return expectStatus(ctx, status)
    },
  },
  'worksheet (PUT /worksheet/pk/:device/update)': {
    audit: () => 'internal.worksheet',
    // The device is assigned to officer_pk; yantek may always fill it; admin_pk only when assigned.
    allowed: inStatus(['PROSES PENGERJAAN'], ['yantek', 'officer_pk']),
    assignOfficer: true,
    send: (client, { fixture, officer }) =>
      client
        .put(`/internal/${fixture.order.id}/worksheet/pk/${fixture.devices[0].id}/update`)
        .json(worksheetPayload(officer.id)),
    effect: async (ctx) => {
      const device = await db.from('order_devices').where('id', ctx.fixture.devices[0].id).first()
      if (!device.worksheet_saved_at) return 'worksheet not saved'
      return device.certificate_number ? null : 'certificate number not given'
    },
  },
  'hand over (PUT /handover)': {
    audit: () => 'internal.handover',
    allowed: inStatus(['PROSES PENGERJAAN'], ['yantek', 'admin_pk']),
    fixture: { deviceStatus: 'SELESAI' },
    send: (client, { fixture }) =>
      client.put(`/internal/${fixture.order.id}/handover`).json(HANDOVER_PAYLOAD),
    effect: async (ctx) => {
      const moved = await expectStatus(ctx, 'MENUNGGU FEEDBACK')
      if (moved) return moved
      const handover = await db
        .from('internal_handovers')
        .where('order_id', ctx.fixture.order.id)
        .first()
      return handover ? null : 'no handover record'
    },
  },
  'feedback (POST /feedback)': {
    audit: () => 'internal.feedback',
    allowed: inStatus(['MENUNGGU FEEDBACK'], ['fasyankes', 'yantek', 'admin_pk']),
    fixture: { deviceStatus: 'SELESAI' },
    send: (client, { fixture }) =>
      client.post(`/internal/${fixture.order.id}/feedback`).json(feedbackPayload(4)),
    effect: async (ctx) => {
      const moved = await expectStatus(ctx, 'SELESAI')
      if (moved) return moved
      const feedback = await db.from('feedbacks').where('order_id', ctx.fixture.order.id).first()
      if (!feedback) return 'no feedback record'
      const ratings = JSON.parse(feedback.ratings)
      return Object.keys(ratings).length === 14 && ratings['15_e_K'] === 4
        ? null
        : `ratings ${feedback.ratings}`
    },
  },
  // Labels (issue 12): the order's officer requests and reports back; admin_pk or yantek hand over.
  'label request (PUT /label)': {
    audit: () => 'internal.label_request',
    allowed: inStatus(['PROSES PENGERJAAN'], ['officer_pk']),
    assignOfficer: true,
    send: (client, { fixture, labelId }) =>
      client
        .put(`/internal/${fixture.order.id}/label`)
        .json({ main: [{ label_id: labelId, quantity: 3 }], notes: 'Untuk semua alat' }),
    effect: (ctx) => labelStatusIs(ctx, 'Pending'),
  },
  'label hand-over (PUT /label/handover)': {
    audit: () => 'internal.label_handover',
    allowed: inStatus(['PROSES PENGERJAAN'], ['admin_pk', 'yantek']),
    prepare: labelRequestIn('Pending'),
    send: (client, { fixture }) => client.put(`/internal/${fixture.order.id}/label/handover`),
    effect: async (ctx) => {
      const moved = await labelStatusIs(ctx, 'Diserahkan')
      if (moved) return moved
      const labels = await db
        .from('device_labels')
        .where('label_request_id', ctx.labelRequestId!)
        .count('* as n')
        .first()
      return Number(labels.n) === 2 ? null : `${labels.n} device labels, expected 2`
    },
  },
  'label return (POST /:labelRequestId/label/finishing)': {
    audit: () => 'internal.label_finishing',
    allowed: inStatus(['PROSES PENGERJAAN', 'MENUNGGU FEEDBACK', 'SELESAI'], ['officer_pk']),
    assignOfficer: true,
    prepare: labelRequestIn('Diserahkan'),
    send: (client, ctx) =>
      client
        .post(`/internal/${ctx.labelRequestId}/label/finishing`)
        .file('file', pdfBuffer(), { filename: 'bukti-kembali.pdf' })
        .fields({ 'labels[0][id]': String(ctx.labelItemId), 'labels[0][returned_quantity]': '1' }),
    effect: (ctx) => labelStatusIs(ctx, 'Selesai'),
  },
}
