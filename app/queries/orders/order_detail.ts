import type Order from '#models/order'
import type User from '#models/user'
import { currentFile } from '#files/order_files'
import { devicesOf } from '#queries/orders/order_devices'
import { orderTimeline } from '#queries/orders/timeline'
import { fileHref } from '#queries/orders/order_files_view'
import { orderPageActions } from '#queries/orders/order_page_actions'
import { deviceOutcomes } from '#queries/orders/device_outcomes'
import type { OrderDetailContext } from '#transformers/order_transformer'

/**
 * What every order's detail page reads besides the order (`OrderTransformer`): its lines with
 * their outcomes, the timeline, the application letter and the buttons this user may use now.
 * A type's own detail query loads its relations and adds its part.
 */
export async function orderDetailContext(order: Order, user: User): Promise<OrderDetailContext> {
  await order.load('fasyankes')
  const [devices, timeline, letter, buttons] = await Promise.all([
    devicesOf(order),
    orderTimeline(order),
    currentFile(undefined, order.id, 'application_letter'),
    orderPageActions(order, user),
  ])
  return {
    user,
    devices,
    outcomes: await deviceOutcomes(order, user, devices),
    timeline,
    buttons,
    letterHref: letter ? fileHref(order, letter) : null,
  }
}
