import type { ApiClient } from '@japa/api-client'
import db from '@adonisjs/lucid/services/db'
import Alkes from '#models/alkes'
import { labNow } from '#services/format'
import {
  FACILITY_EMAIL,
  marker,
  pdfBuffer,
  userByEmail,
  userWithRole,
} from '#tests/functional/internal_orders/_support'

/** A device type offered on site, in one lab; its name starts with `name` and ends unique. */
export function onSiteAlkes(
  laboratory: 'PK' | 'UKPR' | 'SARPRAS',
  minuteEstimation: number,
  price: number,
  name = 'Alat Insitu'
) {
  const tag = marker('In')
  return Alkes.create({
    name: `${name} ${tag}`,
    laboratory,
    category: laboratory === 'UKPR' ? 'Radiologi Diagnostik' : null,
    price,
    minuteEstimation,
    alkesCode: `INS-${tag}`,
    recalibrationMonths: 12,
    isTuntungSeharian: false,
    isInternal: false,
    isInsitu: true,
    pengujianIsKan: false,
    kalibrasiIsKan: false,
    hasLaikDescription: true,
  })
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
