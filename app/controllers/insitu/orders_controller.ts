import type { HttpContext } from '@adonisjs/core/http'
import { urlFor } from '@adonisjs/core/services/url_builder'
import { BILLING_FILTER_OPTIONS } from '#enums/billing_states'
import { orderPagePattern } from '#services/order_links'
import { signedInActor } from '#services/audit'
import { listPageProps } from '#lists/list_responder'
import { insituWorkflow } from '#workflows/insitu_order_workflow'
import { INSITU_STATUS_FILTERS, insituOrderList } from '#queries/insitu/order_list'
import { insituFormOptions } from '#queries/insitu/form_options'
import { insituOrderDetail } from '#queries/insitu/order_detail'
import { createInsituOrder, updateInsituOrder } from '#actions/insitu/submit_order'
import { createInsituOrderValidator, updateInsituOrderValidator } from '#validators/insitu_order'
import { requestingFacility } from '#actions/orders/order_request'
import { requestFormProps, requestSaved } from '#services/request_responder'

/** Insitu: the list, the request form, and the order's detail. */
export default class InsituOrdersController {
  async index({ inertia, auth }: HttpContext) {
    const user = auth.user!
    return inertia.render('insitu/index', {
      ...listPageProps(insituOrderList),
      createHref: user.can('insitu.create') ? urlFor('insitu.create') : null,
      statuses: [...INSITU_STATUS_FILTERS],
      billingStates: BILLING_FILTER_OPTIONS,
      showFacility: user.can('insitu.list.facility'),
      showInvoice: user.can('insitu.list.invoice'),
      orderPath: orderPagePattern('insitu', user),
    })
  }

  async create({ inertia, auth }: HttpContext) {
    return inertia.render('insitu/form', {
      ...(await requestFormProps('insitu', null)),
      order: null,
      options: await insituFormOptions(auth.user!),
    })
  }

  async store(ctx: HttpContext) {
    const input = await ctx.request.validateUsing(createInsituOrderValidator)
    const facility = requestingFacility(ctx.auth.user!, input.fasyankes_id)
    return requestSaved(
      ctx,
      await createInsituOrder(signedInActor(ctx), facility, input),
      'diajukan'
    )
  }

  async edit({ inertia, auth, order }: HttpContext) {
    insituWorkflow.assert('edit', order, auth.user!)
    await order.load('insitu')
    return inertia.render('insitu/form', {
      ...(await requestFormProps('insitu', order)),
      order: {
        id: order.id,
        number: order.number,
        fasyankes_id: order.fasyankesId,
        execution_year: order.insitu.executionYear,
        letter_number: order.insitu.letterNumber,
        letter_date: order.insitu.letterDate.toISODate()!,
      },
      options: await insituFormOptions(auth.user!),
    })
  }

  async update(ctx: HttpContext) {
    const input = await ctx.request.validateUsing(updateInsituOrderValidator)
    return requestSaved(
      ctx,
      await updateInsituOrder(signedInActor(ctx), ctx.order, input),
      'disimpan'
    )
  }

  async detail({ inertia, auth, order }: HttpContext) {
    return inertia.render('insitu/show', {
      backHref: urlFor('insitu.index'),
      order: await insituOrderDetail(order, auth.user!),
    })
  }
}
