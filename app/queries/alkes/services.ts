import db from '@adonisjs/lucid/services/db'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import type { OrderType } from '#enums/order_types'
import { deviceServices, type ORDER_TYPE_INFO } from '#workflows/order_types'

/**
 * Which services (order types) each device type is offered for: the relation `alkes_services`
 * (migration 0048), one row per device type and order type.
 */

/** A service's flag on a device type row (`is_internal`), named by the order-type registry. */
export type ServiceField = (typeof ORDER_TYPE_INFO)[OrderType]['serviceField']

/** A device type's services, as the spec names them: a yes/no filter and flag per order type. */
export type ServiceFlags<T> = { [field in ServiceField]?: T }
export type FormattedServices = { [field in ServiceField as `formatted_${field}`]: string }

/**
 * A device type's services (`alkes_services`): one yes/no flag per order type, named by the
 * registry (read each time, so every registered type has its flag in the rows).
 */
export const serviceFields = () =>
  deviceServices().map(({ type, field, title }) => ({
    type,
    field: field as ServiceField,
    label: title,
    formatted: `formatted_${field}` as keyof FormattedServices,
  }))

/** The ids of the device types offered for `type`, as a subquery for `whereIn`. */
export function offeredFor(type: OrderType, client: QueryClientContract = db.connection()) {
  return client.from('alkes_services').where('order_type', type).select('alkes_id')
}

/**
 * Whether the device type in `alkesIdColumn` is offered for `type`, as a selected column named
 * `alias` (a boolean on PostgreSQL, 0/1 on SQLite): no second read for the rows' services.
 */
export function offeredColumn(type: OrderType, alias: string, alkesIdColumn: string) {
  return db.raw(
    `EXISTS (SELECT 1 FROM alkes_services s WHERE s.alkes_id = ${alkesIdColumn} AND s.order_type = ?) AS ${alias}`,
    [type]
  )
}

/** The services of each of these device types, in the registry's order of types. */
export async function servicesOf(
  alkesIds: number[],
  client: QueryClientContract = db.connection()
): Promise<Map<number, OrderType[]>> {
  const services = new Map<number, OrderType[]>(alkesIds.map((id) => [id, []]))
  if (!alkesIds.length) return services
  const rows = await client
    .from('alkes_services')
    .whereIn('alkes_id', alkesIds)
    .select('alkes_id', 'order_type')
    .orderBy('order_type')
  for (const row of rows) services.get(Number(row.alkes_id))?.push(row.order_type as OrderType)
  return services
}

/** The services of one device type. */
export async function servicesOfOne(
  alkesId: number,
  client: QueryClientContract = db.connection()
): Promise<OrderType[]> {
  const services = await servicesOf([alkesId], client)
  return services.get(alkesId) ?? []
}
