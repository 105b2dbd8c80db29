import Order from '#models/order'
import LabelRequest from '#models/label_request'
import type User from '#models/user'
import { ORDER_TYPE_INFO, type OrderTypeInfo } from '#workflows/order_types'

/**
 * Finds an order of a type that the user may see: a facility only its own
 * (anything else is a 404, as if it did not exist); staff, whom the route
 * already let into the type's list, any order of that type. What the type's guards read
 * (an on-site order's teams) comes with it.
 */
export async function findVisibleOrder(user: User, type: string, id: unknown) {
  const query = Order.query()
    .where('id', Number(id) || 0)
    .where('type', type)
  if (user.isFacility) query.where('fasyankes_id', user.fasyankesId ?? 0)
  const info = (ORDER_TYPE_INFO as Record<string, OrderTypeInfo>)[type]
  for (const relation of info?.guardRelations ?? []) query.preload(relation)
  return query.firstOrFail()
}

/** The order a label request belongs to (0, which finds nothing, for an unknown request). */
export async function orderIdOfLabelRequest(id: unknown) {
  const request = await LabelRequest.find(Number(id) || 0)
  return request?.orderId ?? 0
}
