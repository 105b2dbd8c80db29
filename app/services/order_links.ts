import type { HttpContext } from '@adonisjs/core/http'

type OrderPage = 'orders.attachment' | 'orders.worksheets'

/** Flashes a success message and returns to one of the loaded order's pages (`ctx.order`). */
export function backToOrderPage(ctx: HttpContext, route: OrderPage, message: string) {
  ctx.session.flash('success', message)
  return ctx.response.redirect().toRoute(route, { orderType: ctx.order.type, id: ctx.order.id })
}
