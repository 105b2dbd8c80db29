import db from '@adonisjs/lucid/services/db'
import type { DatabaseQueryBuilderContract } from '@adonisjs/lucid/types/querybuilder'

/**
 * Device lines of both order types with what every device table shows beside them, under
 * the aliases the queries share: `d` the line, `o` its order, `f` the facility, `a` the
 * device type.
 */
export function deviceLinesQuery() {
  return db
    .from('order_devices as d')
    .join('orders as o', 'o.id', 'd.order_id')
    .join('fasyankes as f', 'f.id', 'o.fasyankes_id')
    .join('alkes as a', 'a.id', 'd.alkes_id')
}

/** Adds the facility's (`f`) city as `r` and province as `p`; either may be unset. */
export function joinFacilityPlace<Q extends DatabaseQueryBuilderContract<any>>(query: Q): Q {
  return query
    .leftJoin('regencies as r', 'r.code', 'f.city_code')
    .leftJoin('provinces as p', 'p.code', 'f.province_code')
}
