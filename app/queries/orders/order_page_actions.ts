import { urlFor } from '@adonisjs/core/services/url_builder'
import type Order from '#models/order'
import type User from '#models/user'
import type { RoutesList } from '@adonisjs/core/types/http'
import type { PageAction } from '#workflows/kit'
import { workflowOf } from '#workflows/order_types'
import { ORDER_DOCUMENTS, type OrderDocument } from '#documents/registry'

type DocumentRoute = Extract<keyof RoutesList['ALL'], `orders.document.${string}`>

/**
 * Where a document of this order is served (a part of it: `qs`), from its route's name. Every
 * document route is `orders.document.{name}` and takes the order's id alone.
 */
export function documentPath(
  document: OrderDocument,
  order: Pick<Order, 'id'>,
  qs?: Record<string, string>
) {
  const route = `orders.document.${document.name}` as DocumentRoute
  return urlFor(route, { id: order.id }, qs ? { qs } : undefined)
}

/** The path of the named document of this order when this user may open it now, else null. */
export function openableDocumentPath(name: string, order: Order, user: User) {
  const document = ORDER_DOCUMENTS.find((entry) => entry.name === name)
  return document && mayOpenDocument(document, order, user) ? documentPath(document, order) : null
}

/** Whether the user may open this document of this order now (its existence aside). */
export function mayOpenDocument(document: OrderDocument, order: Order, user: User) {
  if (document.orderType !== order.type) return false
  if (document.permission && !user.can(document.permission)) return false
  if (document.mayOpen && !document.mayOpen(order, user)) return false
  return !document.seenWith || workflowOf(order).allows(document.seenWith as never, order, user)
}

/**
 * The buttons of an order's page for this user, in the order a person meets
 * them: the workflow's actions, then the documents that exist, then the
 * files page, destructive actions last.
 */
export async function orderPageActions(order: Order, user: User): Promise<PageAction[]> {
  const workflow = workflowOf(order)
  const all = await Promise.all(
    workflow.pageActions(order, user).map(async (action) => ({
      ...action,
      disabledReason: await workflow.whyBlocked(action.key as never, order),
    }))
  )
  const documents: PageAction[] = []
  for (const document of ORDER_DOCUMENTS) {
    if (document.placement !== 'order' || !mayOpenDocument(document, order, user)) continue
    if (document.exists && !(await document.exists(order, user))) continue
    if (document.unavailable && (await document.unavailable(order))) continue
    documents.push({
      key: document.name,
      label: document.label,
      href: documentPath(document, order),
      variant: 'secondary',
      method: 'get',
      confirm: null,
      newTab: true,
      disabledReason: null,
    })
  }
  const isLast = (action: PageAction) => action.key === 'files' || action.method === 'delete'
  return [
    ...all.filter((action) => !isLast(action)),
    ...documents,
    ...all.filter((action) => action.key === 'files'),
    ...all.filter((action) => action.method === 'delete'),
  ]
}
