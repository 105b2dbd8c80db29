import { agreedRule, decisionOf, ruleForPage } from '#queries/orders/decision_rule'
import { urlFor } from '@adonisjs/core/services/url_builder'
import type { HttpContext } from '@adonisjs/core/http'
import type Order from '#models/order'
import { requestedLinesOf } from '#queries/orders/order_devices'
import { ORDER_TYPE_INFO, orderTypeOf } from '#workflows/order_types'

/**
 * The request form of either order type: new (`/{type}/create` sends to POST `/{type}`) or an
 * edit of `order` (PUT `/{type}/{id}`), its requested lines and where it goes back to.
 */
export async function requestFormProps(type: keyof typeof ORDER_TYPE_INFO, order: Order | null) {
  const info = ORDER_TYPE_INFO[type]
  return {
    submitHref: order
      ? urlFor(`${type}.update`, { id: order.id }, { qs: { _method: 'PUT' } })
      : urlFor(`${type}.store`),
    backHref: order ? info.detailPath(order) : info.listPath(),
    lines: order ? await requestedLinesOf(order) : [],
    // The decision rule the request agrees to (ILAC-G8), stated on the form.
    decisionRule: ruleForPage(order ? decisionOf(order) : agreedRule()),
  }
}

/** After a request is sent or saved: the outcome, and the order's page for this user. */
export function requestSaved(ctx: HttpContext, order: Order, outcome: 'diajukan' | 'disimpan') {
  ctx.session.flash('success', `Permintaan ${order.number} berhasil ${outcome}.`)
  return ctx.response.redirect(orderTypeOf(order).pagePath(order, ctx.auth.user!))
}
