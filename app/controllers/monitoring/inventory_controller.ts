import type { HttpContext } from '@adonisjs/core/http'
import { listPageProps, respondWithDatatable, respondWithExport } from '#lists/list_responder'
import { inventoryListFor } from '#queries/monitoring/inventory_list'
import { seesFacilities } from '#queries/monitoring/inventory_rows'

/**
 * Data Inventory Fasyankes (spec part 1): the page, its JSON and exports, each served by the
 * list this user may read (with the facility column for yantek and admin_pk only).
 */
export default class InventoryController {
  async index({ inertia, auth }: HttpContext) {
    const user = auth.user!
    return inertia.render('monitoring/inventory', {
      ...listPageProps(inventoryListFor(user), user),
      showFacility: seesFacilities(user),
      // The device history page is guarded by the Alat Datang list (start/routes/orders.ts).
      showHistory: user.can('internal.view'),
    })
  }

  async datatable(ctx: HttpContext) {
    return respondWithDatatable(ctx, inventoryListFor(ctx.auth.user))
  }

  async pdf(ctx: HttpContext) {
    return respondWithExport(ctx, inventoryListFor(ctx.auth.user), 'pdf')
  }

  async excel(ctx: HttpContext) {
    return respondWithExport(ctx, inventoryListFor(ctx.auth.user), 'excel')
  }
}
