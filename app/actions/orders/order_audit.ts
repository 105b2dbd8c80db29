import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type Order from '#models/order'
import type User from '#models/user'
import { audit, type Actor } from '#services/audit'
import { moveStatus } from '#workflows/kit'
import { workflowOf } from '#workflows/order_types'
import { orderNews } from '#notifications/order_news'
import type { SharedOrderAction } from '#workflows/order_actions'

export type StaffActor = Actor & { user: User }

/** The status each order was moved between in the transaction now running (moveOrder). */
const moves = new WeakMap<Order, { from: string; to: string }>()

/**
 * One audit row about an order: `{type}.{action}` on `{type}_order` (the timeline reads them);
 * then who must hear of it is told, in the same transaction (app/notifications/order_news.ts).
 */
export async function auditOrder(
  actor: Actor,
  order: Order,
  action: string,
  entry: { from?: Record<string, unknown>; to?: Record<string, unknown>; reason?: string | null },
  trx: TransactionClientContract
) {
  await audit(
    actor,
    {
      action: `${order.type}.${action}`,
      subjectType: `${order.type}_order`,
      subjectId: order.id,
      ...entry,
    },
    trx
  )
  const moved = moves.get(order) ?? null
  moves.delete(order)
  await orderNews(trx, actor.user?.id ?? null, order, {
    action,
    moved,
    reason: entry.reason,
    to: entry.to,
  })
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
  moves.set(order, { from, to })
  return { from, to }
}
