import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import type { MultipartFile } from '@adonisjs/core/bodyparser'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import Alkes from '#models/alkes'
import InternalOrder from '#models/internal_order'
import InternalAlkesOrder from '#models/internal_alkes_order'
import type User from '#models/user'
import { audit, type Actor } from '#services/audit'
import { holidayLookup } from '#services/holidays'
import { nextOrderNumber } from '#services/order_number'
import { storeUpload } from '#services/storage'
import { LAB_TIMEZONE } from '#services/format'
import { completionAt, totalMinutes } from '#workflows/completion_estimate'
import { assertCanTake, moveStatus } from '#actions/internal_orders/order_guard'

export interface OrderLine {
  alkes_id: number
  quantity: number
  description?: string
}

export interface OrderInput {
  fasyankes_id?: number
  letter?: MultipartFile
  delivery_date_estimation: Date
  arrival_date_estimation: Date
  contact_person_name: string
  contact_person_phone: string
  delivery_option: string
  delivery_travel_name?: string
  service_type: string
  alkes: OrderLine[]
}

const isoDay = (value: Date) => DateTime.fromJSDate(value).toISODate()!

/**
 * Each line of quantity n becomes n device orders, priced and timed from the
 * device master data (never from the browser).
 */
export async function addDeviceOrders(
  trx: TransactionClientContract,
  order: InternalOrder,
  lines: OrderLine[]
) {
  const alkes = await Alkes.query({ client: trx }).whereIn(
    'id',
    lines.map((line) => line.alkes_id)
  )
  const byId = new Map(alkes.map((item) => [item.id, item]))
  const rows = lines.flatMap((line) =>
    Array.from({ length: line.quantity }, () => ({
      internalOrderId: order.id,
      alkesId: line.alkes_id,
      price: byId.get(line.alkes_id)!.price,
      minuteEstimation: byId.get(line.alkes_id)!.minuteEstimation,
      description: line.description ?? null,
      status: 'BELUM SELESAI' as const,
    }))
  )
  await InternalAlkesOrder.createMany(rows, { client: trx })
  return rows
}

/** Re-estimates the completion from all device orders still to be done. */
export async function refreshEstimate(trx: TransactionClientContract, order: InternalOrder) {
  const devices = await InternalAlkesOrder.query({ client: trx })
    .where('internal_order_id', order.id)
    .whereNot('status', 'BATAL UJI')
  const minutes = totalMinutes(
    devices.map((d) => ({ minuteEstimation: d.minuteEstimation, quantity: 1 }))
  )
  const start = DateTime.fromISO(order.arrivalDateEstimation.toISODate()!, { zone: LAB_TIMEZONE })
  order.estimatedMinutes = minutes
  order.estimatedCompletionAt = completionAt(start, minutes, await holidayLookup(trx)).toUTC()
  await order.useTransaction(trx).save()
}

function orderAttributes(input: OrderInput) {
  return {
    deliveryDateEstimation: DateTime.fromISO(isoDay(input.delivery_date_estimation)),
    arrivalDateEstimation: DateTime.fromISO(isoDay(input.arrival_date_estimation)),
    contactPersonName: input.contact_person_name,
    contactPersonPhone: input.contact_person_phone,
    deliveryOption: input.delivery_option,
    deliveryTravelName:
      input.delivery_option === 'Diantar oleh pihak pertama'
        ? null
        : (input.delivery_travel_name ?? null),
    serviceType: input.service_type,
  }
}

export async function createInternalOrder(
  actor: Actor & { user: User },
  fasyankesId: number,
  input: OrderInput
) {
  const letterPath = input.letter ? await storeUpload(input.letter, 'letters') : null
  return db.transaction(async (trx) => {
    const order = new InternalOrder()
    order.useTransaction(trx)
    order.merge({
      ...orderAttributes(input),
      number: await nextOrderNumber(trx, 'DT'),
      status: 'MENUNGGU',
      userId: actor.user.id,
      fasyankesId,
      letterPath,
      estimatedMinutes: 0,
    })
    await order.save()
    const devices = await addDeviceOrders(trx, order, input.alkes)
    await refreshEstimate(trx, order)
    await audit(
      actor,
      {
        action: 'internal.create',
        subjectType: 'internal_order',
        subjectId: order.id,
        to: {
          number: order.number,
          status: order.status,
          devices: devices.length,
          service_type: order.serviceType,
        },
      },
      trx
    )
    return order
  })
}

/**
 * Edits an order waiting for confirmation, or resubmits a rejected one (which
 * puts it back to MENUNGGU). The device list is replaced by the new one.
 */
export async function updateInternalOrder(
  actor: Actor & { user: User },
  order: InternalOrder,
  input: OrderInput
) {
  const action = order.status === 'DITOLAK' ? 'resubmit' : 'edit'
  assertCanTake(action, order, actor.user)
  const letterPath = input.letter ? await storeUpload(input.letter, 'letters') : order.letterPath
  return db.transaction(async (trx) => {
    order.useTransaction(trx)
    // Also for a plain edit: the order must still be in the status the user edited.
    const moved = await moveStatus(trx, order, action)
    order.merge({ ...orderAttributes(input), letterPath })
    await order.save()
    await InternalAlkesOrder.query({ client: trx }).where('internal_order_id', order.id).delete()
    const devices = await addDeviceOrders(trx, order, input.alkes)
    await refreshEstimate(trx, order)
    await audit(
      actor,
      {
        action: `internal.${action}`,
        subjectType: 'internal_order',
        subjectId: order.id,
        from: { status: moved.from },
        to: { status: order.status, devices: devices.length },
      },
      trx
    )
    return order
  })
}
