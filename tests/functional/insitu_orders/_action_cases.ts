/**
 * The on-site calls as test cases: who may make each in which status, how it is sent, what it
 * must do. Read by actions.spec.ts (every role in every status) and by the concurrent
 * duplicates test (tests/functional/reliability). Not a spec file.
 */
import type { ApiClient, ApiRequest } from '@japa/api-client'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import type Alkes from '#models/alkes'
import InsituLabPlan from '#models/insitu_lab_plan'
import type { Role } from '#enums/roles'
import { INSITU_STATUSES, type InsituStatus } from '#workflows/insitu_order_workflow'
import {
  feedbackPayload,
  insertLabelRequest,
  labelStatusOf,
  pdfBuffer,
  worksheetPayload,
} from '#tests/functional/internal_orders/_support'
import {
  PK_ACCOMMODATION,
  requestFields,
  statusOf,
  type InsituFixture,
} from '#tests/functional/insitu_orders/_support'

export const ROLES: Role[] = [
  'fasyankes',
  'yantek',
  'admin_pk',
  'officer_pk',
  'officer_ukpr',
  'treasurer',
  'head_of_pk_laboratory',
  'head_of_ukpr_laboratory',
]

export interface Context {
  fixture: InsituFixture
  alkes: Alkes
  labelId: number
  /** The PK officers: the fixture's team leader, and the one a new team puts in the lead. */
  leaderId: number
  newLeaderId: number
  memberId: number
  labelRequestId?: number
  labelItemId?: number
}

export interface ActionCase {
  audit: string
  auditRows?: number
  allowed: (status: InsituStatus, role: Role) => boolean
  deviceStatus?: 'SELESAI'
  prepare?: (ctx: Context) => Promise<void>
  send: (client: ApiClient, ctx: Context) => ApiRequest
  effect: (ctx: Context) => Promise<string | null>
}

const OPEN: InsituStatus[] = INSITU_STATUSES.filter((s) => s !== 'SELESAI' && s !== 'DIBATALKAN')
const inStatus = (statuses: InsituStatus[], roles: Role[]) => (status: InsituStatus, role: Role) =>
  statuses.includes(status) && roles.includes(role)
/** Staff in the open statuses; the facility only before the lab took the order. */
const staffOrFacilityWhileSent = (staff: Role[]) => (status: InsituStatus, role: Role) =>
  (OPEN.includes(status) && staff.includes(role)) || (status === 'TERKIRIM' && role === 'fasyankes')

const insituRow = (ctx: Context) =>
  db.from('insitu_orders').where('order_id', ctx.fixture.order.id).first()
const expectStatus = async (ctx: Context, status: InsituStatus) => {
  const actual = await statusOf(ctx.fixture.order.id)
  return actual === status ? null : `status ${actual}, expected ${status}`
}
const devicesOf = (ctx: Context) =>
  db.from('order_devices').where('order_id', ctx.fixture.order.id).orderBy('id')
const filesOf = async (ctx: Context, kind: string) => {
  const files = await db.from('order_files').where({ order_id: ctx.fixture.order.id, kind })
  return files.length
}

const labelRequestIn = (status: 'Pending' | 'Diserahkan') => async (ctx: Context) => {
  const made = await insertLabelRequest(ctx.fixture.order.id, ctx.labelId, status)
  ctx.labelRequestId = made.requestId
  ctx.labelItemId = made.itemId
}

