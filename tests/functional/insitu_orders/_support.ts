import type { ApiClient } from '@japa/api-client'
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import type Alkes from '#models/alkes'
import Order from '#models/order'
import OrderDevice from '#models/order_device'
import InsituOrder from '#models/insitu_order'
import InsituLabPlan from '#models/insitu_lab_plan'
import InsituTeamMember from '#models/insitu_team_member'
import { INSITU_STATUSES, type InsituStatus } from '#workflows/insitu_order_workflow'
import { labNow } from '#services/format'
import {
  FACILITY_EMAIL,
  marker,
  pdfBuffer,
  snapshot,
  userByEmail,
  userWithRole,
} from '#tests/functional/internal_orders/_support'
import { createDeviceType } from '#tests/factories/device_types'

/** A device type offered on site, in one lab; its name starts with `name` and ends unique. */
export function onSiteAlkes(
  laboratory: 'PK' | 'UKPR' | 'SARPRAS',
  minuteEstimation: number,
  price: number,
  name = 'Alat Insitu'
) {
  const tag = marker('In')
  return createDeviceType(
    {
      name: `${name} ${tag}`,
      laboratory,
      category: laboratory === 'UKPR' ? 'Radiologi Diagnostik' : null,
      price,
      minuteEstimation,
      alkesCode: `INS-${tag}`,
      recalibrationMonths: 12,
      isTuntungSeharian: false,
      pengujianIsKan: false,
      kalibrasiIsKan: false,
      hasLaikDescription: true,
    },
    ['insitu']
  )
}

export function requestFields(lines: Record<string, { alkes_id: number; quantity: number }[]>) {
  const fields: Record<string, string> = {
    execution_year: String(labNow().year),
    letter_number: '445/123/RSUD/2026',
    letter_date: '2026-11-20',
  }
  for (const [lab, rows] of Object.entries(lines)) {
    rows.forEach((row, index) => {
      fields[`alkes_${lab}[${index}][alkes_id]`] = String(row.alkes_id)
      fields[`alkes_${lab}[${index}][quantity]`] = String(row.quantity)
    })
  }
  return fields
}

export async function latestInsitu() {
  return db.from('orders').where('type', 'insitu').orderBy('id', 'desc').first()
}

/** The facility's request (with its letter) for these lines per lab. */
export async function request(
  client: ApiClient,
  lines: Record<string, { alkes_id: number; quantity: number }[]>
) {
  return client
    .post('/insitu')
    .loginAs(await userByEmail(FACILITY_EMAIL))
    .withCsrfToken()
    .withInertia()
    .redirects(0)
    .file('letter', pdfBuffer(), { filename: 'surat.pdf' })
    .fields(requestFields(lines))
}

/** A facility's request that yantek has confirmed (DITERIMA). */
export async function confirmedRequest(
  client: ApiClient,
  lines: Record<string, { alkes_id: number; quantity: number }[]>
) {
  await request(client, lines)
  const order = await latestInsitu()
  await client
    .post(`/insitu/${order.id}/confirm`)
    .loginAs(await userWithRole('yantek'))
    .withCsrfToken()
  return order
}

export async function statusOf(id: number) {
  const row = await db.from('orders').where('id', id).first()
  return row?.status
}

/** PK accommodation fields of a small job (one vehicle, two rooms, no flight). */
export const PK_ACCOMMODATION = {
  pk_officer_price: '150000',
  pk_officer_count: '3',
  pk_officer_day: '1',
  pk_transportation_price: '400000',
  pk_transportation_day: '1',
  pk_transportation_count: '1',
  pk_hotel_price: '350000',
  pk_hotel_day: '1',
  pk_hotel_count: '2',
  pk_plane_price: '0',
  pk_plane_count: '0',
  pk_plane_luggage: '0',
  pk_plane_is_pp: 'false',
}

/** A confirmed PK request with its estimation and accommodation saved (MENUNGGU PENAWARAN). */
export async function plannedRequest(client: ApiClient, quantity = 2, price = 200_000) {
  const pk = await onSiteAlkes('PK', 60, price)
  const order = await confirmedRequest(client, { pk: [{ alkes_id: pk.id, quantity }] })
  await client
    .put(`/insitu/${order.id}/estimation`)
    .loginAs(await userWithRole('head_of_pk_laboratory'))
    .withCsrfToken()
    .form({ pk_pp_hour: '2', pk_pp_minute: '0', pk_officer: '2' })
  await client
    .put(`/insitu/${order.id}/accommodation`)
    .loginAs(await userWithRole('yantek'))
    .withCsrfToken()
    .form(PK_ACCOMMODATION)
  return order
}

/** A planned request sent, signed by the facility and under contract (DALAM PROSES). */
export async function inProgressRequest(client: ApiClient, quantity = 2) {
  const order = await plannedRequest(client, quantity)
  const yantek = await userWithRole('yantek')
  await client.put(`/insitu/${order.id}/offering/send`).loginAs(yantek).withCsrfToken()
  await client
    .put(`/insitu/${order.id}/offering/signature`)
    .loginAs(await userByEmail(FACILITY_EMAIL))
    .withCsrfToken()
    .form({
      signature_name: 'dr. Ratna Dewi',
      signature_nip: '197805122005012003',
      signature_position: 'Direktur RSUD',
    })
  await client
    .post(`/insitu/${order.id}/offering/confirm`)
    .loginAs(yantek)
    .withCsrfToken()
    .file('file', pdfBuffer(), { filename: 'kontrak.pdf' })
    .fields({ number: 'KTR/01/2026', date: '2026-11-20' })
  return order
}

