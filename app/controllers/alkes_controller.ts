import type { HttpContext } from '@adonisjs/core/http'
import Alkes from '#models/alkes'
import { ALKES_LABORATORIES, LABORATORY_LABELS } from '#enums/master_data'
import { alkesList } from '#queries/alkes/alkes_list'
import { actorOf } from '#services/audit'
import { saveAlkes } from '#actions/alkes/save_alkes'
import { alkesValidator } from '#validators/master_data'
import { listPageProps } from '#services/list_responder'

const laboratories = ALKES_LABORATORIES.map((value) => ({ value, label: LABORATORY_LABELS[value] }))

export default class AlkesController {
  async index({ inertia, auth }: HttpContext) {
    return inertia.render('alkes/index', {
      ...listPageProps(alkesList),
      canEdit: auth.user!.can('alkes.edit'),
    })
  }

  async create({ inertia }: HttpContext) {
    return inertia.render('alkes/form', { alkes: null, laboratories })
  }

  async store(ctx: HttpContext) {
    const input = await ctx.request.validateUsing(alkesValidator, { meta: {} })
    const alkes = await saveAlkes(actorOf(ctx), input)
    ctx.session.flash('success', `Alkes ${alkes.name} berhasil ditambahkan.`)
    return ctx.response.redirect('/alkes/data')
  }

  async edit({ inertia, params }: HttpContext) {
    const alkes = await Alkes.findOrFail(Number(params.id) || 0)
    const [row] = await alkesList.query({}).where('id', alkes.id)
    return inertia.render('alkes/form', { alkes: alkesList.row(row), laboratories })
  }

  async update(ctx: HttpContext) {
    const alkes = await Alkes.findOrFail(Number(ctx.params.id) || 0)
    const input = await ctx.request.validateUsing(alkesValidator, { meta: { id: alkes.id } })
    await saveAlkes(actorOf(ctx), input, alkes)
    ctx.session.flash('success', `Alkes ${alkes.name} berhasil diperbarui.`)
    return ctx.response.redirect('/alkes/data')
  }
}