export const CASES: Record<string, ActionCase> = {
  'edit (PUT /insitu/:id)': {
    audit: 'insitu.edit',
    allowed: inStatus(['TERKIRIM'], ['fasyankes', 'yantek', 'admin_pk']),
    send: (client, { fixture, alkes }) =>
      client.put(`/insitu/${fixture.order.id}`).fields({
        ...requestFields({ pk: [{ alkes_id: alkes.id, quantity: 3 }] }),
        letter_number: '445/77/RSUD/2026',
      }),
    effect: async (ctx) => {
      const row = await insituRow(ctx)
      if (row.letter_number !== '445/77/RSUD/2026') return 'letter number not saved'
      const devices = await devicesOf(ctx)
      return devices.length === 3 ? null : `${devices.length} lines, expected 3`
    },
  },
  'confirm (POST /confirm)': {
    audit: 'insitu.confirm',
    allowed: inStatus(['TERKIRIM'], ['yantek', 'admin_pk']),
    send: (client, { fixture }) => client.post(`/insitu/${fixture.order.id}/confirm`),
    effect: (ctx) => expectStatus(ctx, 'DITERIMA'),
  },
  'cancel (POST /cancel)': {
    audit: 'insitu.cancel',
    allowed: staffOrFacilityWhileSent(['yantek', 'admin_pk']),
    send: (client, { fixture }) =>
      client.post(`/insitu/${fixture.order.id}/cancel`).form({ reason: 'Anggaran ditunda' }),
    effect: async (ctx) => {
      const moved = await expectStatus(ctx, 'DIBATALKAN')
      if (moved) return moved
      const row = await insituRow(ctx)
      return row.cancel_reason === 'Anggaran ditunda' ? null : 'reason not kept'
    },
  },
  'estimation (PUT /estimation)': {
    audit: 'insitu.estimation_save',
    // Each head for their own lab (the order has PK lines only), or yantek; only in DITERIMA.
    allowed: inStatus(['DITERIMA'], ['yantek', 'head_of_pk_laboratory']),
    send: (client, { fixture }) =>
      client
        .put(`/insitu/${fixture.order.id}/estimation`)
        .form({ pk_pp_hour: '3', pk_pp_minute: '15', pk_officer: '2' }),
    effect: async (ctx) => {
      const plan = await db.from('insitu_lab_plans').where('order_id', ctx.fixture.order.id).first()
      return plan?.estimated_at && Number(plan.pp_hour) === 3 ? null : 'estimation not saved'
    },
  },
  'accommodation (PUT /accommodation)': {
    audit: 'insitu.accommodation_save',
    allowed: inStatus(['DITERIMA'], ['yantek']),
    // The accommodation follows the lab's estimation (its officers come from it).
    prepare: async ({ fixture }) => {
      await db.from('insitu_lab_plans').where('order_id', fixture.order.id).delete()
      await InsituLabPlan.create({
        orderId: fixture.order.id,
        lab: 'pk',
        ppHour: 2,
        ppMinute: 0,
        totalOfficer: 2,
        rawEstimation: 1,
        finalEstimation: 1,
        estimatedAt: DateTime.utc(),
      })
    },
    send: (client, { fixture }) =>
      client.put(`/insitu/${fixture.order.id}/accommodation`).form(PK_ACCOMMODATION),
    effect: async (ctx) => {
      const plan = await db.from('insitu_lab_plans').where('order_id', ctx.fixture.order.id).first()
      return plan?.accommodation_saved_at && Number(plan.officer_price) === 150_000
        ? null
        : 'accommodation not saved'
    },
  },
  'send offering (PUT /offering/send)': {
    audit: 'insitu.send_offering',
    // In DITERIMA the estimation and accommodation are still missing: refused with the reason.
    allowed: inStatus(['MENUNGGU PENAWARAN'], ['yantek']),
    send: (client, { fixture }) => client.put(`/insitu/${fixture.order.id}/offering/send`),
    effect: (ctx) => expectStatus(ctx, 'MENUNGGU PERSETUJUAN'),
  },
  'sign offering (PUT /offering/signature)': {
    audit: 'insitu.sign',
    allowed: inStatus(['MENUNGGU PERSETUJUAN'], ['fasyankes']),
    send: (client, { fixture }) =>
      client.put(`/insitu/${fixture.order.id}/offering/signature`).form({
        signature_name: 'dr. Hendra Wijaya',
        signature_nip: '198001012006041001',
        signature_position: 'Direktur',
      }),
    effect: async (ctx) => {
      const moved = await expectStatus(ctx, 'PENAWARAN DISETUJUI')
      if (moved) return moved
      const row = await insituRow(ctx)
      return row.signature_name === 'dr. Hendra Wijaya' ? null : 'signer not kept'
    },
  },
  'contract (POST /offering/confirm)': {
    audit: 'insitu.contract',
    allowed: inStatus(['PENAWARAN DISETUJUI'], ['yantek']),
    send: (client, { fixture }) =>
      client
        .post(`/insitu/${fixture.order.id}/offering/confirm`)
        .file('file', pdfBuffer(), { filename: 'kontrak.pdf' })
        .fields({ number: 'KTR/99/2026', date: '2026-11-22' }),
    effect: async (ctx) => {
      const moved = await expectStatus(ctx, 'DALAM PROSES')
      if (moved) return moved
      const row = await insituRow(ctx)
      return row.contract_number === 'KTR/99/2026' ? null : 'contract number not kept'
    },
  },
  'officer team (PUT /officer)': {
    audit: 'insitu.officers',
    allowed: inStatus(['DALAM PROSES'], ['head_of_pk_laboratory']),
    send: (client, ctx) =>
      client.put(`/insitu/${ctx.fixture.order.id}/officer`).json({
        leader: ctx.newLeaderId,
        member: [ctx.memberId],
        dates: [{ start_date: '2026-12-01', end_date: '2026-12-02' }],
      }),
    effect: async (ctx) => {
      const leader = await db
        .from('insitu_team_members')
        .where({ order_id: ctx.fixture.order.id, is_leader: true })
        .first()
      return Number(leader?.user_id) === ctx.newLeaderId ? null : 'leader not saved'
    },
  },
  'finalization (POST /finalization)': {
    audit: 'insitu.finalize',
    allowed: inStatus(['DALAM PROSES'], ['yantek']),
    deviceStatus: 'SELESAI',
    send: (client, { fixture }) =>
      client.post(`/insitu/${fixture.order.id}/finalization`).form({ notes: 'Tuntas di lokasi.' }),
    effect: async (ctx) => {
      const moved = await expectStatus(ctx, 'SELESAI')
      if (moved) return moved
      const row = await insituRow(ctx)
      return row.finalization_notes === 'Tuntas di lokasi.' ? null : 'notes not kept'
    },
  },
  'append (POST /append)': {
    audit: 'insitu.append',
    allowed: staffOrFacilityWhileSent(['yantek', 'admin_pk']),
    send: (client, { fixture, alkes }) =>
      client
        .post(`/insitu/${fixture.order.id}/append`)
        .json({ alkes_pk: [{ alkes_id: alkes.id, quantity: 2 }] }),
    effect: async (ctx) => {
      const devices = await devicesOf(ctx)
      return devices.length === 4 ? null : `${devices.length} lines, expected 4`
    },
  },
  'remove a request line (DELETE /:alkesOrderId/:type)': {
    audit: 'insitu.delete_device',
    allowed: staffOrFacilityWhileSent(['yantek', 'admin_pk']),
    send: (client, { fixture }) =>
      client.delete(`/insitu/${fixture.order.id}/${fixture.devices[0].id}/pk`),
    effect: async (ctx) => {
      const devices = await devicesOf(ctx)
      return devices.length === 1 ? null : `${devices.length} lines left, expected 1`
    },
  },
  'cancel a device (POST /:device/cancel)': {
    audit: 'insitu.cancel_device',
    allowed: inStatus(['DALAM PROSES'], ['yantek', 'admin_pk']),
    send: (client, { fixture }) =>
      client
        .post(`/insitu/${fixture.order.id}/${fixture.devices[0].id}/cancel`)
        .form({ reason: 'Alat tidak ada di lokasi' }),
    effect: async (ctx) => {
      const [device] = await devicesOf(ctx)
      return device.status === 'BATAL UJI' ? null : `device ${device.status}`
    },
  },
  'worksheet (PUT /worksheet/pk/:device/update)': {
    audit: 'insitu.worksheet',
    // yantek, or an officer of the PK team (officer_pk leads it); never an officer of another lab.
    allowed: inStatus(['DALAM PROSES'], ['yantek', 'officer_pk']),
    send: (client, { fixture, leaderId }) =>
      client
        .put(`/insitu/${fixture.order.id}/worksheet/pk/${fixture.devices[0].id}/update`)
        .json(worksheetPayload(leaderId)),
    effect: async (ctx) => {
      const [device] = await devicesOf(ctx)
      return device.worksheet_saved_at ? null : 'worksheet not saved'
    },
  },
  'certificate upload (POST /attachment/certificate)': {
    audit: 'insitu.attachment',
    // One row per line of the sub-order: each line's certificate has its own history.
    auditRows: 2,
    allowed: inStatus(['DALAM PROSES'], ['yantek', 'head_of_pk_laboratory']),
    send: (client, { fixture }) =>
      client.post(`/insitu/${fixture.order.id}/attachment/certificate`).fields({
        'type': 'certificate',
        'data[0][order_number]': fixture.order.number,
        'data[0][value]': 'https://drive.example.com/sertifikat.pdf',
      }),
    effect: async (ctx) =>
      (await filesOf(ctx, 'certificate')) === 2 ? null : 'certificates not on both lines',
  },
  'folder link (POST /attachment/folder)': {
    audit: 'insitu.folder',
    allowed: inStatus(['DALAM PROSES', 'SELESAI'], ['yantek', 'head_of_pk_laboratory']),
    send: (client, { fixture }) =>
      client
        .post(`/insitu/${fixture.order.id}/attachment/folder`)
        .json({ link: 'https://drive.example.com/folder-insitu' }),
    effect: async (ctx) => {
      const row = await db.from('orders').where('id', ctx.fixture.order.id).first()
      return row.folder_link === 'https://drive.example.com/folder-insitu' ? null : 'link not kept'
    },
  },
  'certificate date (PUT /certificate-date)': {
    audit: 'insitu.certificate_date',
    allowed: inStatus(
      ['DALAM PROSES'],
      ['yantek', 'head_of_pk_laboratory', 'head_of_ukpr_laboratory']
    ),
    send: (client, { fixture }) =>
      client.put(`/insitu/${fixture.order.id}/certificate-date`).json({ date: '2027-01-15' }),
    effect: async (ctx) => {
      const row = await db.from('orders').where('id', ctx.fixture.order.id).first()
      return row.certificate_date ? null : 'date not kept'
    },
  },
  'label request (PUT /label)': {
    audit: 'insitu.label_request',
    // Spec: the officer_pk who leads the PK team, in DALAM PROSES.
    allowed: inStatus(['DALAM PROSES'], ['officer_pk']),
    send: (client, { fixture, labelId }) =>
      client
        .put(`/insitu/${fixture.order.id}/label`)
        .json({ main: [{ label_id: labelId, quantity: 2 }], notes: 'Untuk alat di lokasi' }),
    effect: (ctx) => labelStatusOf(ctx.fixture.order.id, 'Pending'),
  },
  'label hand-over (PUT /label/handover)': {
    audit: 'insitu.label_handover',
    allowed: inStatus(['DALAM PROSES'], ['admin_pk', 'yantek']),
    prepare: labelRequestIn('Pending'),
    send: (client, { fixture }) => client.put(`/insitu/${fixture.order.id}/label/handover`),
    effect: (ctx) => labelStatusOf(ctx.fixture.order.id, 'Diserahkan'),
  },
  'label return (POST /:labelRequestId/label/finishing)': {
    audit: 'insitu.label_finishing',
    allowed: inStatus(['DALAM PROSES', 'SELESAI'], ['officer_pk']),
    prepare: labelRequestIn('Diserahkan'),
    send: (client, ctx) =>
      client
        .post(`/insitu/${ctx.labelRequestId}/label/finishing`)
        .file('file', pdfBuffer(), { filename: 'bukti-kembali.pdf' })
        .fields({ 'labels[0][id]': String(ctx.labelItemId), 'labels[0][returned_quantity]': '1' }),
    effect: (ctx) => labelStatusOf(ctx.fixture.order.id, 'Selesai'),
  },
  'feedback (POST /feedback)': {
    audit: 'insitu.feedback',
    allowed: inStatus(['SELESAI'], ['fasyankes']),
    deviceStatus: 'SELESAI',
    send: (client, { fixture }) =>
      client.post(`/insitu/${fixture.order.id}/feedback`).json(feedbackPayload(5)),
    effect: async (ctx) => {
      const row = await db.from('feedbacks').where('order_id', ctx.fixture.order.id).first()
      return row ? null : 'no feedback record'
    },
  },
}
