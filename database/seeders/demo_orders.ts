import db from '@adonisjs/lucid/services/db'
import { type DateTime } from 'luxon'
import User from '#models/user'
import type Order from '#models/order'
import type { Actor } from '#services/audit'
import { labNow } from '#services/format'
import { createInternalOrder } from '#actions/internal/submit_order'
import { confirmOrder } from '#actions/internal/confirm_order'
import { receiveEquipment } from '#actions/internal/receive_equipment'
import { assignOfficers } from '#actions/internal/assign_officers'
import { handOver } from '#actions/internal/hand_over'
import { saveWorksheet } from '#actions/orders/worksheets'
import { attachResult, saveOrderField } from '#actions/orders/attachments'
import { cancelDeviceTest } from '#actions/orders/cancel_device_test'
import { submitFeedback } from '#actions/orders/feedback'
import { FEEDBACK_CODES } from '#enums/feedback'
import { INTERNAL_STATUSES, type InternalStatus } from '#workflows/internal_order_workflow'
import { demoMakeOf } from './demo_makes.js'

/**
 * Alat Datang orders in every status for the demo installation, walked
 * through the app's own actions (so totals, estimates, files, the inventory
 * and every timeline are what the real steps write), across the demo
 * facilities, by the demo staff. Only `kalibra:demo` loads them.
 */
const PLAN: InternalStatus[] = [
  'SELESAI',
  'SELESAI',
  'SELESAI',
  'SELESAI',
  'SELESAI',
  'SELESAI',
  'MENUNGGU FEEDBACK',
  'MENUNGGU FEEDBACK',
  'PROSES PENGERJAAN',
  'PROSES PENGERJAAN',
  'PROSES PENGERJAAN',
  'ALAT DITERIMA',
  'ALAT DITERIMA',
  'ORDER DITERIMA',
  'ORDER DITERIMA',
  'DITOLAK',
  'MENUNGGU',
  'MENUNGGU',
  'MENUNGGU',
]

/**
 * Days ago of the finished orders whose devices fall due around now: worked five days after
 * the order, recalibrated every 12 months (the demo types name no other interval), they are
 * due in about 25 and 10 days and 15 days ago.
 */
const DUE_SOON_AGES = [345, 360, 385]

const actorOf = (user: User): Actor & { user: User } => ({ user, ip: '127.0.0.1' })
const jsDate = (date: DateTime) => date.toJSDate()
const rank = (status: InternalStatus) => INTERNAL_STATUSES.indexOf(status)
const reached = (status: InternalStatus, step: InternalStatus) =>
  status !== 'DITOLAK' && rank(status) >= rank(step)

export async function seedDemoOrders() {
  const account = (email: string) => User.findByOrFail('email', email)
  const [admin, yantek, officers] = await Promise.all([
    account('admin_pk@kalibra.test'),
    account('yantek@kalibra.test'),
    db
      .from('users as u')
      .join('user_roles as r', 'r.user_id', 'u.id')
      .where('r.role', 'officer_pk')
      .select('u.id')
      .orderBy('u.id')
      .limit(4),
  ])
  const officerUsers = await Promise.all(officers.map((row) => User.findOrFail(row.id)))
  const facilities = await User.query()
    .whereNotNull('fasyankes_id')
    .preload('roleRows')
    .orderBy('id')
    .limit(8)
  const alkes = await db
    .from('alkes')
    .whereIn('id', (offered) =>
      offered.from('alkes_services').where('order_type', 'internal').select('alkes_id')
    )
    .where('laboratory', 'PK')
    .orderBy('id')
    .limit(24)
    .select('id', 'name')
  const today = labNow().startOf('day')

  // Older orders are further along; each about a few days apart, the newest this week. Three
  // finished about a year ago put devices of the first demo facility due for recalibration
  // within 30 days, and one overdue, so the due list and "Ajukan Kalibrasi" can be tried.
  const orders = [
    ...PLAN.map((status, index) => ({
      status,
      index,
      facility: facilities[index % facilities.length],
      created: today.minus({ days: (PLAN.length - index) * 4 + 2 }),
    })),
    ...DUE_SOON_AGES.map((days, i) => ({
      status: 'SELESAI' as const,
      index: PLAN.length + i,
      facility: facilities[0],
      created: today.minus({ days }),
    })),
  ]
  for (const { status, index, facility, created } of orders) {
    const delivery = created.plus({ days: 3 })
    const lines = [0, 1, 2].slice(0, 1 + (index % 3)).map((offset) => ({
      alkes_id: Number(alkes[(index * 3 + offset) % alkes.length].id),
      quantity: 1 + ((index + offset) % 2),
      description: offset === 0 ? 'Ruang IGD' : undefined,
    }))
    const order = await createInternalOrder(actorOf(facility), facility.fasyankesId!, {
      delivery_date_estimation: jsDate(delivery),
      arrival_date_estimation: jsDate(delivery.plus({ days: 1 })),
      contact_person_name: 'Rahmat Hidayat',
      contact_person_phone: '081234567890',
      delivery_option: index % 4 === 1 ? 'Via Travel' : 'Diantar oleh pihak pertama',
      delivery_travel_name: index % 4 === 1 ? 'Travel Bintang Timur' : undefined,
      service_type: index % 5 === 2 ? 'Tuntung Saharian' : 'Reguler',
      alkes: lines,
    })
    await walk(order, status, {
      admin,
      yantek,
      officer: officerUsers[index % officerUsers.length],
      facility,
      delivery,
      index,
    })
    await db
      .from('orders')
      .where('id', order.id)
      .update({
        created_at: created.toUTC().toSQL({ includeOffset: false }),
        // Each entered its status a day or two after it was made, so My tasks shows real ages.
        status_changed_at: created
          .plus({ days: 1 + (index % 2) })
          .toUTC()
          .toSQL({ includeOffset: false }),
      })
  }
}

