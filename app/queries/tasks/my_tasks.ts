import { DateTime } from 'luxon'
import { urlFor } from '@adonisjs/core/services/url_builder'
import db from '@adonisjs/lucid/services/db'
import Order from '#models/order'
import type User from '#models/user'
import { formatAge, fromDatabase } from '#services/format'
import { ORDER_TYPE_INFO, ORDER_TYPES, orderListHref } from '#workflows/order_types'
import type { SharedOrderAction } from '#workflows/order_actions'
import { deviceLinesQuery } from '#queries/orders/joins'
import { countInStatuses } from '#queries/orders/order_list_kit'
import { billingTasks } from '#queries/tasks/billing_tasks'
import {
  ORDER_AGE_KEYS,
  oldestFirst,
  wholeOrders,
  type OrderAge,
} from '#queries/tasks/oldest_first'

/** Rows shown per group; the rest are reached through the filtered list. */
export const TASK_ROWS = 20
/** Past this many days a waiting item is marked as late. */
const LATE_DAYS = 3

function age(since: DateTime | null, now: DateTime) {
  const from = since ?? now
  return {
    age: formatAge(from, now),
    late: now.toMillis() - from.toMillis() >= LATE_DAYS * 86_400_000,
    since: from.toISO()!,
  }
}

/**
 * The orders waiting for an action this user may take, one group per action the
 * workflows mark as a task (approve, receive, assign, hand over…), oldest first.
 */
async function waitingOrders(user: User, now: DateTime) {
  const groups = []
  for (const type of ORDER_TYPES) {
    const info = ORDER_TYPE_INFO[type]
    if (!user.can(info.viewPermission)) continue
    for (const task of info.workflow.tasksFor(user)) {
      const waiting = (status: string) => {
        const query = Order.query().where('type', type).where('status', status)
        if (user.isFacility) query.where('fasyankes_id', user.fasyankesId ?? 0)
        return query.orderBy('status_changed_at').orderBy('id').limit(TASK_ROWS)
      }
      const [orders, total] = await Promise.all([
        oldestFirst(
          task.statuses,
          TASK_ROWS,
          (status) =>
            waiting(status)
              .select(...ORDER_AGE_KEYS)
              .pojo<OrderAge>(),
          'status_changed_at'
        ).then(wholeOrders),
        countInStatuses(type, task.statuses, user),
      ])
      const action = task.action as SharedOrderAction
      // An action with a rule beyond the role (a guard) is a task only where it holds.
      const mine = orders.filter((order) => info.workflow.allows(action, order, user))
      const blocked = await info.workflow.whyBlockedEach(action, mine)
      const rows = []
      for (const [index, order] of mine.entries()) {
        rows.push({
          id: order.id,
          number: order.number,
          fasyankes_name: order.$extras.fasyankes_name as string,
          status: order.status,
          status_tone: info.workflow.tone(order.status),
          ...age(order.statusChangedAt, now),
          order_href: info.pagePath(order, user),
          action_href:
            info.workflow.action(action).button?.href(order) ?? info.pagePath(order, user),
          blocked: blocked[index],
        })
      }
      groups.push({
        key: `${type}.${task.action}`,
        label: task.label,
        order_type: info.title,
        total,
        // The whole list behind the group, when one status holds it.
        list_href:
          task.statuses.length === 1 ? orderListHref(type, { status: task.statuses[0] }) : null,
        rows,
      })
    }
  }
  return groups
}

