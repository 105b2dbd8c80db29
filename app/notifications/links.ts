import { urlFor } from '@adonisjs/core/services/url_builder'
import type Order from '#models/order'
import { orderTypeOf } from '#workflows/order_types'
import { sharedOrderPage } from '#workflows/order_actions'

type OrderRef = Pick<Order, 'id' | 'type'>

/**
 * Where the notices lead, each from its route's name (a workflow task's notice leads to the
 * task's button instead). A renamed or removed route fails here, and in
 * tests/functional/hygiene/route_hrefs.spec.ts, instead of leaving dead links in inboxes.
 */
export const noticeLinks = {
  /** The order's staff page. */
  orderDetail: (order: OrderRef) => orderTypeOf(order).detailPath(order),
  orderInvoice: (order: OrderRef) => sharedOrderPage(order.type, 'orders.invoice')(order),
  orderCertificates: (order: OrderRef) => sharedOrderPage(order.type, 'orders.certificates')(order),
  /** The first lab's worksheets the reader may open. */
  orderWorksheets: (order: OrderRef) =>
    sharedOrderPage(order.type, 'orders.worksheets.first')(order),
  loanDetail: (loanId: number) => urlFor('calibrator.loan.detail', { id: loanId }),
  loanDecision: (loanId: number) => urlFor('calibrator.loan.confirm.form', { id: loanId }),
  holidays: (year: number) => urlFor('holidays.index', {}, { qs: { year } }),
  dashboard: () => urlFor('dashboard'),
}