async function walk(
  order: Order,
  status: InternalStatus,
  people: {
    admin: User
    yantek: User
    officer: User
    facility: User
    delivery: DateTime
    index: number
  }
) {
  const { admin, yantek, officer, facility, delivery, index } = people
  if (status === 'MENUNGGU') return
  if (status === 'DITOLAK') {
    await confirmOrder(
      actorOf(admin),
      order,
      'reject',
      'Surat permohonan belum ditandatangani pimpinan fasyankes.'
    )
    return
  }
  await confirmOrder(
    actorOf(admin),
    order,
    'approve',
    'Permintaan diterima. Silakan mengantarkan alat ke laboratorium kalibrasi kami sesuai estimasi tanggal pengiriman.'
  )
  if (!reached(status, 'ALAT DITERIMA')) return

  const devices = await db
    .from('order_devices as d')
    .join('alkes as a', 'a.id', 'd.alkes_id')
    .where('d.order_id', order.id)
    .orderBy('d.id')
    .select('d.id', 'a.name as alkes_name')
  const makeOf = (device: { alkes_name: string }, i: number) =>
    demoMakeOf(device.alkes_name, index + i)
  await receiveEquipment(actorOf(admin), order, {
    checker: admin.id,
    contact_person_name: 'Rahmat Hidayat',
    contact_person_phone: '081234567890',
    received_date: jsDate(delivery.plus({ days: 1 })),
    done_estimation_date: jsDate(delivery.plus({ days: 5 })),
    alkes_orders: devices.map((device, i) => {
      const { merk, model } = makeOf(device, i)
      return {
        id: Number(device.id),
        merk,
        model,
        serial_number: `SN${order.id}${String(i + 1).padStart(3, '0')}`,
        functionality: 'Baik' as const,
        accessories: 'Kabel daya, manual',
      }
    }),
    review_request: true,
    officer_readiness: true,
    equipment_condition: true,
    accommodation_and_environment: true,
    calibration_ability: true,
    workload: true,
    calibration_method_compatibility: true,
  })
  if (!reached(status, 'PROSES PENGERJAAN')) return

  await assignOfficers(
    actorOf(admin),
    order,
    devices.map((device) => ({
      internal_alkes_order_id: Number(device.id),
      bpfk_user_id: officer.id,
    }))
  )
  // One order in work has a device whose test was cancelled.
  const cancelled =
    status === 'PROSES PENGERJAAN' && devices.length > 1
      ? Number(devices[devices.length - 1].id)
      : null
  if (cancelled)
    await cancelDeviceTest(
      actorOf(admin),
      order,
      cancelled,
      'Alat rusak berat, tidak dapat dikalibrasi.'
    )
  const finishAll = reached(status, 'MENUNGGU FEEDBACK')
  for (const [i, device] of devices.entries()) {
    if (Number(device.id) === cancelled) continue
    if (!finishAll && i > 0) continue
    const workDate = delivery.plus({ days: 2 })
    await saveWorksheet(actorOf(officer), order, Number(device.id), {
      ...makeOf(device, i),
      serial_number: `SN${order.id}${String(i + 1).padStart(3, '0')}`,
      type: 'Kalibrasi',
      certificate_number: `KAL/PK/${workDate.toFormat('yyyy')}/${String(order.id * 10 + i).padStart(5, '0')}`,
      certificate_month: workDate.month,
      work_date: jsDate(workDate),
      work_place: 'Laboratorium Kalibrasi Kalibra',
      room_name: 'Ruang Kalibrasi 1',
      is_laik: i % 7 === 6 ? 0 : 1,
      officer_id: officer.id,
    })
    await attachResult(actorOf(yantek), order, {
      type: 'certificate',
      deviceId: Number(device.id),
      link: `https://drive.example.go.id/kalibra/${order.id}/sertifikat-${device.id}.pdf`,
    })
  }
  await saveOrderField(
    actorOf(yantek),
    order,
    'folder_link',
    `https://drive.example.go.id/kalibra/${order.id}`
  )
  if (!finishAll) return

  await saveOrderField(
    actorOf(yantek),
    order,
    'certificate_date',
    delivery.plus({ days: 4 }).toISODate()!
  )
  await handOver(actorOf(yantek), order, {
    contact_person_receiver_name: 'Rahmat Hidayat',
    contact_person_receiver_phone: '081234567890',
    alkes_accordingly: true,
    certificate_handedover: true,
    alkes_checked: true,
    cancel_test: false,
  })
  if (status !== 'SELESAI') return
  await submitFeedback(actorOf(facility), order, {
    unit: 'Instalasi Pemeliharaan Sarana',
    critic: index % 2 ? 'Pelayanan cepat dan informatif.' : undefined,
    ratings: Object.fromEntries(FEEDBACK_CODES.map((code, i) => [code, 3 + ((index + i) % 3)])),
  })
}