/** The device lines assigned to this user that are not finished, oldest order first (by its id). */
async function assignedLines(user: User, now: DateTime) {
  const open = () =>
    db.from('order_devices as d').where('d.officer_id', user.id).where('d.status', 'BELUM SELESAI')
  const [lines, [{ total }]] = await Promise.all([
    deviceLinesQuery()
      .where('d.officer_id', user.id)
      .where('d.status', 'BELUM SELESAI')
      .select(
        'd.id',
        'd.lab',
        'd.merk',
        'd.model',
        'd.serial_number',
        'd.is_laik',
        'd.worksheet_saved_at',
        'o.id as order_id',
        'o.type',
        'o.number',
        'o.status',
        'o.status_changed_at',
        'f.fasyankes_name',
        'a.name as alkes_name'
      )
      // Oldest order first (ids are given in time), in the order of order_devices_officer_open_idx.
      .orderBy('d.order_id')
      .orderBy('d.id')
      .limit(TASK_ROWS * 2),
    open().count('* as total'),
  ])
  return {
    total: Number(total),
    rows: lines.map((line) => {
      const type = line.type as keyof typeof ORDER_TYPE_INFO
      const worksheetDone = !!line.worksheet_saved_at && line.is_laik !== null
      return {
        id: Number(line.id),
        number: line.number as string,
        fasyankes_name: line.fasyankes_name as string,
        device: [line.alkes_name, line.merk, line.model].filter(Boolean).join(' / '),
        serial_number: (line.serial_number as string | null) ?? '-',
        status: line.status as string,
        status_tone: ORDER_TYPE_INFO[type].workflow.tone(line.status),
        // What the line still needs before it is finished (actions/orders/settle_device.ts).
        state: worksheetDone
          ? 'Lembar kerja terisi, berkas hasil belum diunggah'
          : 'Lembar kerja belum diisi',
        ...age(fromDatabase(line.status_changed_at), now),
        order_href: ORDER_TYPE_INFO[type].pagePath({ id: Number(line.order_id) }, user),
        // The line's own worksheet (the workflow still decides when it opens).
        worksheet_href: urlFor('orders.worksheet.form', {
          orderType: type,
          id: Number(line.order_id),
          lab: line.lab,
          alkesOrderId: Number(line.id),
        }),
      }
    }),
  }
}

/**
 * The orders with generated certificates waiting for this head's approval (issue 15): the
 * lines of the labs they head, one row per order, oldest request first.
 */
async function certificatesToApprove(user: User, now: DateTime) {
  const labs = user.headedLabs
  if (!user.can('certificate.approve') || !labs.length) return []
  // One read: the orders in groups, and (over the groups, before the limit) how many there are.
  const rows = await db
    .from('certificates as c')
    .join('order_devices as d', 'd.id', 'c.order_device_id')
    .join('orders as o', 'o.id', 'd.order_id')
    .where('c.status', 'Menunggu Persetujuan')
    .whereIn('d.lab', labs)
    .join('fasyankes as f', 'f.id', 'o.fasyankes_id')
    .groupBy('o.id', 'o.type', 'o.number', 'o.status', 'f.fasyankes_name')
    .select('o.id', 'o.type', 'o.number', 'o.status', 'f.fasyankes_name')
    .select(db.raw('count(*) over () as orders_waiting'))
    .min('c.status_changed_at as since')
    .count('* as waiting')
    .orderBy('since')
    .orderBy('o.id')
    .limit(TASK_ROWS)
  const total = Number(rows[0]?.orders_waiting ?? 0)
  if (!total) return []
  return [
    {
      key: 'certificates.approve',
      label: 'Setujui sertifikat',
      order_type: 'Alat Datang dan Insitu',
      total,
      list_href: null,
      rows: rows.map((row) => {
        const type = row.type as keyof typeof ORDER_TYPE_INFO
        const order = { id: Number(row.id) }
        return {
          id: order.id,
          number: row.number as string,
          fasyankes_name: row.fasyankes_name as string,
          status: `${Number(row.waiting)} sertifikat menunggu`,
          status_tone: 'amber',
          ...age(fromDatabase(row.since), now),
          order_href: ORDER_TYPE_INFO[type].pagePath(order, user),
          action_href: urlFor('orders.certificates', { orderType: type, id: order.id }),
          blocked: null,
        }
      }),
    },
  ]
}

/** "My tasks": what waits for this user, each with how long it has waited. */
export async function myTasks(user: User) {
  const now = DateTime.utc()
  const [waiting, certificates, billing, assigned] = await Promise.all([
    waitingOrders(user, now),
    certificatesToApprove(user, now),
    billingTasks(user, now, TASK_ROWS, age),
    assignedLines(user, now),
  ])
  return { waiting: [...certificates, ...billing, ...waiting], assigned }
}
