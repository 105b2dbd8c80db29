import router from '@adonisjs/core/services/router'
import type { HttpContext } from '@adonisjs/core/http'
import { guarded, listRoutes } from '#start/route_kit'
import { REPORT_CALLS } from '#queries/reports/report_calls'
import { beritaAcaraList, pnbpList } from '#queries/reports/ledger_lists'

const ReportsController = () => import('#controllers/reports/reports_controller')

/**
 * The reports (spec part 2: service, yearly, alkes PK, berita acara, PNBP): their pages, the
 * JSON report calls the pages read, each page's tables as one PDF or workbook, and the two
 * report tables with their exports.
 */
router
  .group(() => {
    router.get('/report/service', [ReportsController, 'service']).as('report.service')
    router.get('/report/yearly', [ReportsController, 'yearly']).as('report.yearly')
    router.get('/report/alkes', [ReportsController, 'alkes']).as('report.alkes')
    router.get('/report/berita-acara', [ReportsController, 'beritaAcara']).as('report.berita_acara')
    router.get('/report/pnbp', [ReportsController, 'pnbp']).as('report.pnbp')
    for (const path of Object.keys(REPORT_CALLS)) {
      router
        .get(`/api/report/${path}`, async (ctx: HttpContext) => {
          const { default: ReportApiController } =
            await import('#controllers/reports/report_api_controller')
          return new ReportApiController().show(ctx, path)
        })
        .as(`api.report.${path.replace('/', '.')}`)
    }
    for (const page of ['service', 'yearly', 'alkes'] as const) {
      for (const format of ['pdf', 'excel'] as const) {
        router
          .get(`/report/${page}/print/${format}`, async (ctx: HttpContext) => {
            const { default: ReportApiController } =
              await import('#controllers/reports/report_api_controller')
            return new ReportApiController().export(ctx, page, format)
          })
          .as(`report.${page}.print.${format}`)
      }
    }
  })
  .use(guarded('report.view'))

listRoutes('report.berita_acara', beritaAcaraList)
listRoutes('report.pnbp', pnbpList)
