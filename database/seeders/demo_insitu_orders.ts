import db from '@adonisjs/lucid/services/db'
import User from '#models/user'
import type Order from '#models/order'
import type { Actor } from '#services/audit'
import { labNow } from '#services/format'
import { SERVICE_LABS, type ServiceLab } from '#enums/labs'
import { accommodationDefaults } from '#shared/insitu_costs'
import { INSITU_STATUSES, type InsituStatus } from '#workflows/insitu_order_workflow'
import { createInsituOrder } from '#actions/insitu/submit_order'
import {
  cancelInsituOrder,
  confirmInsituOrder,
  finalizeInsituOrder,
  sendOffering,
  signOffering,
  uploadContract,
} from '#actions/insitu/order_steps'
import { saveAccommodations, saveEstimations } from '#actions/insitu/lab_plans'
import { saveTeam } from '#actions/insitu/officer_teams'
import { saveWorksheet } from '#actions/orders/worksheets'
import { attachBySubOrder } from '#actions/orders/attachments'
import { demoMakeOf } from './demo_makes.js'

/**
 * On-site (Insitu) orders in every status for the demo installation, walked through the app's
 * own actions like the Alat Datang ones (demo_orders.ts): requests per lab, estimation,
 * accommodation, the offering sent and signed, the contract, the teams, the work and its
 * certificates. Only `kalibra:demo` loads them.
 */
const PLAN: InsituStatus[] = [
  'SELESAI',
  'SELESAI',
  'DALAM PROSES',
  'DALAM PROSES',
  'PENAWARAN DISETUJUI',
  'MENUNGGU PERSETUJUAN',
  'MENUNGGU PENAWARAN',
  'DITERIMA',
  'DIBATALKAN',
  'TERKIRIM',
  'TERKIRIM',
]

const actorOf = (user: User): Actor & { user: User } => ({ user, ip: '127.0.0.1' })
const reached = (status: InsituStatus, step: InsituStatus) =>
  status !== 'DIBATALKAN' && INSITU_STATUSES.indexOf(status) >= INSITU_STATUSES.indexOf(step)

async function account(email: string) {
  return User.findByOrFail('email', email)
}

async function officersOf(role: string) {
  const rows = await db
    .from('users as u')
    .join('user_roles as r', 'r.user_id', 'u.id')
    .where('r.role', role)
    .orderBy('u.id')
    .select('u.id')
  return rows.map((row) => Number(row.id))
}

async function insituAlkes(laboratory: string) {
  const rows = await db
    .from('alkes')
    .whereIn('id', (offered) =>
      offered.from('alkes_services').where('order_type', 'insitu').select('alkes_id')
    )
    .where('laboratory', laboratory)
    .orderBy('id')
    .limit(12)
    .select('id')
  return rows.map((row) => Number(row.id))
}

export async function seedDemoInsituOrders() {
  const [yantek, heads, facilities] = await Promise.all([
    account('yantek@kalibra.test'),
    Promise.all(
      ['pk', 'ukpr', 'sarpras'].map((lab) => account(`head_of_${lab}_laboratory@kalibra.test`))
    ),
    User.query().whereNotNull('fasyankes_id').preload('roleRows').orderBy('id').limit(6),
  ])
  const alkes = {
    pk: await insituAlkes('PK'),
    ukpr: await insituAlkes('UKPR'),
    sarpras: await insituAlkes('SARPRAS'),
  }
  const officers = {
    pk: await officersOf('officer_pk'),
    ukpr: await officersOf('officer_ukpr'),
    sarpras: await officersOf('officer_sarpras'),
  }
  const today = labNow().startOf('day')

  for (const [index, status] of PLAN.entries()) {
    const facility = facilities[index % facilities.length]
    const created = today.minus({ days: (PLAN.length - index) * 6 + 3 })
    // Every order has PK lines; every other one UKPR, every third Sarpras too.
    const labs = SERVICE_LABS.filter(
      (lab, i) => alkes[lab].length && (i === 0 || index % (i + 1) === 0)
    )
    const lines = (lab: ServiceLab) =>
      [0, 1].map((offset) => ({
        alkes_id: alkes[lab][(index * 2 + offset) % alkes[lab].length],
        quantity: 1 + ((index + offset) % 3),
      }))
    const order = await createInsituOrder(actorOf(facility), facility.fasyankesId!, {
      execution_year: today.year,
      letter_number: `445/${100 + index}/${today.year}`,
      letter_date: created.minus({ days: 2 }).toJSDate(),
      ...Object.fromEntries(labs.map((lab) => [`alkes_${lab}`, lines(lab)])),
    })
    await walk(order, status, { yantek, heads, facility, labs, officers, index })
    await db
      .from('orders')
      .where('id', order.id)
      .update({
        created_at: created.toUTC().toSQL({ includeOffset: false }),
        status_changed_at: created.plus({ days: 2 }).toUTC().toSQL({ includeOffset: false }),
      })
  }
}

