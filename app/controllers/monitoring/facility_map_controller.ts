import type { HttpContext } from '@adonisjs/core/http'
import { facilityMapData } from '#queries/monitoring/facility_map'

/** Persebaran Fasyankes (spec part 1): every facility with coordinates on one map. */
export default class FacilityMapController {
  async index({ inertia, auth }: HttpContext) {
    return inertia.render('monitoring/facility_map', await facilityMapData(auth.user!))
  }
}
