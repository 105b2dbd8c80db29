import type { HttpContext } from '@adonisjs/core/http'
import { officerList } from '#queries/officers/officer_list'
import { respondWithDatatable, respondWithExport } from '#services/list_responder'

export default class OfficersController {
  async index({ inertia }: HttpContext) {
    return inertia.render('officers/index', { title: officerList.title })
  }

  async datatable(ctx: HttpContext) {
    return respondWithDatatable(ctx, officerList)
  }

  async pdf(ctx: HttpContext) {
    return respondWithExport(ctx, officerList, 'pdf')
  }

  async excel(ctx: HttpContext) {
    return respondWithExport(ctx, officerList, 'excel')
  }
}
