import { urlFor } from '@adonisjs/core/services/url_builder'
import type Order from '#models/order'
import type OrderDevice from '#models/order_device'
import type User from '#models/user'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type { Permission } from '#enums/permissions'
import type { TimelineText, Workflow } from '#workflows/kit'
import type { SharedOrderAction } from '#workflows/order_actions'
import type { BillLine } from '#queries/orders/billed_devices'
import type { OrderType } from '#enums/order_types'
import { internalWorkflow } from '#workflows/internal_order_workflow'
import { insituWorkflow } from '#workflows/insitu_order_workflow'

/**
 * The order types and what the shared order features need to know about
 * each: its workflow (which must define the shared actions), its code, its
 * list and its own pages. A second type is its name in app/enums/order_types.ts,
 * one more entry here, its own tables and its own screens.
 */
export type OrderWorkflow = Workflow<string, SharedOrderAction, Order, OrderDevice | undefined>

export interface OrderTypeInfo {
  /** Order number prefix (domain decisions: DT/2026/11/0001). */
  code: string
  title: string
  /** The type's list page (route `{type}.index`). */
  listPath(): string
  viewPermission: Permission
  workflow: OrderWorkflow
  /**
   * The device-type flag that offers this service, as the spec names it on the alkes form, its
   * list and filters (`is_internal`); stored as a row of `alkes_services` (queries/alkes/services.ts).
   */
  serviceField: `is_${string}`
  /** The type's own form for adding device lines (one list, or one tab per lab). */
  appendPage: 'internal/append' | 'insitu/append'
  /** The order's staff page (route `{type}.detail`). */
  detailPath(order: Pick<Order, 'id'>): string
  /** The order's own page for this user (a facility may have its own view). */
  pagePath(order: Pick<Order, 'id'>, user: User): string
  /**
   * Its ASPAK and SRIKANDI formats: a permission beyond the files page (on site only the PK
   * head reads them), and whether they are served per sub-order number and range of lines.
   */
  formats: { permission?: Permission; inParts?: boolean }
  /** Relations its workflow's guards read, loaded with the order (deny when absent). */
  guardRelations?: readonly ('teamMembers' | 'assignedLines' | 'labelRequest')[]
  /** What an order of the type is billed, when more than its device lines (queries/orders/bill.ts). */
  billLines?(order: Order): Promise<BillLine[]>
  /** What the type recomputes when device lines are added, removed or cancelled. */
  devicesChanged?(trx: TransactionClientContract, order: Order): Promise<void>
}

export const ORDER_TYPE_INFO = {
  internal: {
    code: 'DT',
    title: 'Alat Datang',
    listPath: () => urlFor('internal.index'),
    viewPermission: 'internal.view',
    workflow: internalWorkflow as unknown as OrderWorkflow,
    serviceField: 'is_internal',
    appendPage: 'internal/append',
    detailPath: (order) => urlFor('internal.detail', { id: order.id }),
    pagePath: (order, user) =>
      urlFor(user.isFacility ? 'internal.summary' : 'internal.detail', { id: order.id }),
    formats: {},
    guardRelations: ['assignedLines', 'labelRequest'],
    devicesChanged: async (trx, order) => {
      const { refreshEstimate } = await import('#actions/internal/refresh_estimate')
      await refreshEstimate(trx, order)
    },
  },
  insitu: {
    code: 'DL',
    title: 'Insitu',
    listPath: () => urlFor('insitu.index'),
    viewPermission: 'insitu.view',
    workflow: insituWorkflow as unknown as OrderWorkflow,
    serviceField: 'is_insitu',
    appendPage: 'insitu/append',
    detailPath: (order) => urlFor('insitu.detail', { id: order.id }),
    pagePath: (order) => urlFor('insitu.detail', { id: order.id }),
    formats: { permission: 'insitu.formats', inParts: true },
    billLines: async (order) => {
      const { insituBillLines } = await import('#queries/insitu/bill_lines')
      return insituBillLines(order)
    },
    guardRelations: ['teamMembers', 'labelRequest'],
  },
} as const satisfies Record<OrderType, OrderTypeInfo>

export type { OrderType }
export const ORDER_TYPES = Object.keys(ORDER_TYPE_INFO) as (keyof typeof ORDER_TYPE_INFO)[]

export function isOrderType(value: unknown): value is keyof typeof ORDER_TYPE_INFO {
  return typeof value === 'string' && value in ORDER_TYPE_INFO
}

export function orderTypeOf(order: Pick<Order, 'type'>): OrderTypeInfo {
  const info = (ORDER_TYPE_INFO as Record<string, OrderTypeInfo>)[order.type]
  if (!info) throw new Error(`Unknown order type ${order.type}`)
  return info
}

/** A device type's service of this order type, as forms and lists name it: "Layanan Alat Datang". */
export function serviceLabel(type: OrderType) {
  return `Layanan ${ORDER_TYPE_INFO[type].title}`
}

/** The services a device type may be offered for: each order type's flag and label. */
export function deviceServices() {
  return ORDER_TYPES.map((type) => ({
    type,
    field: ORDER_TYPE_INFO[type].serviceField,
    label: serviceLabel(type),
    title: ORDER_TYPE_INFO[type].title,
  }))
}

/** Each order type's service flag, set for the types in `offered`: `{ is_internal: true, … }`. */
export function serviceFlagsOf(offered: readonly string[]) {
  return Object.fromEntries(
    deviceServices().map(({ type, field }) => [field, offered.includes(type)])
  )
}

/**
 * The type's list, filtered (`?status=MENUNGGU`): the list reads its filters from the address.
 * The path comes from the route; the query stays form-encoded (`PROSES+PENGERJAAN`, where urlFor's
 * `qs` would write `%20`), so the links read as before.
 */
export function orderListHref(type: keyof typeof ORDER_TYPE_INFO, filters: Record<string, string>) {
  return `${ORDER_TYPE_INFO[type].listPath()}?${new URLSearchParams(filters)}`
}

export function workflowOf(order: Pick<Order, 'type'>) {
  return orderTypeOf(order).workflow
}

/** Timeline texts of every order type's audit actions. */
export function orderTimelineLabels(): Record<string, TimelineText> {
  return Object.assign(
    {},
    ...ORDER_TYPES.map((type) => ORDER_TYPE_INFO[type].workflow.timelineLabels())
  )
}
