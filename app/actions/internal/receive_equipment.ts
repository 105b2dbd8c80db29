import { DateTime } from 'luxon'
import type { Infer } from '@vinejs/vine/types'
import string from '@adonisjs/core/helpers/string'
import type Order from '#models/order'
import InternalReceive from '#models/internal_receive'
import ActionRefusedException from '#exceptions/action_refused_exception'
import { internalWorkflow } from '#workflows/internal_order_workflow'
import { auditOrder, moveOrder, type StaffActor } from '#actions/orders/order_audit'
import { REPEATED_SERIAL, repeatedSerials } from '#queries/devices/serial'
import { refuseFields } from '#services/field_errors'
import type { receiveValidator } from '#validators/internal_order'
import { RECEIVE_CHECKLIST, type ReceiveCheck } from '#enums/receive_checklist'

export type ReceiveInput = Infer<typeof receiveValidator>

const day = (value: Date) => DateTime.fromISO(DateTime.fromJSDate(value).toISODate()!)

/** The lab receives the devices: identity of each, the review checklist; the order is ALAT DITERIMA. */
export async function receiveEquipment(actor: StaffActor, order: Order, input: ReceiveInput) {
  await internalWorkflow.take('receive', order, actor.user, async (trx) => {
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
      ...Object.fromEntries(
        Object.keys(RECEIVE_CHECKLIST).map((key) => [
          string.camelCase(key),
          input[key as ReceiveCheck],
        ])
      ),
    })
    await receive.save()
    await auditOrder(
      actor,
      order,
      'receive',
      {
        moved,
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