export const TEAM_LEADER_EMAIL = 'officer_pk@kalibra.test'
export const TEAM_MEMBER_EMAIL = 'indah.lestari@kalibra.test'

export interface InsituFixture {
  order: Order
  devices: OrderDevice[]
}

/**
 * An on-site order of the facility put straight into `status`, with `devices` PK request lines
 * of `alkes`: what the steps before that status leave behind is there too (the PK estimation
 * and accommodation from MENUNGGU PENAWARAN on, the sent offering, the signature, the contract,
 * and from DALAM PROSES on a PK team led by officer_pk@kalibra.test).
 */
export async function makeInsitu(options: {
  status: InsituStatus
  alkes: Alkes
  devices?: number
  deviceStatus?: 'BELUM SELESAI' | 'SELESAI'
}): Promise<InsituFixture> {
  const { status, alkes } = options
  const count = options.devices ?? 2
  const reached = (step: InsituStatus) =>
    status !== 'DIBATALKAN' && INSITU_STATUSES.indexOf(status) >= INSITU_STATUSES.indexOf(step)
  const facility = await userByEmail(FACILITY_EMAIL)
  const order = await Order.create({
    type: 'insitu',
    number: `DL/FX/${marker('')}`.slice(0, 30),
    status,
    userId: facility.id,
    fasyankesId: facility.fasyankesId!,
    deviceCount: count,
    totalPrice: alkes.price * count,
  })
  const now = DateTime.now()
  await InsituOrder.create({
    orderId: order.id,
    executionYear: labNow().year,
    letterNumber: '445/9/RSUD/2026',
    letterDate: DateTime.fromISO('2026-11-20'),
    offeringSentAt: reached('MENUNGGU PERSETUJUAN') ? now : null,
    signatureName: reached('PENAWARAN DISETUJUI') ? 'dr. Ratna Dewi' : null,
    signatureNip: reached('PENAWARAN DISETUJUI') ? '197805122005012003' : null,
    signaturePosition: reached('PENAWARAN DISETUJUI') ? 'Direktur RSUD' : null,
    signedAt: reached('PENAWARAN DISETUJUI') ? now : null,
    contractNumber: reached('DALAM PROSES') ? 'KTR/01/2026' : null,
    contractDate: reached('DALAM PROSES') ? DateTime.fromISO('2026-11-21') : null,
    cancelReason: status === 'DIBATALKAN' ? 'Anggaran belum tersedia' : null,
  })
  if (reached('MENUNGGU PENAWARAN')) {
    await InsituLabPlan.create({
      orderId: order.id,
      lab: 'pk',
      ppHour: 2,
      ppMinute: 0,
      totalOfficer: 2,
      rawEstimation: 1,
      finalEstimation: 1,
      estimatedAt: now,
      officerPrice: 150_000,
      officerCount: 3,
      officerDay: 1,
      transportationPrice: 400_000,
      transportationDay: 1,
      transportationCount: 1,
      hotelPrice: 350_000,
      hotelDay: 1,
      hotelCount: 2,
      planePrice: 0,
      planeCount: 0,
      planeLuggage: 0,
      planeIsPp: false,
      accommodationSavedAt: now,
    })
  }
  if (reached('DALAM PROSES')) {
    const leader = await userByEmail(TEAM_LEADER_EMAIL)
    const member = await userByEmail(TEAM_MEMBER_EMAIL)
    await InsituTeamMember.createMany([
      { orderId: order.id, lab: 'pk', userId: leader.id, isLeader: true },
      { orderId: order.id, lab: 'pk', userId: member.id, isLeader: false },
    ])
  }
  const devices = await OrderDevice.createMany(
    Array.from({ length: count }, () => ({
      orderId: order.id,
      lab: 'pk' as const,
      alkesId: alkes.id,
      price: alkes.price,
      minuteEstimation: alkes.minuteEstimation,
      description: null,
      status: options.deviceStatus ?? ('BELUM SELESAI' as const),
    }))
  )
  return { order, devices }
}

/** Everything an on-site action could change, to prove a refusal changed nothing. */
export async function insituSnapshot(orderId: number) {
  const row = await db.from('insitu_orders').where('order_id', orderId).first()
  const plans = await db
    .from('insitu_lab_plans')
    .where('order_id', orderId)
    .orderBy('lab')
    .select('lab', 'estimated_at', 'accommodation_saved_at', 'pp_hour', 'officer_price')
  const team = await db
    .from('insitu_team_members')
    .where('order_id', orderId)
    .orderBy('id')
    .select('user_id', 'lab', 'is_leader')
  return {
    ...(await snapshot(orderId)),
    insitu: row ? { ...row, updated_at: null } : null,
    plans,
    team,
  }
}
