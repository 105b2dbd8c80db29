import type { DateTime } from 'luxon'
import { urlFor } from '@adonisjs/core/services/url_builder'
import db from '@adonisjs/lucid/services/db'
import Order from '#models/order'
import type User from '#models/user'
import { BILLING_STATES, billingLabel, billingStateOf } from '#enums/billing_states'
import { ORDER_TYPE_INFO, ORDER_TYPES, orderListHref } from '#workflows/order_types'
import type { SharedOrderAction } from '#workflows/order_actions'
import {
  ORDER_AGE_KEYS,
  oldestFirst,
  wholeOrders,
  type OrderAge,
} from '#queries/tasks/oldest_first'

/** Counted no further: a group says "1000" and its list holds the rest. */
const COUNT_CAP = 1000

/**
 * The treasurer's billing tasks (issue 35, point 3), for whoever may take the invoice actions
 * (never a role name): per order type, the orders whose work is done and that are not billed
 * yet ("Perlu ditagih": the invoice opens in the statuses its workflow gives), aged since they
 * reached that status; and the payment proofs awaiting confirmation ("Konfirmasi pembayaran"),
 * aged since the proof came. Each row leads to the invoice page. Rows are read from the billing
 * index (0044) in the order of their requests, oldest first.
 */
export async function billingTasks(
  user: User,
  now: DateTime,
  rows: number,
  age: (since: DateTime | null, now: DateTime) => { age: string; late: boolean; since: string }
) {
  const groups = []
  for (const type of ORDER_TYPES) {
    const info = ORDER_TYPE_INFO[type]
    const kinds = [
      {
        key: 'billing_due',
        label: 'Perlu ditagih',
        action: 'invoice_update' as SharedOrderAction,
        state: 'belum_ditagih' as const,
        since: (order: Order) => order.statusChangedAt,
      },
      {
        key: 'payment_confirm',
        label: 'Konfirmasi pembayaran',
        action: 'invoice_confirm' as SharedOrderAction,
        state: 'menunggu_konfirmasi' as const,
        since: (order: Order) => order.billingChangedAt ?? order.statusChangedAt,
      },
    ]
    for (const kind of kinds) {
      const { workflow } = info
      if (!user.can(info.viewPermission) || !workflow.permits(kind.action, user)) continue
      const statuses = workflow.action(kind.action).from as readonly string[]
      const waiting = <Q extends { where: any; whereIn: any }>(query: Q, among = statuses): Q =>
        query
          .where('type', type)
          .where('billing_state', BILLING_STATES[kind.state].code)
          .whereIn('status', [...among])
      // Each status read in the order of orders_billing_tasks_idx (0046), then merged.
      const oldest = (status: string) =>
        waiting(Order.query(), [status]).orderBy('created_at').orderBy('id').limit(rows)
      const [orders, [counted]] = await Promise.all([
        oldestFirst(
          statuses,
          rows,
          (status) =>
            oldest(status)
              .select(...ORDER_AGE_KEYS)
              .pojo<OrderAge>(),
          'created_at'
        ).then(wholeOrders),
        db
          .from(waiting(db.from('orders')).select('id').limit(COUNT_CAP).as('waiting'))
          .count('* as total'),
      ])
      const total = Number(counted.total)
      if (!total) continue
      const mine = orders.filter((order) => workflow.allows(kind.action, order, user))
      groups.push({
        key: `${type}.${kind.key}`,
        label: kind.label,
        order_type: info.title,
        total,
        list_href: orderListHref(type, {
          billing: kind.state,
          ...(statuses.length === 1 ? { status: statuses[0] } : {}),
        }),
        rows: mine.map((order) => ({
          id: order.id,
          number: order.number,
          fasyankes_name: order.$extras.fasyankes_name as string,
          status: billingLabel(billingStateOf(order.billingState), order.invoiceStage),
          status_tone: BILLING_STATES[kind.state].tone,
          ...age(kind.since(order), now),
          order_href: info.pagePath(order, user),
          action_href: urlFor('orders.invoice', { orderType: type, id: order.id }),
          blocked: null,
        })),
      })
    }
  }
  return groups
}
