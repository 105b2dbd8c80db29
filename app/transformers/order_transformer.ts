import { BaseTransformer } from '@adonisjs/core/transformers'
import type Order from '#models/order'
import type OrderDevice from '#models/order_device'
import type User from '#models/user'
import type { PageAction } from '#workflows/kit'
import { workflowOf } from '#workflows/order_types'
import { formatDateTime, formatRupiah } from '#services/format'
import OrderDeviceTransformer from '#transformers/order_device_transformer'
import type { DeviceOutcome } from '#queries/orders/device_outcomes'
import type { TimelineEntry } from '#queries/audit_timeline'

/** What an order's detail needs besides the order: the viewer and what the queries read. */
export interface OrderDetailContext {
  user: User
  devices: OrderDevice[]
  timeline: TimelineEntry[]
  buttons: PageAction[]
  letterHref: string | null
  outcomes: Map<number, DeviceOutcome>
}

/**
 * An order of any type for its detail page. `forDetail` is what every type's page shows
 * (the frame `OrderPage` draws); a type's own transformer extends this one and adds its part
 * (`internal_order_transformer.ts`, `insitu_order_transformer.ts`). Relations are loaded by the
 * query that builds the context (`queries/orders/order_detail.ts`).
 */
export default class OrderTransformer<
  Context extends OrderDetailContext = OrderDetailContext,
> extends BaseTransformer<Order> {
  constructor(
    resource: Order,
    protected context: Context
  ) {
    super(resource)
  }

  /** The order's device lines, each with what this viewer may do to it. */
  protected deviceLines() {
    const { user, outcomes } = this.context
    const order = this.resource
    // Nested in the order, so the device transformer's variant is called directly.
    return this.context.devices.map((device) =>
      new OrderDeviceTransformer(device, { order, user, outcomes }).forDetail()
    )
  }

  forDetail() {
    const order = this.resource
    return {
      id: order.id,
      number: order.number,
      status: order.status,
      status_tone: workflowOf(order).tone(order.status),
      fasyankes: {
        id: order.fasyankes.id,
        fasyankes_name: order.fasyankes.fasyankesName,
        address: order.fasyankes.address,
      },
      formatted_created_at: formatDateTime(order.createdAt),
      letter_href: this.context.letterHref,
      folder_link: order.folderLink,
      device_count: order.deviceCount,
      formatted_total_price: formatRupiah(order.totalPrice),
      /** The buttons of the page, in order (actions, documents, files). */
      buttons: this.context.buttons,
      timeline: this.context.timeline,
    }
  }
}
