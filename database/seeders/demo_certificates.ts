import db from '@adonisjs/lucid/services/db'
import User from '#models/user'
import Order from '#models/order'
import AlkesTestPoint from '#models/alkes_test_point'
import { labNow } from '#services/format'
import { limitOf, standardOfPoint, statedUncertainty } from '#shared/measurement'
import { createInternalOrder } from '#actions/internal/submit_order'
import { confirmOrder } from '#actions/internal/confirm_order'
import { receiveEquipment } from '#actions/internal/receive_equipment'
import { assignOfficers } from '#actions/internal/assign_officers'
import { saveWorksheet, type WorksheetInput } from '#actions/orders/worksheets'
import { approveCertificate } from '#actions/orders/certificates'
import { standardCandidates } from '#queries/orders/worksheet_standards'
import { RECEIVE_CHECKLIST, type ReceiveCheck } from '#enums/receive_checklist'

const actorOf = (user: User) => ({ user, ip: '127.0.0.1' })

/**
 * Traceable calibration records in the demo (issue 15): an Alat Datang order of two patient
 * monitors measured point by point with the PK lab's patient simulator and electrical safety
 * analyzer. The first monitor's certificate was approved by the PK head, then corrected
 * (revision 1, approved: the verification page tells both apart); the second waits for the
 * head's approval. Walked through the app's own actions, like the other demo orders.
 */
export async function seedDemoCertificates() {
  const monitor = await db
    .from('alkes')
    .where('name', 'Patient Monitor')
    .where('laboratory', 'PK')
    .first()
  if (!monitor) return
  const template = await AlkesTestPoint.query().where('alkes_id', monitor.id).orderBy('position')
  if (!template.length) return
  const account = (email: string) => User.findByOrFail('email', email)
  const [admin, head, officer, facility] = await Promise.all([
    account('admin_pk@kalibra.test'),
    account('head_of_pk_laboratory@kalibra.test'),
    account('officer_pk@kalibra.test'),
    account('fasyankes@kalibra.test'),
  ])
  const today = labNow().startOf('day')
  const delivery = today.minus({ days: 6 })
  const order = await createInternalOrder(actorOf(facility), facility.fasyankesId!, {
    delivery_date_estimation: delivery.toJSDate(),
    arrival_date_estimation: delivery.plus({ days: 1 }).toJSDate(),
    contact_person_name: 'Rahmat Hidayat',
    contact_person_phone: '081234567890',
    delivery_option: 'Diantar oleh pihak pertama',
    service_type: 'Reguler',
    alkes: [{ alkes_id: Number(monitor.id), quantity: 2, description: 'Ruang ICU' }],
  })
  await confirmOrder(actorOf(admin), order, 'approve', 'Permintaan diterima.')
  const devices = await db.from('order_devices').where('order_id', order.id).orderBy('id')
  const serials = devices.map((_, i) => `PM8-DEMO-${order.id}${i + 1}`)
  await receiveEquipment(actorOf(admin), order, {
    checker: admin.id,
    contact_person_name: 'Rahmat Hidayat',
    contact_person_phone: '081234567890',
    received_date: delivery.plus({ days: 1 }).toJSDate(),
    done_estimation_date: delivery.plus({ days: 5 }).toJSDate(),
    alkes_orders: devices.map((device, i) => ({
      id: Number(device.id),
      merk: 'Mindray',
      model: 'uMEC 10',
      serial_number: serials[i],
      functionality: 'Baik' as const,
      accessories: 'Kabel daya, manset NIBP, sensor SpO2, kabel EKG',
    })),
    ...(Object.fromEntries(Object.keys(RECEIVE_CHECKLIST).map((check) => [check, true])) as Record<
      ReceiveCheck,
      true
    >),
  })
  await assignOfficers(
    actorOf(admin),
    order,
    devices.map((device) => ({
      internal_alkes_order_id: Number(device.id),
      bpfk_user_id: officer.id,
    }))
  )

  const workDate = delivery.plus({ days: 2 })
  const workDay = workDate.toISODate()!
  const candidates = await standardCandidates(order, { lab: 'pk' }, workDay)
  const usable = candidates.filter((candidate) => !candidate.refusal)
  const standards = ['Patient Simulator', 'Electrical Safety Analyzer']
    .map((name) => usable.find((candidate) => candidate.name === name))
    .filter((candidate) => candidate !== undefined)
  if (!standards.length) return

  /** Readings a good monitor gives: a quarter of the way to the limit, one step apart. */
  const readingsOf = (point: AlkesTestPoint, shift: number) =>
    Array.from({ length: point.repeats }, (_, i) => {
      const value = point.nominal + limitOf(point) * 0.25 * shift + (i % 2) * point.resolution
      return Math.round(value / point.resolution) * point.resolution
    })
  const worksheet = (index: number, shift: number): WorksheetInput => ({
    merk: 'Mindray',
    model: 'uMEC 10',
    serial_number: serials[index],
    type: 'Kalibrasi',
    certificate_month: workDate.month,
    work_date: workDate.toJSDate(),
    work_place: 'Laboratorium Kalibrasi Kalibra',
    room_name: 'Ruang Kalibrasi 1',
    is_laik: 1,
    officer_id: officer.id,
    ambient_temperature: 23.5,
    ambient_humidity: 56,
    standards: standards.map((standard) => standard.id),
    points: template.map((point) => {
      const standard = standardOfPoint(undefined, standards, point)
      const stated = standard ? statedUncertainty(standard.uncertainties, point) : undefined
      return {
        readings: readingsOf(point, shift),
        resolution: point.resolution,
        // A value its certificate does not state, as the officer would type it from there.
        ...(stated === undefined ? { reference_uncertainty: point.resolution / 2 } : {}),
      }
    }),
  })

  const fresh = () => Order.findOrFail(order.id)
  for (const [index] of devices.entries()) {
    await saveWorksheet(
      actorOf(officer),
      await fresh(),
      Number(devices[index].id),
      worksheet(index, 1)
    )
  }
  const approvePending = async (deviceId: number) => {
    const pending = await db
      .from('certificates')
      .where('order_device_id', deviceId)
      .where('status', 'Menunggu Persetujuan')
      .firstOrFail()
    await approveCertificate(actorOf(head), await fresh(), pending.id)
  }
  const first = Number(devices[0].id)
  await approvePending(first)
  await saveWorksheet(actorOf(officer), await fresh(), first, worksheet(0, 0.5), {
    reason: 'Pembacaan laju jantung tertukar antar titik pada sertifikat awal.',
  })
  await approvePending(first)
}
