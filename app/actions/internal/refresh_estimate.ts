import { DateTime } from 'luxon'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type Order from '#models/order'
import InternalOrder from '#models/internal_order'
import { holidayLookup } from '#services/holidays'
import { LAB_TIMEZONE } from '#services/format'
import { completionAt, totalMinutes } from '#shared/completion_estimate'

/** Re-estimates the completion of an incoming-equipment order from its lines still to be done. */
export async function refreshEstimate(trx: TransactionClientContract, order: Order) {
  const details = await InternalOrder.query({ client: trx })
    .where('order_id', order.id)
    .firstOrFail()
  const devices = await trx
    .from('order_devices')
    .where('order_id', order.id)
    .whereNot('status', 'BATAL UJI')
    .select('minute_estimation')
  const minutes = totalMinutes(
    devices.map((d) => ({ minuteEstimation: Number(d.minute_estimation), quantity: 1 }))
  )
  const start = DateTime.fromISO(details.arrivalDateEstimation.toISODate()!, { zone: LAB_TIMEZONE })
  details.useTransaction(trx)
  details.estimatedMinutes = minutes
  details.estimatedCompletionAt = completionAt(start, minutes, await holidayLookup(trx)).toUTC()
  await details.save()
}
