import type { HttpContext } from '@adonisjs/core/http'
import ForbiddenException from '#exceptions/forbidden_exception'
import type { OrderDocument } from '#documents/registry'
import { mayOpenDocument } from '#queries/orders/order_page_actions'
import { workflowOf } from '#workflows/order_types'

/** Serves one registered order document, after its own access rule and existence check. */
export async function serveOrderDocument(ctx: HttpContext, document: OrderDocument) {
  const { order, auth, response } = ctx
  const user = auth.user!
  if (!mayOpenDocument(document, order, user)) {
    // Let the workflow say why (status or guard) when it is the one refusing.
    if (document.seenWith) workflowOf(order).assert(document.seenWith as never, order, user)
    throw new ForbiddenException()
  }
  const missing = document.unavailable ? await document.unavailable(order) : null
  if (missing) throw new ForbiddenException(missing)
  const body = await document.build(order, user)
  response.header('Content-Type', document.contentType)
  response.header(
    'Content-Disposition',
    `${document.disposition}; filename="${document.fileName(order)}"`
  )
  return Buffer.isBuffer(body) ? response.send(body) : response.stream(body)
}
