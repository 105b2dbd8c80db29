import type Order from '#models/order'
import { formatDate, formatDateTime } from '#services/format'
import { formatDuration } from '#shared/completion_estimate'
import { internalWorkflow } from '#workflows/internal_order_workflow'
import OrderTransformer from '#transformers/order_transformer'

const HANDED_OVER = new Set<string>(['MENUNGGU FEEDBACK', 'SELESAI'])

/** The changes the workflow knows (opening a page is not one): what `actions` lists. */
const CHANGES = (
  Object.keys(
    internalWorkflow.definition.actions
  ) as (keyof typeof internalWorkflow.definition.actions)[]
).filter((action) => action !== 'create' && !internalWorkflow.action(action).view)

/**
 * An incoming-equipment order (Alat Datang) for its own pages: what every order's detail shows
 * (`OrderTransformer`) and this type's part. Its relations (facility, details, receive,
 * hand-over, feedback) are loaded by the query that builds the context.
 */
export default class InternalOrderTransformer extends OrderTransformer {
  forDetail() {
    const order: Order = this.resource
    const { user } = this.context
    const details = order.internal
    return {
      ...super.forDetail(),
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
      estimated_duration: formatDuration(details.estimatedMinutes),
      // One completion date: the estimate until the lab receives the devices, then the date
      // it set on receiving.
      formatted_estimated_completion_at: order.receive
        ? formatDate(order.receive.doneEstimationDate)
        : formatDateTime(details.estimatedCompletionAt),
      formatted_certificate_date: order.certificateDate ? formatDate(order.certificateDate) : null,
      total_price: order.totalPrice,
      devices: this.deviceLines(),
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
      /** The workflow's changes this user may make now (keys). */
      actions: CHANGES.filter((action) => internalWorkflow.allows(action, order, user)),
      can_see_files: internalWorkflow.allows('files', order, user),
      can_print_proofs: user.can('internal.proofs'),
    }
  }
}
