import db from '@adonisjs/lucid/services/db'
import type { OrderType } from '#enums/order_types'
import { offeredFor } from '#queries/alkes/services'

/** The device types a facility may request for a service, with their tariff and time. */
export async function alkesOptions(type: OrderType) {
  const rows = await db
    .from('alkes')
    .whereIn('id', offeredFor(type))
    .select('id', 'name', 'price', 'minute_estimation', 'laboratory', 'category')
    .orderBy('name')
  return rows.map((a) => ({
    id: Number(a.id),
    name: a.name as string,
    price: Number(a.price),
    minute_estimation: Number(a.minute_estimation),
    laboratory: a.laboratory as string,
    category: a.category as string | null,
  }))
}

/** Staff holding any of these roles, by name: the choices of the officer and checker selects. */
export async function staffWithRoles(roles: string[]) {
  const rows = await db
    .from('users as u')
    .join('user_roles as r', 'r.user_id', 'u.id')
    .whereIn('r.role', roles)
    .distinct('u.id', 'u.name')
    .orderBy('u.name')
  return rows.map((row) => ({ id: Number(row.id), name: row.name as string }))
}
