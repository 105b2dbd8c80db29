import type { HttpContext } from '@adonisjs/core/http'
import { errors as vineErrors } from '@vinejs/vine'
import { cleanQuery } from '#queries/datatable'
import { REPORT_CALLS } from '#queries/reports/report_calls'
import { reportFilterValidator, resolveReportFilters } from '#queries/reports/report_filters'

/** `GET /api/report/{path}`: the filters checked (422 with the field's message), then `{ data }`. */
export default class ReportApiController {
  async show(ctx: HttpContext, path: string) {
    let input
    try {
      input = await reportFilterValidator.validate(cleanQuery(ctx.request.qs()))
    } catch (error) {
      if (!(error instanceof vineErrors.E_VALIDATION_ERROR)) throw error
      return ctx.response.status(422).send({
        message: error.messages[0]?.message ?? 'Filter laporan tidak valid.',
        errors: error.messages,
      })
    }
    return { data: await REPORT_CALLS[path](resolveReportFilters(input)) }
  }
}
