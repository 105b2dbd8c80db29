import type { HttpContext } from '@adonisjs/core/http'
import NotFoundException from '#exceptions/not_found_exception'
import type { OrderDocument } from '#documents/registry'
import { assertOpensDocument } from '#policies/order_documents'

/** Serves one registered order document, after its own access rule and existence check. */
export async function serveOrderDocument(ctx: HttpContext, document: OrderDocument) {
  const { order, auth, response } = ctx
  const user = auth.user!
  await assertOpensDocument(document, order, user)
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
