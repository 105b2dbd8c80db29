import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type Order from '#models/order'
import type User from '#models/user'
import { audit, type Actor } from '#services/audit'
import { moveStatus } from '#workflows/kit'
import { workflowOf } from '#workflows/order_types'
import { orderNews } from '#notifications/order_news'
import type { SharedOrderAction } from '#workflows/order_actions'

export type StaffActor = Actor & { user: User }

/** The statuses an order was moved between (moveOrder's answer). */
export interface OrderMove {
  from: string
  to: string
}

/**
 * One audit row about an order: `{type}.{action}` on `{type}_order` (the timeline reads them);
 * then who must hear of it is told, in the same transaction (app/notifications/order_news.ts).
 */
export async function auditOrder(
  actor: Actor,
  order: Order,
  action: string,
  entry: {
    from?: Record<string, unknown>
    to?: Record<string, unknown>
    reason?: string | null
    /** The move this step made (moveOrder), which the news of a status change tells. */
    moved?: OrderMove
  },
  trx: TransactionClientContract
) {
  const { moved = null, ...recorded } = entry
  await audit(
    actor,
    {
      action: `${order.type}.${action}`,
      subjectType: `${order.type}_order`,
      subjectId: order.id,
      ...recorded,
    },
    trx
  )
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
  return { from, to } satisfies OrderMove
}
