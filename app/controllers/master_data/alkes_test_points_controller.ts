import type { HttpContext } from '@adonisjs/core/http'
import Alkes from '#models/alkes'
import { testPointsPage } from '#queries/alkes/test_points'
import { saveTestPoints } from '#actions/alkes/save_test_points'
import { testPointsValidator } from '#validators/alkes_test_points'
import { signedInActor } from '#services/audit'

/** A device type's test points (issue 15): read by the device list's staff, edited by its lab's. */
export default class AlkesTestPointsController {
  async show({ inertia, params, auth }: HttpContext) {
    const alkes = await Alkes.findOrFail(Number(params.id) || 0)
    return inertia.render('alkes/test_points', await testPointsPage(alkes, auth.user!))
  }

  /** The whole list at once; the lab's head or admin only (the action refuses anyone else). */
  async update(ctx: HttpContext) {
    const alkes = await Alkes.findOrFail(Number(ctx.params.id) || 0)
    const { points } = await ctx.request.validateUsing(testPointsValidator)
    await saveTestPoints(signedInActor(ctx), alkes, points)
    ctx.session.flash('success', `Titik uji ${alkes.name} berhasil disimpan.`)
    return ctx.response.redirect().toRoute('alkes.test_points', { id: alkes.id })
  }
}
