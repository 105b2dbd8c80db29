import type Order from '#models/order'
import type User from '#models/user'
import { orderDetailContext } from '#queries/orders/order_detail'
import InternalOrderTransformer from '#transformers/internal_order_transformer'

/** Everything the Alat Datang detail and summary pages show, with what this user may do now. */
export async function internalOrderDetail(order: Order, user: User) {
  await order.load((loader) => {
    loader
      .load('internal')
      .load('receive', (q) => q.preload('checker'))
      .load('handover')
      .load('feedback')
  })
  return InternalOrderTransformer.transform(
    order,
    await orderDetailContext(order, user)
  ).useVariant('forDetail')
}
