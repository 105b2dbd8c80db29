import type Order from '#models/order'
import type User from '#models/user'
import { currentFile } from '#files/order_files'
import { devicesOf } from '#queries/orders/order_devices'
import { orderTimeline } from '#queries/orders/timeline'
import { fileHref } from '#queries/orders/order_files_view'
import { orderPageActions } from '#queries/orders/order_page_actions'
import InternalOrderTransformer from '#transformers/internal_order_transformer'
import { deviceOutcomes } from '#queries/orders/device_outcomes'

/** Everything the Alat Datang detail and summary pages show, with what this user may do now. */
export async function internalOrderDetail(order: Order, user: User) {
  await order.load((loader) => {
    loader
      .load('fasyankes')
      .load('internal')
      .load('receive', (q) => q.preload('checker'))
      .load('handover')
      .load('feedback')
  })
  const [devices, timeline, letter, buttons] = await Promise.all([
    devicesOf(order),
    orderTimeline(order),
    currentFile(undefined, order.id, 'application_letter'),
    orderPageActions(order, user),
  ])
  return InternalOrderTransformer.transform(order, {
    user,
    devices,
    outcomes: await deviceOutcomes(order, user, devices),
    timeline,
    buttons,
    letterHref: letter ? fileHref(order, letter) : null,
  }).useVariant('forDetail')
}
