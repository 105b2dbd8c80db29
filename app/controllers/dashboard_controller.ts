import type { HttpContext } from '@adonisjs/core/http'
import { dashboardData } from '#queries/dashboard/dashboard_data'

export default class DashboardController {
  async index({ inertia, auth }: HttpContext) {
    return inertia.render('dashboard/index', await dashboardData(auth.user!))
  }
}
