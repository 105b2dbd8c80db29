import Order from '#models/order'
import type User from '#models/user'

/**
 * Finds an order of a type that the user may see: a facility only its own
 * (anything else is a 404, as if it did not exist); staff, whom the route
 * already let into the type's list, any order of that type.
 */
export async function findVisibleOrder(user: User, type: string, id: unknown) {
  const query = Order.query()
    .where('id', Number(id) || 0)
    .where('type', type)
  if (user.isFacility) query.where('fasyankes_id', user.fasyankesId ?? 0)
  return query.firstOrFail()
}
