import type { HttpContext } from '@adonisjs/core/http'
import db from '@adonisjs/lucid/services/db'
import ForbiddenException from '#exceptions/forbidden_exception'
import { actorOf } from '#services/audit'
import { labNow } from '#services/format'
import { internalOrderList, STATUS_FILTERS } from '#queries/internal_orders/internal_order_list'
import { findVisibleOrder, orderDetail } from '#queries/internal_orders/order_detail'
import {
  DEFAULT_APPROVAL_DESCRIPTION,
  DELIVERY_OPTIONS,
  SERVICE_TYPES,
  canTake,
} from '#workflows/internal_order_workflow'
import {
  createInternalOrder,
  updateInternalOrder,
} from '#actions/internal_orders/submit_internal_order'
import { confirmOrder, deleteOrder } from '#actions/internal_orders/confirm_order'
import {
  appendDevices,
  cancelDeviceTest,
  deleteDeviceOrder,
} from '#actions/internal_orders/manage_devices'
import {
  appendValidator,
  cancelDeviceValidator,
  confirmValidator,
  createInternalOrderValidator,
  updateInternalOrderValidator,
} from '#validators/internal_order'
import type User from '#models/user'
import type InternalOrder from '#models/internal_order'

/** Choices of the order form: devices offered for incoming service, facilities for staff, holidays for the estimate. */
async function formOptions(user: User) {
  const [alkes, facilities, holidays] = await Promise.all([
    db
      .from('alkes')
      .where('is_internal', true)
      .select('id', 'name', 'price', 'minute_estimation', 'laboratory', 'category')
      .orderBy('name'),
    user.isFacility
      ? []
      : db.from('fasyankes').select('id', 'fasyankes_name').orderBy('fasyankes_name'),
    db.from('holidays').select('date'),
  ])
  return {
    alkes: alkes.map((a) => ({
      id: Number(a.id),
      name: a.name,
      price: Number(a.price),
      minute_estimation: Number(a.minute_estimation),
      laboratory: a.laboratory,
      category: a.category,
    })),
    facilities: facilities.map((f: any) => ({ id: Number(f.id), name: f.fasyankes_name })),
    holidays: holidays.map((h) =>
      String(h.date instanceof Date ? h.date.toISOString() : h.date).slice(0, 10)
    ),
    deliveryOptions: [...DELIVERY_OPTIONS],
    serviceTypes: [...SERVICE_TYPES],
    today: labNow().toISODate()!,
  }
}

/** The facility an order is for: a facility user's own, otherwise the one staff chose. */
function facilityFor(user: User, requested?: number) {
  if (user.isFacility) return user.fasyankesId!
  if (!requested) throw new ForbiddenException('Pilih fasyankes pemohon.')
  return requested
}

function orderFormValues(order: InternalOrder) {
  return {
    id: order.id,
    number: order.number,
    status: order.status,
    fasyankes_id: order.fasyankesId,
    delivery_date_estimation: order.deliveryDateEstimation.toISODate(),
    arrival_date_estimation: order.arrivalDateEstimation.toISODate(),
    contact_person_name: order.contactPersonName,
    contact_person_phone: order.contactPersonPhone,
    delivery_option: order.deliveryOption,
    delivery_travel_name: order.deliveryTravelName,
    service_type: order.serviceType,
    order_description: order.orderDescription,
  }
}

export default class InternalOrdersController {
  async index({ inertia, auth }: HttpContext) {
    return inertia.render('internal/index', {
      title: internalOrderList.title,
      canCreate: auth.user!.can('internal.create'),
      statuses: [...STATUS_FILTERS],
    })
  }

  async create({ inertia, auth }: HttpContext) {
    return inertia.render('internal/form', {
      order: null,
      lines: [],
      options: await formOptions(auth.user!),
    })
  }

  async store(ctx: HttpContext) {
    const user = ctx.auth.user!
    const input = await ctx.request.validateUsing(createInternalOrderValidator)
    const order = await createInternalOrder(
      { ...actorOf(ctx), user },
      facilityFor(user, input.fasyankes_id),
      input
    )
    ctx.session.flash('success', `Permintaan ${order.number} berhasil diajukan.`)
    return ctx.response.redirect(
      user.isFacility ? `/internal/${order.id}/summary` : `/internal/${order.id}/detail`
    )
  }

  async edit({ inertia, auth, params }: HttpContext) {
    const user = auth.user!
    const order = await findVisibleOrder(user, params.id)
    if (
      !canTake('edit', order.status, user.roles) &&
      !canTake('resubmit', order.status, user.roles)
    ) {
      throw new ForbiddenException(
        `Permintaan ${order.number} tidak dapat diubah pada status ${order.status}.`
      )
    }
    const lines = await db
      .from('internal_alkes_orders')
      .where('internal_order_id', order.id)
      .select('alkes_id')
      .count('* as quantity')
      .min('description as description')
      .groupBy('alkes_id')
    return inertia.render('internal/form', {
      order: orderFormValues(order),
      lines: lines.map((l) => ({
        alkes_id: Number(l.alkes_id),
        quantity: Number(l.quantity),
        description: l.description ?? '',
      })),
      options: await formOptions(user),
    })
  }

