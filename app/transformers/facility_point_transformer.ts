import { BaseTransformer } from '@adonisjs/core/transformers'

/** A facility row as the map reads it: coordinates as stored (latitude north-south). */
export type FacilityPlaceRow = {
  id: number | string
  fasyankes_name: string
  address: string | null
  latitude: number | string
  longitude: number | string
}

/** One facility's pin on the map, with only what its marker and popup show. */
export default class FacilityPointTransformer extends BaseTransformer<FacilityPlaceRow> {
  toObject() {
    const row = this.resource
    return {
      id: Number(row.id),
      name: row.fasyankes_name,
      address: row.address ?? null,
      lat: Number(row.latitude),
      lng: Number(row.longitude),
    }
  }
}
