import type { HttpContext } from '@adonisjs/core/http'
import { errors as vineErrors } from '@vinejs/vine'
import { cleanQuery } from '#lists/datatable'
import { REPORT_CALLS } from '#queries/reports/report_calls'
import { reportFilterValidator, resolveReportFilters } from '#queries/reports/report_filters'
import { describeReportFilters, REPORT_EXPORTS } from '#queries/reports/report_exports'
import { reportInExportProcess } from '#lists/exports/export_process'
import type { ExportFormat } from '#lists/exports/table_document'
import { sendExportFile } from '#lists/list_responder'
import { formatDateTime, labNow } from '#services/format'

/** The query's report filters, or null once refused (422 with the field's message). */
async function readReportFilters(ctx: HttpContext) {
  try {
    const input = await reportFilterValidator.validate(cleanQuery(ctx.request.qs()))
    return resolveReportFilters(input)
  } catch (error) {
    if (!(error instanceof vineErrors.E_VALIDATION_ERROR)) throw error
    ctx.response.status(422).send({
      message: error.messages[0]?.message ?? 'Filter laporan tidak valid.',
      errors: error.messages,
    })
    return null
  }
}

/**
 * `GET /api/report/{path}`: the filters checked, then `{ data }`; and a report page's tables as
 * one PDF or workbook for the same filters (`/report/{page}/print/{pdf|excel}`).
 */
export default class ReportApiController {
  async show(ctx: HttpContext, path: string) {
    const filters = await readReportFilters(ctx)
    if (!filters) return
    return { data: await REPORT_CALLS[path](filters) }
  }

  async export(ctx: HttpContext, page: keyof typeof REPORT_EXPORTS, format: ExportFormat) {
    const filters = await readReportFilters(ctx)
    if (!filters) return
    const report = REPORT_EXPORTS[page]
    const file = reportInExportProcess(format, {
      title: report.title,
      filters: await describeReportFilters(report, filters),
      printedAt: formatDateTime(labNow()),
      sections: await report.sections(filters, format),
    })
    return sendExportFile(ctx, format, report.fileName, file)
  }
}
