import type { HttpContext } from '@adonisjs/core/http'
import { urlFor } from '@adonisjs/core/services/url_builder'
import { signedInActor } from '#services/audit'
import { listPageProps } from '#services/list_responder'
import { insituWorkflow } from '#workflows/insitu_order_workflow'
import { INSITU_STATUS_FILTERS, insituOrderList } from '#queries/insitu/order_list'
import { insituFormOptions } from '#queries/insitu/form_options'
import { insituOrderDetail } from '#queries/insitu/order_detail'
import { createInsituOrder, updateInsituOrder } from '#actions/insitu/submit_order'
import { createInsituOrderValidator, updateInsituOrderValidator } from '#validators/insitu_order'
import { requestingFacility } from '#actions/orders/order_request'
import { requestedLinesOf } from '#queries/orders/order_devices'

/** Insitu: the list, the request form, and the order's detail. */
export default class InsituOrdersController {
  async index({ inertia, auth }: HttpContext) {
    const user = auth.user!
    return inertia.render('insitu/index', {
      ...listPageProps(insituOrderList),
      createHref: user.can('insitu.create') ? urlFor('insitu.create') : null,
      statuses: [...INSITU_STATUS_FILTERS],
      showFacility: user.can('insitu.list.facility'),
      orderPath: '/insitu/:id/detail',
    })
  }

  async create({ inertia, auth }: HttpContext) {
    return inertia.render('insitu/form', {
      order: null,
      submitHref: urlFor('insitu.store'),
      backHref: urlFor('insitu.index'),
      lines: [],
      options: await insituFormOptions(auth.user!),
    })
  }

  async store(ctx: HttpContext) {
    const user = ctx.auth.user!
    const input = await ctx.request.validateUsing(createInsituOrderValidator)
    const order = await createInsituOrder(
      signedInActor(ctx),
      requestingFacility(user, input.fasyankes_id),
      input
    )
    ctx.session.flash('success', `Permintaan ${order.number} berhasil diajukan.`)
    return ctx.response.redirect(urlFor('insitu.detail', { id: order.id }))
  }

  async edit({ inertia, auth, order }: HttpContext) {
    insituWorkflow.assert('edit', order, auth.user!)
    await order.load('insitu')
    return inertia.render('insitu/form', {
      submitHref: urlFor('insitu.update', { id: order.id }, { qs: { _method: 'PUT' } }),
      backHref: urlFor('insitu.detail', { id: order.id }),
      order: {
        id: order.id,
        number: order.number,
        fasyankes_id: order.fasyankesId,
        execution_year: order.insitu.executionYear,
        letter_number: order.insitu.letterNumber,
        letter_date: order.insitu.letterDate.toISODate()!,
      },
      lines: await requestedLinesOf(order),
      options: await insituFormOptions(auth.user!),
    })
  }

  async update(ctx: HttpContext) {
    const input = await ctx.request.validateUsing(updateInsituOrderValidator)
    await updateInsituOrder(signedInActor(ctx), ctx.order, input)
    ctx.session.flash('success', `Permintaan ${ctx.order.number} berhasil disimpan.`)
    return ctx.response.redirect(urlFor('insitu.detail', { id: ctx.order.id }))
  }

  async detail({ inertia, auth, order }: HttpContext) {
    return inertia.render('insitu/show', {
      backHref: urlFor('insitu.index'),
      order: await insituOrderDetail(order, auth.user!),
    })
  }
}
