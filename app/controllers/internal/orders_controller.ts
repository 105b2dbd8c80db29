import type { HttpContext } from '@adonisjs/core/http'
import { urlFor } from '@adonisjs/core/services/url_builder'
import { BILLING_FILTER_OPTIONS } from '#enums/billing_states'
import { orderPagePattern } from '#services/order_links'
import { actorOf, signedInActor } from '#services/audit'
import { internalOrderList, STATUS_FILTERS } from '#queries/internal/order_list'
import { internalOrderDetail } from '#queries/internal/order_detail'
import { internalFormOptions } from '#queries/internal/form_options'
import { internalWorkflow } from '#workflows/internal_order_workflow'
import { ORDER_TYPE_INFO } from '#workflows/order_types'
import { createInternalOrder, updateInternalOrder } from '#actions/internal/submit_order'
import { deleteOrder } from '#actions/internal/confirm_order'
import {
  createInternalOrderValidator,
  updateInternalOrderValidator,
} from '#validators/internal_order'
import { listPageProps } from '#lists/list_responder'
import { requestingFacility } from '#actions/orders/order_request'
import { recalibrationLines } from '#queries/monitoring/recalibration_due'
import { requestFormProps, requestSaved } from '#services/request_responder'

const pagePath = ORDER_TYPE_INFO.internal.pagePath

/** Alat Datang: the list, the request form, and the order's detail or summary. */
export default class InternalOrdersController {
  async index({ inertia, auth }: HttpContext) {
    const user = auth.user!
    return inertia.render('internal/index', {
      ...listPageProps(internalOrderList),
      createHref: user.can('internal.create') ? urlFor('internal.create') : null,
      statuses: [...STATUS_FILTERS],
      billingStates: BILLING_FILTER_OPTIONS,
      // Spec part 2 section 6: the columns this user's roles see, decided here.
      columns: {
        facility: user.can('internal.list.facility'),
        delivery: user.can('internal.list.delivery'),
        invoice: user.can('internal.list.invoice'),
        status: user.can('internal.list.status'),
      },
      orderPath: orderPagePattern('internal', user),
    })
  }

  async create({ inertia, auth, request }: HttpContext) {
    // "Ajukan kalibrasi" from the dashboard: the facility's devices due for recalibration.
    const inventory = String(request.qs().inventory ?? '')
      .split(',')
      .map(Number)
      .filter((id) => Number.isSafeInteger(id) && id > 0)
    const form = await requestFormProps('internal', null)
    return inertia.render('internal/form', {
      ...form,
      lines: await recalibrationLines(auth.user!, inventory),
      order: null,
      options: await internalFormOptions(auth.user!),
    })
  }

  async store(ctx: HttpContext) {
    const input = await ctx.request.validateUsing(createInternalOrderValidator)
    const facility = requestingFacility(ctx.auth.user!, input.fasyankes_id)
    const order = await createInternalOrder(signedInActor(ctx), facility, input)
    return requestSaved(ctx, order, 'diajukan')
  }

  async edit({ inertia, auth, order }: HttpContext) {
    const user = auth.user!
    internalWorkflow.assertForm(['edit', 'resubmit'], order, user)
    await order.load('internal')
    const details = order.internal
    return inertia.render('internal/form', {
      ...(await requestFormProps('internal', order)),
      order: {
        id: order.id,
        number: order.number,
        status: order.status,
        fasyankes_id: order.fasyankesId,
        delivery_date_estimation: details.deliveryDateEstimation.toISODate()!,
        arrival_date_estimation: details.arrivalDateEstimation.toISODate()!,
        contact_person_name: details.contactPersonName,
        contact_person_phone: details.contactPersonPhone,
        delivery_option: details.deliveryOption,
        delivery_travel_name: details.deliveryTravelName,
        service_type: details.serviceType,
        order_description: details.orderDescription,
      },
      options: await internalFormOptions(user),
    })
  }

  async update(ctx: HttpContext) {
    const input = await ctx.request.validateUsing(updateInternalOrderValidator)
    await updateInternalOrder(signedInActor(ctx), ctx.order, input)
    return requestSaved(ctx, ctx.order, 'disimpan')
  }

  async destroy(ctx: HttpContext) {
    await deleteOrder({ ...actorOf(ctx), user: ctx.auth.user! }, ctx.order)
    ctx.session.flash('success', `Permintaan ${ctx.order.number} berhasil dihapus.`)
    return ctx.response.redirect().toRoute('internal.index')
  }

  /** Staff see the detail; a facility its summary (spec part 2 section 6). */
  async detail({ inertia, auth, order, response }: HttpContext) {
    const user = auth.user!
    if (user.isFacility) return response.redirect(pagePath(order, user))
    return inertia.render('internal/show', {
      variant: 'detail' as const,
      backHref: urlFor('internal.index'),
      order: await internalOrderDetail(order, user),
    })
  }

  async summary({ inertia, auth, order, response }: HttpContext) {
    const user = auth.user!
    if (!user.isFacility) return response.redirect(pagePath(order, user))
    return inertia.render('internal/show', {
      variant: 'summary' as const,
      backHref: urlFor('internal.index'),
      order: await internalOrderDetail(order, user),
    })
  }
}
