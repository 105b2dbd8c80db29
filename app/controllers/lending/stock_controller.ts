import type { HttpContext } from '@adonisjs/core/http'
import { listPageProps } from '#lists/list_responder'
import { stockList } from '#queries/lending/stock_list'

/** Monitoring Stok Kalibrator (spec part 1: Monitoring). */
export default class StockController {
  async index({ inertia, auth }: HttpContext) {
    return inertia.render('lending/stock', listPageProps(stockList, auth.user!))
  }
}
