import type Order from '#models/order'
import type User from '#models/user'
import ForbiddenException from '#exceptions/forbidden_exception'
import NotFoundException from '#exceptions/not_found_exception'
import type { OrderDocument } from '#documents/registry'
import { mayOpenDocument } from '#queries/orders/order_page_actions'
import { workflowOf } from '#workflows/order_types'

/**
 * Refuses opening an order document as its entry in documents/registry.ts says: the workflow
 * action it is seen with refuses as that action does (it says why); its type, permission or
 * own rule is a plain 403; one that does not exist for this reader is a 404, and one not
 * available yet a 403 saying what it waits for.
 */
export async function assertOpensDocument(document: OrderDocument, order: Order, user: User) {
  if (!mayOpenDocument(document, order, user)) {
    if (document.seenWith) workflowOf(order).assert(document.seenWith as never, order, user)
    throw new ForbiddenException()
  }
  if (document.exists && !(await document.exists(order, user))) throw new NotFoundException()
  const missing = document.unavailable ? await document.unavailable(order) : null
  if (missing) throw new ForbiddenException(missing)
}