  async update(ctx: HttpContext) {
    const user = ctx.auth.user!
    const order = await findVisibleOrder(user, ctx.params.id)
    const input = await ctx.request.validateUsing(updateInternalOrderValidator)
    if (!user.isFacility && input.fasyankes_id) order.fasyankesId = input.fasyankes_id
    await updateInternalOrder({ ...actorOf(ctx), user }, order, input)
    ctx.session.flash('success', `Permintaan ${order.number} berhasil disimpan.`)
    return ctx.response.redirect(
      user.isFacility ? `/internal/${order.id}/summary` : `/internal/${order.id}/detail`
    )
  }

  async detail({ inertia, auth, params, response }: HttpContext) {
    const user = auth.user!
    const order = await findVisibleOrder(user, params.id)
    if (user.isFacility) return response.redirect(`/internal/${order.id}/summary`)
    return inertia.render('internal/show', {
      variant: 'detail' as const,
      order: await orderDetail(order, user),
    })
  }

  async summary({ inertia, auth, params, response }: HttpContext) {
    const user = auth.user!
    const order = await findVisibleOrder(user, params.id)
    if (!user.isFacility) return response.redirect(`/internal/${order.id}/detail`)
    return inertia.render('internal/show', {
      variant: 'summary' as const,
      order: await orderDetail(order, user),
    })
  }

  async confirmForm({ inertia, auth, params }: HttpContext) {
    const user = auth.user!
    const order = await findVisibleOrder(user, params.id)
    const decision = params.decision === 'reject' ? 'reject' : 'approve'
    if (!canTake(decision, order.status, user.roles)) {
      throw new ForbiddenException(
        `Permintaan ${order.number} tidak dapat dikonfirmasi pada status ${order.status}.`
      )
    }
    return inertia.render('internal/confirm', {
      order: { id: order.id, number: order.number, status: order.status },
      decision,
      defaultDescription: decision === 'approve' ? DEFAULT_APPROVAL_DESCRIPTION : '',
    })
  }

  async confirm(ctx: HttpContext) {
    const user = ctx.auth.user!
    const order = await findVisibleOrder(user, ctx.params.id)
    const decision = ctx.params.decision === 'reject' ? 'reject' : 'approve'
    const { order_description: description } = await ctx.request.validateUsing(confirmValidator)
    await confirmOrder({ ...actorOf(ctx), user }, order, decision, description)
    ctx.session.flash(
      'success',
      decision === 'approve'
        ? `Permintaan ${order.number} diterima.`
        : `Permintaan ${order.number} ditolak.`
    )
    return ctx.response.redirect(`/internal/${order.id}/detail`)
  }

  async destroy(ctx: HttpContext) {
    const user = ctx.auth.user!
    const order = await findVisibleOrder(user, ctx.params.id)
    await deleteOrder({ ...actorOf(ctx), user }, order)
    ctx.session.flash('success', `Permintaan ${order.number} berhasil dihapus.`)
    return ctx.response.redirect('/internal')
  }

  async destroyDevice(ctx: HttpContext) {
    const user = ctx.auth.user!
    const order = await findVisibleOrder(user, ctx.params.id)
    await deleteDeviceOrder({ ...actorOf(ctx), user }, order, Number(ctx.params.deviceOrderId) || 0)
    ctx.session.flash('success', 'Alat berhasil dihapus dari permintaan.')
    return ctx.response.redirect(`/internal/${order.id}/detail`)
  }

  async appendForm({ inertia, auth, params }: HttpContext) {
    const user = auth.user!
    const order = await findVisibleOrder(user, params.id)
    if (!canTake('append', order.status, user.roles)) throw new ForbiddenException()
    return inertia.render('internal/append', {
      order: { id: order.id, number: order.number, status: order.status },
      options: await formOptions(user),
    })
  }

  async append(ctx: HttpContext) {
    const user = ctx.auth.user!
    const order = await findVisibleOrder(user, ctx.params.id)
    const { alkes } = await ctx.request.validateUsing(appendValidator)
    await appendDevices({ ...actorOf(ctx), user }, order, alkes)
    ctx.session.flash('success', `Permintaan alat pada ${order.number} berhasil ditambahkan.`)
    return ctx.response.redirect(`/internal/${order.id}/detail`)
  }

  async cancelForm({ inertia, auth, params }: HttpContext) {
    const user = auth.user!
    const order = await findVisibleOrder(user, params.id)
    if (!canTake('cancel_device', order.status, user.roles)) throw new ForbiddenException()
    const device = await db
      .from('internal_alkes_orders as d')
      .join('alkes as a', 'a.id', 'd.alkes_id')
      .where('d.id', Number(params.deviceOrderId) || 0)
      .where('d.internal_order_id', order.id)
      .select('d.id', 'd.serial_number', 'd.status', 'a.name')
      .firstOrFail()
    return inertia.render('internal/cancel', {
      order: { id: order.id, number: order.number },
      device: {
        id: Number(device.id),
        name: device.name,
        serial_number: device.serial_number,
        status: device.status,
      },
    })
  }

  async cancel(ctx: HttpContext) {
    const user = ctx.auth.user!
    const order = await findVisibleOrder(user, ctx.params.id)
    const { reason } = await ctx.request.validateUsing(cancelDeviceValidator)
    await cancelDeviceTest(
      { ...actorOf(ctx), user },
      order,
      Number(ctx.params.deviceOrderId) || 0,
      reason
    )
    ctx.session.flash('success', 'Uji alat dibatalkan.')
    return ctx.response.redirect(`/internal/${order.id}/detail`)
  }
}
