import type { HttpContext } from '@adonisjs/core/http'
import { urlFor } from '@adonisjs/core/services/url_builder'
import { signedInActor } from '#services/audit'
import { orderTypeOf, workflowOf } from '#workflows/order_types'
import { alkesOptions } from '#queries/orders/alkes_options'
import type { DeviceLineInput } from '#actions/orders/device_lines'
import { appendDevices } from '#actions/orders/append_devices'
import { deleteDevice } from '#actions/orders/delete_device'
import { cancelDeviceTest } from '#actions/orders/cancel_device_test'
import { findDevice } from '#queries/orders/find_device'
import { cancelDeviceValidator, deviceLinesValidator } from '#validators/orders'
import { SERVICE_LABS } from '#enums/labs'

/** An order's device lines, for both order types: add requests, remove a line, cancel a test. */
export default class DeviceLinesController {
  async create({ inertia, auth, order }: HttpContext) {
    workflowOf(order).assertForm('append', order, auth.user!)
    // Each type has its own request form; the action behind it is shared.
    return inertia.render(orderTypeOf(order).appendPage, {
      order: { number: order.number },
      submitHref: urlFor('orders.append', { orderType: order.type, id: order.id }),
      options: { alkes: await alkesOptions(order.type) },
      backHref: orderTypeOf(order).pagePath(order, auth.user!),
    })
  }

  async store(ctx: HttpContext) {
    const user = ctx.auth.user!
    const input = await ctx.request.validateUsing(deviceLinesValidator)
    const lines: DeviceLineInput[] = [
      ...(input.alkes ?? []),
      ...SERVICE_LABS.flatMap((lab) => input[`alkes_${lab}`] ?? []),
    ]
    if (!lines.length) {
      ctx.session.flash('error', 'Pilih minimal satu alat dengan jumlah lebih dari 0.')
      return ctx.response.redirect().back()
    }
    await appendDevices(signedInActor(ctx), ctx.order, lines)
    ctx.session.flash('success', `Permintaan alat pada ${ctx.order.number} berhasil ditambahkan.`)
    return ctx.response.redirect(orderTypeOf(ctx.order).pagePath(ctx.order, user))
  }

  async destroy(ctx: HttpContext) {
    const user = ctx.auth.user!
    await deleteDevice(signedInActor(ctx), ctx.order, Number(ctx.params.deviceId) || 0)
    ctx.session.flash('success', 'Alat berhasil dihapus dari permintaan.')
    return ctx.response.redirect(orderTypeOf(ctx.order).pagePath(ctx.order, user))
  }

  async cancelForm({ inertia, auth, params, order }: HttpContext) {
    workflowOf(order).assertForm('cancel_device', order, auth.user!)
    const device = await findDevice(undefined, order, Number(params.deviceId) || 0)
    return inertia.render('orders/cancel', {
      order: { number: order.number },
      submitHref: urlFor('orders.cancel', {
        orderType: order.type,
        id: order.id,
        deviceId: device.id,
      }),
      device: {
        name: device.alkes.name,
        serial_number: device.serialNumber,
        status: device.status,
      },
      backHref: orderTypeOf(order).pagePath(order, auth.user!),
    })
  }

  async cancel(ctx: HttpContext) {
    const user = ctx.auth.user!
    const { reason } = await ctx.request.validateUsing(cancelDeviceValidator)
    await cancelDeviceTest(signedInActor(ctx), ctx.order, Number(ctx.params.deviceId) || 0, reason)
    ctx.session.flash('success', 'Uji alat dibatalkan.')
    return ctx.response.redirect(orderTypeOf(ctx.order).pagePath(ctx.order, user))
  }
}
