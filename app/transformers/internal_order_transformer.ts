import { BaseTransformer } from '@adonisjs/core/transformers'
import type Order from '#models/order'
import type OrderDevice from '#models/order_device'
import type User from '#models/user'
import type { PageAction } from '#workflows/kit'
import { formatDate, formatDateTime, formatRupiah } from '#services/format'
import { formatDuration } from '#workflows/completion_estimate'
import { internalWorkflow } from '#workflows/internal_order_workflow'
import OrderDeviceTransformer, {
  type DetailDeviceLine,
} from '#transformers/order_device_transformer'
import type { DeviceOutcome } from '#queries/orders/device_outcomes'

const HANDED_OVER = new Set<string>(['MENUNGGU FEEDBACK', 'SELESAI'])

export interface TimelineEntry {
  id: number
  label: string
  /** The device line the entry is about: its type and serial number. */
  detail: string | null
  user_name: string | null
  reason: string | null
  formatted_at: string
}

/** What the detail and summary pages of an incoming-equipment order show. */
export interface InternalOrderDetail {
  id: number
  number: string
  status: string
  status_tone: string
  fasyankes: { id: number; fasyankes_name: string; address: string | null }
  service_type: string
  delivery_option: string
  delivery_travel_name: string | null
  contact_person_name: string
  contact_person_phone: string
  order_description: string | null
  formatted_delivery_date_estimation: string
  formatted_arrival_date_estimation: string
  formatted_created_at: string
  estimated_duration: string
  formatted_estimated_completion_at: string
  letter_href: string | null
  folder_link: string | null
  formatted_certificate_date: string | null
  device_count: number
  total_price: number
  formatted_total_price: string
  devices: DetailDeviceLine[]
  receive: {
    checker: string | null
    formatted_received_date: string
    formatted_done_estimation_date: string
  } | null
  handover: { receiver: string; formatted_created_at: string } | null
  has_feedback: boolean
  /** The workflow's changes this user may make now (keys). */
  actions: string[]
  /** The buttons of the page, in order (actions, documents, files). */
  buttons: PageAction[]
  can_see_files: boolean
  can_print_proofs: boolean
  timeline: TimelineEntry[]
}

export interface InternalOrderContext {
  user: User
  devices: OrderDevice[]
  timeline: TimelineEntry[]
  buttons: PageAction[]
  letterHref: string | null
  outcomes: Map<number, DeviceOutcome>
}

/** The changes the workflow knows (opening a page is not one): what `actions` lists. */
const CHANGES = (
  Object.keys(
    internalWorkflow.definition.actions
  ) as (keyof typeof internalWorkflow.definition.actions)[]
).filter((action) => action !== 'create' && !internalWorkflow.action(action).view)

/**
 * An incoming-equipment order (Alat Datang) for its own pages. Its relations
 * (facility, details, receive, hand-over, feedback) are loaded by the query
 * that builds the context.
 */
export default class InternalOrderTransformer extends BaseTransformer<Order> {
  constructor(
    resource: Order,
    protected context: InternalOrderContext
  ) {
    super(resource)
  }

  forDetail(): InternalOrderDetail {
    const order = this.resource
    const { user } = this.context
    const details = order.internal
    return {
      id: order.id,
      number: order.number,
      status: order.status,
      status_tone: internalWorkflow.tone(order.status),
      fasyankes: {
        id: order.fasyankes.id,
        fasyankes_name: order.fasyankes.fasyankesName,
        address: order.fasyankes.address,
      },
      service_type: details.serviceType,
      delivery_option: details.deliveryOption,
      delivery_travel_name: details.deliveryTravelName,
      contact_person_name: details.contactPersonName,
      contact_person_phone: details.contactPersonPhone,
      // The approval note guides the delivery; once the devices are handed back it is history
      // (the timeline keeps it). A rejection's reason stays.
      order_description: HANDED_OVER.has(order.status) ? null : details.orderDescription,
      formatted_delivery_date_estimation: formatDate(details.deliveryDateEstimation),
      formatted_arrival_date_estimation: formatDate(details.arrivalDateEstimation),
      formatted_created_at: formatDateTime(order.createdAt),
      estimated_duration: formatDuration(details.estimatedMinutes),
      // One completion date: the estimate until the lab receives the devices, then the date
      // it set on receiving.
      formatted_estimated_completion_at: order.receive
        ? formatDate(order.receive.doneEstimationDate)
        : formatDateTime(details.estimatedCompletionAt),
      letter_href: this.context.letterHref,
      folder_link: order.folderLink,
      formatted_certificate_date: order.certificateDate ? formatDate(order.certificateDate) : null,
      device_count: order.deviceCount,
      total_price: order.totalPrice,
      formatted_total_price: formatRupiah(order.totalPrice),
      // Nested in the order, so the device transformer's variant is called directly.
      devices: this.context.devices.map((device) =>
        new OrderDeviceTransformer(device, {
          order,
          user,
          outcomes: this.context.outcomes,
        }).forDetail()
      ),
      receive: order.receive
        ? {
            checker: order.receive.checker?.name ?? null,
            formatted_received_date: formatDate(order.receive.receivedDate),
            formatted_done_estimation_date: formatDate(order.receive.doneEstimationDate),
          }
        : null,
      handover: order.handover
        ? {
            receiver: order.handover.contactPersonReceiverName,
            formatted_created_at: formatDateTime(order.handover.createdAt),
          }
        : null,
      has_feedback: !!order.feedback,
      actions: CHANGES.filter((action) => internalWorkflow.allows(action, order, user)),
      buttons: this.context.buttons,
      can_see_files: internalWorkflow.allows('files', order, user),
      can_print_proofs: user.can('internal.proofs'),
      timeline: this.context.timeline,
    }
  }
}