async function walk(
  order: Order,
  status: InsituStatus,
  people: {
    yantek: User
    heads: User[]
    facility: User
    labs: ServiceLab[]
    officers: Record<ServiceLab, number[]>
    index: number
  }
) {
  const { yantek, heads, facility, labs, officers, index } = people
  if (status === 'TERKIRIM') return
  if (status === 'DIBATALKAN') {
    await cancelInsituOrder(
      actorOf(facility),
      order,
      'Jadwal bentrok dengan akreditasi; permintaan diajukan ulang tahun depan.'
    )
    return
  }
  await confirmInsituOrder(actorOf(yantek), order)
  if (!reached(status, 'MENUNGGU PENAWARAN')) return

  const estimates = labs.map((lab, i) => ({
    lab,
    ppHour: 2 + i,
    ppMinute: 30,
    officers: lab === 'ukpr' ? 2 : 3,
  }))
  await saveEstimations(actorOf(yantek), order, estimates)
  const plans = await db.from('insitu_lab_plans').where('order_id', order.id)
  await saveAccommodations(
    actorOf(yantek),
    order,
    labs.map((lab) => {
      const plan = plans.find((row) => row.lab === lab)
      const defaults = accommodationDefaults({
        totalOfficer: Number(plan.total_officer),
        finalEstimation: Number(plan.final_estimation),
      })
      return {
        lab,
        accommodation: {
          ...defaults,
          officerPrice: 380_000,
          transportationPrice: 450_000,
          transportationCount: 1,
          transportationDay: defaults.officerDay,
          hotelPrice: 425_000,
          hotelDay: Math.max(0, defaults.officerDay - 1),
        },
      }
    })
  )
  if (!reached(status, 'MENUNGGU PERSETUJUAN')) return

  await sendOffering(actorOf(yantek), order)
  if (!reached(status, 'PENAWARAN DISETUJUI')) return
  await signOffering(actorOf(facility), order, {
    signature_name: 'dr. Ratna Dewi, M.Kes.',
    signature_nip: '197805122005012003',
    signature_position: 'Direktur',
  })
  if (!reached(status, 'DALAM PROSES')) return

  const start = labNow()
    .startOf('day')
    .minus({ days: 10 - index })
  await uploadContract(actorOf(yantek), order, {
    number: `KTR/${String(order.id).padStart(3, '0')}/${start.year}`,
    date: start.minus({ days: 5 }).toJSDate(),
  })
  for (const lab of labs) {
    const [leader, ...rest] = officers[lab]
    if (!leader || !rest.length) continue
    await saveTeam(actorOf(heads[['pk', 'ukpr', 'sarpras'].indexOf(lab)]), order, {
      lab,
      leader,
      member: rest.slice(0, 2),
      dates: [{ start_date: start.toJSDate(), end_date: start.plus({ days: 1 }).toJSDate() }],
    })
  }
  if (status !== 'SELESAI') return

  await order.load('teamMembers')
  const devices = await db
    .from('order_devices as d')
    .join('alkes as a', 'a.id', 'd.alkes_id')
    .where('d.order_id', order.id)
    .orderBy('d.id')
    .select('d.id', 'd.lab', 'a.name as alkes_name')
  for (const [i, device] of devices.entries()) {
    const leader = officers[device.lab as ServiceLab][0]
    if (!leader) continue
    await saveWorksheet(actorOf(yantek), order, Number(device.id), {
      ...demoMakeOf(device.alkes_name, order.id + i),
      serial_number: `INS${order.id}${String(i + 1).padStart(3, '0')}`,
      type: 'Kalibrasi',
      certificate_number: `KAL/INS/${start.year}/${String(order.id * 10 + i).padStart(5, '0')}`,
      certificate_month: start.month,
      work_date: start.toJSDate(),
      work_place: 'Di lokasi fasyankes',
      room_name: 'Ruang ICU',
      is_laik: 1,
      officer_id: leader,
    })
  }
  await attachBySubOrder(actorOf(yantek), order, 'certificate', [
    { order_number: order.number, value: `https://drive.example.go.id/kalibra/${order.id}.pdf` },
  ])
  await finalizeInsituOrder(actorOf(yantek), order, 'Seluruh alat selesai dikalibrasi di lokasi.')
}
