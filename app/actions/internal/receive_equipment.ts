import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import type Order from '#models/order'
import InternalReceive from '#models/internal_receive'
import ActionRefusedException from '#exceptions/action_refused_exception'
import { internalWorkflow } from '#workflows/internal_order_workflow'
import { auditOrder, moveOrder, type StaffActor } from '#actions/orders/order_audit'
import { REPEATED_SERIAL, repeatedSerials } from '#actions/orders/device_lines'
import { refuseFields } from '#services/field_errors'

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

const day = (value: Date) => DateTime.fromISO(DateTime.fromJSDate(value).toISODate()!)

/** The lab receives the devices: identity of each, the review checklist; the order is ALAT DITERIMA. */
export async function receiveEquipment(actor: StaffActor, order: Order, input: ReceiveInput) {
  internalWorkflow.assert('receive', order, actor.user)
  await db.transaction(async (trx) => {
    const moved = await moveOrder(trx, order, 'receive')
    const rows = await trx
      .from('order_devices')
      .where('order_id', order.id)
      .select('id', 'alkes_id')
    const typeOf = new Map(rows.map((d) => [Number(d.id), Number(d.alkes_id)]))
    if (input.alkes_orders.some((line) => !typeOf.has(line.id))) {
      throw new ActionRefusedException(
        'Data alat tidak sesuai dengan permintaan ini. Muat ulang halaman.'
      )
    }
    const repeated = repeatedSerials(
      input.alkes_orders.map((line) => ({
        alkesId: typeOf.get(line.id)!,
        serialNumber: line.serial_number,
      }))
    )
    if (repeated.length) {
      refuseFields(
        Object.fromEntries(
          repeated.map((index) => [`alkes_orders.${index}.serial_number`, REPEATED_SERIAL])
        )
      )
    }
    for (const line of input.alkes_orders) {
      await trx
        .from('order_devices')
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
      (await InternalReceive.query({ client: trx }).where('order_id', order.id).first()) ??
      new InternalReceive()
    receive.useTransaction(trx)
    receive.merge({
      orderId: order.id,
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
    await auditOrder(
      actor,
      order,
      'receive',
      {
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
