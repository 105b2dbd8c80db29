import type { HttpContext } from '@adonisjs/core/http'
import Fasyankes from '#models/fasyankes'
import User from '#models/user'
import { fasyankesList } from '#queries/fasyankes/fasyankes_list'
import { facilityFormOptions } from '#queries/regions/facility_form_options'
import { actorOf } from '#services/audit'
import {
  createFasyankes,
  fasyankesFormValues,
  updateFasyankes,
} from '#actions/fasyankes/save_fasyankes'
import { createFasyankesValidator, updateFasyankesValidator } from '#validators/master_data'
import { listPageProps } from '#services/list_responder'

export default class FasyankesController {
  async index({ inertia, auth }: HttpContext) {
    const options = await facilityFormOptions()
    return inertia.render('fasyankes/index', {
      ...listPageProps(fasyankesList),
      canEdit: auth.user!.can('fasyankes.edit'),
      options: {
        categories: options.categories,
        classes: options.classes,
        provinces: options.provinces.map(({ code, name }) => ({ code, name })),
      },
    })
  }

  async create({ inertia }: HttpContext) {
    return inertia.render('fasyankes/form', {
      fasyankes: null,
      options: await facilityFormOptions(),
    })
  }

  async store(ctx: HttpContext) {
    const input = await ctx.request.validateUsing(createFasyankesValidator, { meta: {} })
    const facility = await createFasyankes(actorOf(ctx), input)
    ctx.session.flash('success', `Fasyankes ${facility.fasyankesName} dan akunnya berhasil dibuat.`)
    return ctx.response.redirect('/fasyankes/data')
  }

  async edit({ inertia, params }: HttpContext) {
    const facility = await Fasyankes.findOrFail(Number(params.id) || 0)
    const account = await User.query().where('fasyankes_id', facility.id).first()
    return inertia.render('fasyankes/form', {
      fasyankes: { id: facility.id, ...fasyankesFormValues(facility, account?.email ?? '') },
      options: await facilityFormOptions(),
    })
  }

  async update(ctx: HttpContext) {
    const facility = await Fasyankes.findOrFail(Number(ctx.params.id) || 0)
    const input = await ctx.request.validateUsing(updateFasyankesValidator, {
      meta: { fasyankesId: facility.id },
    })
    await updateFasyankes(actorOf(ctx), facility, input)
    ctx.session.flash('success', `Data ${facility.fasyankesName} berhasil diperbarui.`)
    return ctx.response.redirect('/fasyankes/data')
  }
}
