import type { HttpContext } from '@adonisjs/core/http'
import { reportOptions } from '#queries/reports/report_options'
import { beritaAcaraList, pnbpList } from '#queries/reports/ledger_lists'
import { listPageProps } from '#lists/list_responder'

/** The report pages: their filter options; the figures come from the report calls. */
export default class ReportsController {
  async service({ inertia }: HttpContext) {
    return inertia.render('reports/service', await reportOptions())
  }

  async yearly({ inertia }: HttpContext) {
    return inertia.render('reports/yearly', await reportOptions())
  }

  async alkes({ inertia }: HttpContext) {
    return inertia.render('reports/alkes', await reportOptions())
  }

  async beritaAcara({ inertia, auth }: HttpContext) {
    return inertia.render('reports/ledger', {
      ...listPageProps(beritaAcaraList, auth.user),
      ...(await reportOptions()),
    })
  }

  async pnbp({ inertia, auth }: HttpContext) {
    return inertia.render('reports/ledger', {
      ...listPageProps(pnbpList, auth.user),
      ...(await reportOptions()),
    })
  }
}
