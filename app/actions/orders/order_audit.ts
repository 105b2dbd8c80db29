import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type Order from '#models/order'
import type User from '#models/user'
import { audit, type Actor } from '#services/audit'
import { moveStatus } from '#workflows/kit'
import { workflowOf } from '#workflows/order_types'
import type { SharedOrderAction } from '#workflows/order_actions'

export type StaffActor = Actor & { user: User }

/** One audit row about an order: `{type}.{action}` on `{type}_order` (the timeline reads them). */
export function auditOrder(
  actor: Actor,
  order: Order,
  action: string,
  entry: { from?: Record<string, unknown>; to?: Record<string, unknown>; reason?: string | null },
  trx: TransactionClientContract
) {
  return audit(
    actor,
    {
      action: `${order.type}.${action}`,
      subjectType: `${order.type}_order`,
      subjectId: order.id,
      ...entry,
    },
    trx
  )
}

/** Moves the order along its workflow, only from the status the user saw (race-safe). */
export async function moveOrder(
  trx: TransactionClientContract,
  order: Order,
  action: SharedOrderAction | string
) {
  const from = order.status
  const to = workflowOf(order).next(action as SharedOrderAction, from)
  await moveStatus(trx, {
    table: 'orders',
    id: order.id,
    from,
    to,
    label: `permintaan ${order.number}`,
  })
  order.status = to
  return { from, to }
}
