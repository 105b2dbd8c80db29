import type Order from '#models/order'
import type User from '#models/user'
import { orderDetailContext } from '#queries/orders/order_detail'
import { labPlansOf } from '#queries/insitu/lab_plans'
import InsituOrderTransformer from '#transformers/insitu_order_transformer'

/**
 * Everything the on-site order's detail page shows: the order and its letter, the requests
 * in one tab per lab (with what this user may do to each line), each lab's estimate, the
 * buttons this user may use now, and the timeline.
 */
export async function insituOrderDetail(order: Order, user: User) {
  await order.load('insitu')
  const [context, plans] = await Promise.all([orderDetailContext(order, user), labPlansOf(order)])
  return InsituOrderTransformer.transform(order, { ...context, plans }).useVariant('forDetail')
}
