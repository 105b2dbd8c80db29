import type { HttpContext } from '@adonisjs/core/http'
import Alkes from '#models/alkes'
import { ALKES_LABORATORIES, LABORATORY_LABELS } from '#enums/master_data'
import { alkesList } from '#queries/alkes/alkes_list'
import { actorOf } from '#services/audit'
import { saveAlkes } from '#actions/alkes/save_alkes'
import { alkesValidator } from '#validators/master_data'
import { backToList, listPageProps, recordFormProps } from '#lists/list_responder'
import { testPointLabsOf } from '#services/lab_staff'
import { deviceServices } from '#workflows/order_types'

const laboratories = ALKES_LABORATORIES.map((value) => ({ value, label: LABORATORY_LABELS[value] }))

/** The form's service checkboxes: one per order type, sent under the spec's names (`is_internal`). */
const services = () => deviceServices().map(({ field, label }) => ({ field, label }))

export default class AlkesController {
  async index({ inertia, auth }: HttpContext) {
    return inertia.render('alkes/index', {
      ...listPageProps(alkesList, auth.user!, 'alkes.edit'),
      // The labs whose devices' test points this user may change (the others only read them).
      testPointLabs: testPointLabsOf(auth.user!),
      // A yes/no column and filter per service (order type).
      services: deviceServices().map(({ field, title }) => ({ field, title })),
    })
  }

  async create({ inertia }: HttpContext) {
    return inertia.render('alkes/form', {
      register: recordFormProps(alkesList, 'alkes'),
      alkes: null,
      laboratories,
      services: services(),
    })
  }

  async store(ctx: HttpContext) {
    const input = await ctx.request.validateUsing(alkesValidator, { meta: {} })
    const alkes = await saveAlkes(actorOf(ctx), input)
    return backToList(ctx, alkesList, `Alkes ${alkes.name} berhasil ditambahkan.`)
  }

  async edit({ inertia, params }: HttpContext) {
    const alkes = await Alkes.findOrFail(Number(params.id) || 0)
    const [row] = await alkesList.query({}).where('id', alkes.id)
    return inertia.render('alkes/form', {
      register: recordFormProps(alkesList, 'alkes', alkes),
      alkes: alkesList.row(row),
      laboratories,
      services: services(),
    })
  }

  async update(ctx: HttpContext) {
    const alkes = await Alkes.findOrFail(Number(ctx.params.id) || 0)
    const input = await ctx.request.validateUsing(alkesValidator, { meta: { id: alkes.id } })
    await saveAlkes(actorOf(ctx), input, alkes)
    return backToList(ctx, alkesList, `Alkes ${alkes.name} berhasil diperbarui.`)
  }
}
