import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import type Order from '#models/order'
import ForbiddenException from '#exceptions/forbidden_exception'
import NotFoundException from '#exceptions/not_found_exception'
import { findVisibleOrder } from '#queries/orders/find_order'
import { isOrderType, ORDER_TYPE_INFO } from '#workflows/order_types'

/**
 * Binds the order of `/:orderType/:id/...` (or of a type-specific group) to
 * `ctx.order` once per request: the type's list permission, then the
 * facility scope (another facility's order answers 404).
 */
export default class LoadOrderMiddleware {
  async handle(ctx: HttpContext, next: NextFn, options: { type?: string } = {}) {
    const type = options.type ?? ctx.params.orderType
    if (!isOrderType(type)) throw new NotFoundException()
    const user = ctx.auth.user!
    if (!user.can(ORDER_TYPE_INFO[type].viewPermission)) throw new ForbiddenException()
    ctx.order = await findVisibleOrder(user, type, ctx.params.id)
    return next()
  }
}

declare module '@adonisjs/core/http' {
  interface HttpContext {
    order: Order
  }
}
