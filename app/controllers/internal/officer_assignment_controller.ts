import type { HttpContext } from '@adonisjs/core/http'
import { urlFor } from '@adonisjs/core/services/url_builder'
import { signedInActor } from '#services/audit'
import { internalWorkflow } from '#workflows/internal_order_workflow'
import { ORDER_TYPE_INFO } from '#workflows/order_types'
import { devicesOf } from '#queries/orders/order_devices'
import { staffWithRoles } from '#queries/orders/alkes_options'
import { assignOfficers } from '#actions/internal/assign_officers'
import { officerAssignmentValidator } from '#validators/internal_order'

/** admin_pk picks the PK officer of each device line (Pilih Petugas). */
export default class OfficerAssignmentController {
  async edit({ inertia, auth, order }: HttpContext) {
    internalWorkflow.assert('assign_officers', order, auth.user!)
    const devices = await devicesOf(order)
    return inertia.render('internal/officer', {
      order: { number: order.number },
      backHref: urlFor('internal.detail', { id: order.id }),
      submitHref: urlFor('internal.officer', { id: order.id }),
      officers: await staffWithRoles(['officer_pk', 'supervisor_of_pk_laboratory']),
      devices: devices
        .filter((d) => d.status !== 'BATAL UJI')
        .map((d) => ({
          id: d.id,
          name: d.alkes.name,
          serial_number: d.serialNumber,
          officer_id: d.officerId,
        })),
    })
  }

  async update(ctx: HttpContext) {
    const user = ctx.auth.user!
    const { selected_officers: selected } = await ctx.request.validateUsing(
      officerAssignmentValidator
    )
    await assignOfficers(signedInActor(ctx), ctx.order, selected)
    ctx.session.flash('success', `Petugas untuk ${ctx.order.number} ditetapkan.`)
    return ctx.response.redirect(ORDER_TYPE_INFO.internal.pagePath(ctx.order, user))
  }
}
