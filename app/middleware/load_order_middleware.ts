import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import type Order from '#models/order'
import type { Permission } from '#enums/permissions'
import ForbiddenException from '#exceptions/forbidden_exception'
import NotFoundException from '#exceptions/not_found_exception'
import { findVisibleOrder, orderIdOfLabelRequest } from '#queries/orders/find_order'
import { isOrderType, ORDER_TYPE_INFO } from '#workflows/order_types'

/**
 * Binds the order of `/:orderType/:id/...` (or of a type-specific group, or of a label request) to
 * `ctx.order` once per request: the type's list permission (or the route's own, for a
 * document someone outside the list reads), then the facility scope (another facility's
 * order answers 404). Its page for this user goes to `ctx.orderPagePath`.
 */
export default class LoadOrderMiddleware {
  async handle(
    ctx: HttpContext,
    next: NextFn,
    options: { type?: string; permission?: Permission; byLabelRequest?: boolean } = {}
  ) {
    const type = options.type ?? ctx.params.orderType
    if (!isOrderType(type)) throw new NotFoundException()
    const user = ctx.auth.user!
    if (!user.can(options.permission ?? ORDER_TYPE_INFO[type].viewPermission)) {
      throw new ForbiddenException()
    }
    // POST /{orderType}/{labelRequestId}/label/finishing names the order by its label request.
    const id = options.byLabelRequest
      ? await orderIdOfLabelRequest(ctx.params.labelRequestId)
      : ctx.params.id
    ctx.order = await findVisibleOrder(user, type, id)
    ctx.orderPagePath = ORDER_TYPE_INFO[type].pagePath(ctx.order, user)
    return next()
  }
}

declare module '@adonisjs/core/http' {
  interface HttpContext {
    order: Order
    /**
     * The order's page for this user, where a refused action on the order sends a page visit
     * that came without a referer (app/exceptions/action_refused_exception.ts).
     */
    orderPagePath: string
  }
}
