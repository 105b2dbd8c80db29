import db from '@adonisjs/lucid/services/db'
import { mapTiles } from '#services/map_tiles'
import type User from '#models/user'
import FacilityPointTransformer from '#transformers/facility_point_transformer'

/**
 * Spec part 1: 'Persebaran Fasyankes'. Every facility that has both coordinates, as stored
 * (latitude north-south, longitude east-west), with only what a marker and its popup show;
 * the total counts every facility, so the page can say how many have no place on the map.
 */
export async function facilityMapData(user: User) {
  const points = await db
    .from('fasyankes')
    .whereNotNull('latitude')
    .whereNotNull('longitude')
    .select('id', 'fasyankes_name', 'address', 'latitude', 'longitude')
    .orderBy('id')
  const count = await db.from('fasyankes').count('* as total').first()
  const facilities = points.map((row) => new FacilityPointTransformer(row).toObject())
  const total = Number(count?.total ?? 0)
  return {
    total,
    withoutCoordinates: total - facilities.length,
    facilities,
    tiles: mapTiles(),
    // The popup links to the facility's edit page for whoever may edit it.
    editPath: user.can('fasyankes.edit') ? '/fasyankes/data' : null,
  }
}
