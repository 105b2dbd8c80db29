import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import Order from '#models/order'
import User from '#models/user'
import type { Role } from '#enums/roles'
import { rolesWith } from '#enums/permissions'
import { LAB_HEADS, type ServiceLab } from '#enums/labs'
import { ORDER_TYPE_INFO, type OrderTypeInfo } from '#workflows/order_types'
import type { OrderNewsPage, SharedOrderAction } from '#workflows/order_actions'
import { notify } from '#notifications/notify'
import { noticeLinks } from '#notifications/links'
import { deviceName, joinNames, resultLines } from '#notifications/device_lines'

/** Staff accounts (no facility) holding any of the roles, with their roles (the guards read them). */
export async function staffWithRoles(trx: TransactionClientContract, roles: readonly Role[]) {
  if (!roles.length) return []
  return User.query({ client: trx })
    .whereNull('fasyankes_id')
    .whereIn('id', (q) =>
      q
        .from('user_roles')
        .whereIn('role', roles as Role[])
        .select('user_id')
    )
    .preload('roleRows')
}

/** The facility's own logins. */
export function facilityUsers(trx: TransactionClientContract, fasyankesId: number) {
  return User.query({ client: trx }).where('fasyankes_id', fasyankesId).preload('roleRows')
}

/** The order as its workflow's guards read it, with what they read (teams, lines). */
async function orderForGuards(trx: TransactionClientContract, order: Order, info: OrderTypeInfo) {
  const query = Order.query({ client: trx }).where('id', order.id).preload('fasyankes')
  for (const relation of info.guardRelations ?? []) query.preload(relation)
  return query.first()
}

/** What a step of an order did, as the actions record it. */
export interface OrderStep {
  action: string
  /** The status it left and entered, when it moved the order. */
  moved: { from: string; to: string } | null
  reason?: string | null
  to?: Record<string, unknown>
}

/** The addresses of the pages an action's news leads to (`ActionNews.link`). */
const NEWS_PAGES: Record<OrderNewsPage, (order: Order) => string> = {
  detail: noticeLinks.orderDetail,
  invoice: noticeLinks.orderInvoice,
}

/**
 * Who is told what after a step of an order (issue 17), in the step's transaction, as the
 * workflow declares it:
 * - a status change: the facility (the status's `notice`), and the staff whose to-do now waits
 *   (approval, receiving, officers, estimation, offering, hand-over…: the workflow's tasks in
 *   the new status, to whoever may take them);
 * - the action's own `news` (a new request to yantek and admin_pk; the invoice's stages, proofs
 *   and confirmation): to the facility or the staff holding its roles.
 * The person who took the step is not told.
 */
export async function orderNews(
  trx: TransactionClientContract,
  actorId: number | null,
  order: Order,
  step: OrderStep
) {
  const info = ORDER_TYPE_INFO[order.type as keyof typeof ORDER_TYPE_INFO] as OrderTypeInfo
  if (!info) return
  // A deleted order (its last audit row is written first) has no one left to tell.
  const current = await orderForGuards(trx, order, info)
  if (!current) return
  const facility = current.fasyankes.fasyankesName
  const except = actorId ?? undefined
  const staffPage = noticeLinks.orderDetail(order)
  const tellFacility = async (title: string, body: string, path?: string) => {
    const users = await facilityUsers(trx, order.fasyankesId)
    if (!users.length) return
    const href = path ?? info.pagePath(current, users[0])
    await notify(
      trx,
      users.map((user) => user.id),
      { title, body, href },
      except
    )
  }

  if (step.moved && step.moved.from !== step.moved.to) {
    const notice = info.workflow.notice(step.moved.to)
    if (notice) {
      const reason = step.reason ? ` Alasan: ${step.reason}` : ''
      const results = info.workflow.noticeResults(step.moved.to)
        ? await resultLines(trx, order.id)
        : null
      await tellFacility(
        `${order.number}: ${step.moved.to}`,
        `${notice}${reason}${results ? `\n${results}` : ''}`
      )
    }
    for (const { action, info: task } of info.workflow.tasksIn(step.moved.to)) {
      const candidates = await staffWithRoles(trx, rolesWith(task.permission))
      const users = candidates.filter((user) =>
        info.workflow.allows(action as SharedOrderAction, current, user)
      )
      await notify(
        trx,
        users.map((user) => user.id),
        {
          title: `${task.task!.label}: ${order.number}`,
          body: `${order.number} dari ${facility} kini ${step.moved.to} dan menunggu tindakan Anda.`,
          href: task.button?.href(current) ?? staffPage,
        },
        except
      )
    }
  }

  const names = { facility, kind: info.title }
  for (const news of info.workflow.news(step.action)) {
    if (news.when && !news.when(current)) continue
    const title = news.title(current, names)
    const body = news.body(current, names)
    const href = NEWS_PAGES[news.link as OrderNewsPage](order)
    if (news.to === 'facility') {
      await tellFacility(title, body, href)
    } else {
      const staff = await staffWithRoles(trx, news.to.roles)
      await notify(
        trx,
        staff.map((user) => user.id),
        { title, body, href },
        except
      )
    }
  }
}

/**
 * A generated certificate waits for the head of its lab (issue 15): the head is told, with the
 * devices by name and serial. The news is one per order (issue 35, point 9): while the head has
 * not read it, each further certificate of the order rewrites it to list every device of that
 * lab still waiting, instead of a notice (and e-mail) per device.
 */
export async function certificateNews(
  trx: TransactionClientContract,
  actorId: number | null,
  order: Order,
  lab: ServiceLab
) {
  const heads = await staffWithRoles(trx, [LAB_HEADS[lab]])
  if (!heads.length) return
  const waiting = await trx
    .from('certificates as c')
    .join('order_devices as d', 'd.id', 'c.order_device_id')
    .join('alkes as a', 'a.id', 'd.alkes_id')
    .where('d.order_id', order.id)
    .where('d.lab', lab)
    .where('c.status', 'Menunggu Persetujuan')
    .orderBy('d.id')
    .select('d.serial_number', 'a.name as alkes_name', 'c.revision')
  if (!waiting.length) return
  const names = waiting.map(
    (row) => `${deviceName(row)}${Number(row.revision) > 0 ? ` (revisi ${row.revision})` : ''}`
  )
  await notify(
    trx,
    heads.map((user) => user.id),
    {
      title: `Sertifikat menunggu persetujuan: ${order.number}`,
      body:
        waiting.length === 1
          ? `Sertifikat ${names[0]} pada ${order.number} menunggu persetujuan Anda.`
          : `Sertifikat ${waiting.length} alat pada ${order.number} menunggu persetujuan Anda: ${joinNames(names)}.`,
      href: noticeLinks.orderCertificates(order),
    },
    actorId ?? undefined,
    { grouped: true }
  )
}
