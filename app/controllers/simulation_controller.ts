import type { HttpContext } from '@adonisjs/core/http'
import lab from '#config/lab'
import { simulationTabs } from '#queries/simulation/price_lists'

/** The public tariff simulation (/simulation): open to everyone, signed in or not. */
export default class SimulationController {
  async index({ inertia }: HttpContext) {
    return inertia.render('simulation/index', { labName: lab.name, tabs: await simulationTabs() })
  }
}
