import type { HttpContext } from '@adonisjs/core/http'
import type User from '#models/user'
import { ORDER_TYPE_INFO, orderTypeOf, workflowOf, type OrderType } from '#workflows/order_types'
import type { SharedOrderAction } from '#workflows/order_actions'

type OrderPage =
  | 'orders.attachment'
  | 'orders.worksheets'
  | 'orders.certificates'
  | 'orders.invoice'
  | 'orders.label'

/**
 * Flashes a success message and returns to one of the loaded order's pages (`ctx.order`), with
 * the page's own parameters (a worksheet page's lab).
 */
export function backToOrderPage(
  ctx: HttpContext,
  route: OrderPage,
  message: string,
  params: Record<string, string> = {}
) {
  ctx.session.flash('success', message)
  return ctx.response
    .redirect()
    .toRoute(route, { orderType: ctx.order.type, id: ctx.order.id, ...params })
}

/**
 * What a step form of the loaded order needs: its number, its page to go back to, and where
 * it sends (null when this user may only read it).
 */
export function stepFormProps<H extends string | null>(ctx: HttpContext, submitHref: H) {
  return {
    order: { number: ctx.order.number },
    backHref: orderTypeOf(ctx.order).pagePath(ctx.order, ctx.auth.user!),
    submitHref,
  }
}

/** After a step of the loaded order: its outcome, and back to the order's page (or `to`). */
export function backToOrder(ctx: HttpContext, message: string, to?: string) {
  ctx.session.flash('success', message)
  return ctx.response.redirect(to ?? orderTypeOf(ctx.order).pagePath(ctx.order, ctx.auth.user!))
}

/**
 * Refuses whoever may not take the action on the loaded order now before reading their input
 * (a 403 or the workflow's notice, not field errors), then reads it.
 */
export function refusedOr<T>(
  ctx: HttpContext,
  action: SharedOrderAction | (string & {}),
  read: () => Promise<T>
) {
  workflowOf(ctx.order).assert(action as SharedOrderAction, ctx.order, ctx.auth.user!)
  return read()
}

/**
 * The page an order list opens for a row, as a pattern the page fills with the row's id
 * (`/internal/:id/detail`): the type's own page for this user, from its route.
 */
export function orderPagePattern(type: OrderType, user: User) {
  return ORDER_TYPE_INFO[type].pagePath({ id: 0 }, user).replace('/0/', '/:id/')
}
