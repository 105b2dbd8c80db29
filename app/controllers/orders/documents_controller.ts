import type { HttpContext } from '@adonisjs/core/http'
import ForbiddenException from '#exceptions/forbidden_exception'
import NotFoundException from '#exceptions/not_found_exception'
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
  if (document.exists && !(await document.exists(order, user))) throw new NotFoundException()
  const missing = document.unavailable ? await document.unavailable(order) : null
  if (missing) throw new ForbiddenException(missing)
  const part = await partAskedFor(ctx, document)
  const body = await document.build(order, user, part)
  response.header('Content-Type', document.contentType)
  response.header(
    'Content-Disposition',
    `${document.disposition}; filename="${document.fileName(order, part)}"`
  )
  return Buffer.isBuffer(body) ? response.send(body) : response.stream(body)
}

/** The part of a document in parts the query names (404 when none is), or the whole one. */
async function partAskedFor(ctx: HttpContext, document: OrderDocument) {
  if (!document.parts) return undefined
  const query = ctx.request.qs()
  const parts = await document.parts(ctx.order)
  const keys = new Set(parts.flatMap((part) => Object.keys(part.query)))
  if (![...keys].some((key) => query[key] !== undefined)) return undefined
  const part = parts.find((candidate) =>
    Object.entries(candidate.query).every(([key, value]) => query[key] === value)
  )
  if (!part) throw new NotFoundException()
  return part
}
