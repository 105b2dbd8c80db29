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
import { backToList, listPageProps, recordFormProps } from '#lists/list_responder'

export default class FasyankesController {
  async index({ inertia, auth }: HttpContext) {
    const options = await facilityFormOptions()
    return inertia.render('fasyankes/index', {
      ...listPageProps(fasyankesList, auth.user!, 'fasyankes.edit'),
      options: {
        categories: options.categories,
        classes: options.classes,
        provinces: options.provinces.map(({ code, name }) => ({ code, name })),
      },
    })
  }

  async create({ inertia }: HttpContext) {
    return inertia.render('fasyankes/form', {
      register: recordFormProps(fasyankesList, 'fasyankes'),
      fasyankes: null,
      options: await facilityFormOptions(),
    })
  }

  async store(ctx: HttpContext) {
    const input = await ctx.request.validateUsing(createFasyankesValidator, { meta: {} })
    const facility = await createFasyankes(actorOf(ctx), input)
    return backToList(
      ctx,
      fasyankesList,
      `Fasyankes ${facility.fasyankesName} dan akunnya berhasil dibuat.`
    )
  }

  async edit({ inertia, params }: HttpContext) {
    const facility = await Fasyankes.findOrFail(Number(params.id) || 0)
    const account = await User.query().where('fasyankes_id', facility.id).first()
    return inertia.render('fasyankes/form', {
      register: recordFormProps(fasyankesList, 'fasyankes', facility),
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
    return backToList(ctx, fasyankesList, `Data ${facility.fasyankesName} berhasil diperbarui.`)
  }
}
