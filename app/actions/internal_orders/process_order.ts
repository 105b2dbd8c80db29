import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import type InternalOrder from '#models/internal_order'
import InternalAlkesOrder from '#models/internal_alkes_order'
import InternalReceive from '#models/internal_receive'
import InternalHandover from '#models/internal_handover'
import Feedback from '#models/feedback'
import type User from '#models/user'
import ActionRefusedException from '#exceptions/action_refused_exception'
import { audit, type Actor } from '#services/audit'
import { assertCanTake, moveStatus } from '#actions/internal_orders/order_guard'

type StaffActor = Actor & { user: User }
const day = (value: Date) => DateTime.fromISO(DateTime.fromJSDate(value).toISODate()!)

export interface ReceiveInput {
  checker: number
  contact_person_name: string
  contact_person_phone: string
  received_date: Date
  done_estimation_date: Date
  alkes_orders: {
    id: number
    merk: string
    model: string
    serial_number: string
    functionality: 'Baik' | 'Tidak Baik'
    accessories?: string
  }[]
  review_request: boolean
  officer_readiness: boolean
  equipment_condition: boolean
  accommodation_and_environment: boolean
  calibration_ability: boolean
  workload: boolean
  calibration_method_compatibility: boolean
}

/** The lab receives the devices: identity of each device, the checklist, and the order becomes ALAT DITERIMA. */
export async function receiveEquipment(
  actor: StaffActor,
  order: InternalOrder,
  input: ReceiveInput
) {
  assertCanTake('receive', order, actor.user)
  await db.transaction(async (trx) => {
    const moved = await moveStatus(trx, order, 'receive')
    const devices = await InternalAlkesOrder.query({ client: trx }).where(
      'internal_order_id',
      order.id
    )
    const known = new Set(devices.map((d) => d.id))
    const stranger = input.alkes_orders.find((line) => !known.has(line.id))
    if (stranger)
      throw new ActionRefusedException(
        'Data alat tidak sesuai dengan permintaan ini. Muat ulang halaman.'
      )
    for (const line of input.alkes_orders) {
      await trx
        .from('internal_alkes_orders')
        .where('id', line.id)
        .update({
          merk: line.merk,
          model: line.model,
          serial_number: line.serial_number,
          functionality: line.functionality,
          accessories: line.accessories ?? null,
        })
    }
    const receive =
      (await InternalReceive.query({ client: trx }).where('internal_order_id', order.id).first()) ??
      new InternalReceive()
    receive.useTransaction(trx)
    receive.merge({
      internalOrderId: order.id,
      alkesCheckerUserId: input.checker,
      contactPersonName: input.contact_person_name,
      contactPersonPhone: input.contact_person_phone,
      receivedDate: day(input.received_date),
      doneEstimationDate: day(input.done_estimation_date),
      reviewRequest: input.review_request,
      officerReadiness: input.officer_readiness,
      equipmentCondition: input.equipment_condition,
      accommodationAndEnvironment: input.accommodation_and_environment,
      calibrationAbility: input.calibration_ability,
      workload: input.workload,
      calibrationMethodCompatibility: input.calibration_method_compatibility,
    })
    await receive.save()
    await audit(
      actor,
      {
        action: 'internal.receive',
        subjectType: 'internal_order',
        subjectId: order.id,
        from: { status: moved.from },
        to: {
          status: moved.to,
          devices: input.alkes_orders.length,
          received_date: receive.receivedDate.toISODate(),
        },
      },
      trx
    )
  })
}

/** admin_pk assigns an officer to each device; the order goes to PROSES PENGERJAAN. */
export async function assignOfficers(
  actor: StaffActor,
  order: InternalOrder,
  selections: { internal_alkes_order_id: number; bpfk_user_id: number }[]
) {
  assertCanTake('assign_officers', order, actor.user)
  await db.transaction(async (trx) => {
    const moved = await moveStatus(trx, order, 'assign_officers')
    for (const selection of selections) {
      const updated = await trx
        .from('internal_alkes_orders')
        .where('id', selection.internal_alkes_order_id)
        .where('internal_order_id', order.id)
        .update({ officer_id: selection.bpfk_user_id })
      if (Number(Array.isArray(updated) ? updated[0] : updated) !== 1) {
        throw new ActionRefusedException(
          'Data alat tidak sesuai dengan permintaan ini. Muat ulang halaman.'
        )
      }
    }
    await audit(
      actor,
      {
        action: 'internal.assign_officers',
        subjectType: 'internal_order',
        subjectId: order.id,
        from: { status: moved.from },
        to: { status: moved.to, officers: selections },
      },
      trx
    )
  })
}

export interface HandoverInput {
  contact_person_receiver_name: string
  contact_person_receiver_phone: string
  alkes_accordingly: boolean
  certificate_handedover: boolean
  alkes_checked: boolean
  cancel_test: boolean
}

/** Devices go back to the facility once every one is SELESAI or BATAL UJI. */
export async function handOver(actor: StaffActor, order: InternalOrder, input: HandoverInput) {
  assertCanTake('handover', order, actor.user)
  await db.transaction(async (trx) => {
    const open = await InternalAlkesOrder.query({ client: trx })
      .where('internal_order_id', order.id)
      .where('status', 'BELUM SELESAI')
      .preload('alkes')
    if (open.length) {
      throw new ActionRefusedException(
        `Serah terima belum dapat dilakukan: ${open.length} alat belum selesai (${open.map((d) => d.alkes.name).join(', ')}).`
      )
    }
    const moved = await moveStatus(trx, order, 'handover')
    await InternalHandover.create(
      {
        internalOrderId: order.id,
        contactPersonReceiverName: input.contact_person_receiver_name,
        contactPersonReceiverPhone: input.contact_person_receiver_phone,
        alkesAccordingly: input.alkes_accordingly,
        certificateHandedover: input.certificate_handedover,
        alkesChecked: input.alkes_checked,
        cancelTest: input.cancel_test,
        userId: actor.user.id,
      },
      { client: trx }
    )
    await audit(
      actor,
      {
        action: 'internal.handover',
        subjectType: 'internal_order',
        subjectId: order.id,
        from: { status: moved.from },
        to: { status: moved.to, receiver: input.contact_person_receiver_name },
      },
      trx
    )
  })
}

export async function submitFeedback(
  actor: StaffActor,
  order: InternalOrder,
  input: { unit: string; critic?: string; ratings: Record<string, number> }
) {
  assertCanTake('feedback', order, actor.user)
  await db.transaction(async (trx) => {
    // A device added after the hand-over must be finished (or cancelled) before the order can close.
    const open = await InternalAlkesOrder.query({ client: trx })
      .where('internal_order_id', order.id)
      .where('status', 'BELUM SELESAI')
      .preload('alkes')
    if (open.length) {
      throw new ActionRefusedException(
        `Permintaan belum dapat diselesaikan: ${open.length} alat belum selesai (${open.map((d) => d.alkes.name).join(', ')}).`
      )
    }
    const moved = await moveStatus(trx, order, 'feedback')
    await Feedback.create(
      {
        internalOrderId: order.id,
        userId: actor.user.id,
        unit: input.unit,
        critic: input.critic ?? null,
        ratings: input.ratings,
      },
      { client: trx }
    )
    await audit(
      actor,
      {
        action: 'internal.feedback',
        subjectType: 'internal_order',
        subjectId: order.id,
        from: { status: moved.from },
        to: { status: moved.to },
      },
      trx
    )
  })
}
