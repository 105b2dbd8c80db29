import { DateTime } from 'luxon'
import type Order from '#models/order'
import type { MultipartFile } from '@adonisjs/core/bodyparser'
import InternalOrder from '#models/internal_order'
import { withStagedFiles } from '#files/staged_files'
import { internalWorkflow } from '#workflows/internal_order_workflow'
import { refuseOversizedOrder, type DeviceLineInput } from '#actions/orders/device_lines'
import { createRequest, replaceRequest } from '#actions/orders/order_request'
import { auditOrder, moveOrder, type StaffActor } from '#actions/orders/order_audit'

export interface OrderInput {
  fasyankes_id?: number
  letter?: MultipartFile
  delivery_date_estimation: Date
  arrival_date_estimation: Date
  contact_person_name: string
  contact_person_phone: string
  delivery_option: string
  delivery_travel_name?: string
  service_type: string
  alkes: DeviceLineInput[]
}

const isoDay = (value: Date) => DateTime.fromISO(DateTime.fromJSDate(value).toISODate()!)

function details(input: OrderInput) {
  return {
    deliveryDateEstimation: isoDay(input.delivery_date_estimation),
    arrivalDateEstimation: isoDay(input.arrival_date_estimation),
    contactPersonName: input.contact_person_name,
    contactPersonPhone: input.contact_person_phone,
    deliveryOption: input.delivery_option,
    deliveryTravelName:
      input.delivery_option === 'Diantar oleh pihak pertama'
        ? null
        : (input.delivery_travel_name ?? null),
    serviceType: input.service_type,
  }
}

/** A new incoming-equipment order (MENUNGGU) with its numbered device lines and letter. */
export async function createInternalOrder(
  actor: StaffActor,
  fasyankesId: number,
  input: OrderInput
) {
  return createRequest(
    actor,
    { type: 'internal', code: 'DT', status: 'MENUNGGU', fasyankesId },
    { letter: input.letter, lines: input.alkes, audited: { service_type: input.service_type } },
    (created, trx) =>
      InternalOrder.create(
        { orderId: created.id, ...details(input), estimatedMinutes: 0 },
        { client: trx }
      )
  )
}

/**
 * Edits an order waiting for confirmation, or resubmits a rejected one (back
 * to MENUNGGU). The device list is replaced by the new one.
 */
export async function updateInternalOrder(actor: StaffActor, order: Order, input: OrderInput) {
  const action = order.status === 'DITOLAK' ? 'resubmit' : 'edit'
  internalWorkflow.assert(action, order, actor.user)
  refuseOversizedOrder(input.alkes)
  return withStagedFiles(async (files) => {
    const letter = input.letter ? await files.upload(input.letter, 'letters') : null
    return internalWorkflow.take(action, order, actor.user, async (trx) => {
      // Also for a plain edit: the order must still be in the status the user edited.
      const moved = await moveOrder(trx, order, action)
      await InternalOrder.query({ client: trx })
        .where('order_id', order.id)
        .update({
          delivery_date_estimation: details(input).deliveryDateEstimation.toISODate(),
          arrival_date_estimation: details(input).arrivalDateEstimation.toISODate(),
          contact_person_name: input.contact_person_name,
          contact_person_phone: input.contact_person_phone,
          delivery_option: input.delivery_option,
          delivery_travel_name: details(input).deliveryTravelName,
          service_type: input.service_type,
        })
      const devices = await replaceRequest(
        trx,
        actor,
        order,
        input.fasyankes_id,
        letter,
        input.alkes
      )
      await auditOrder(
        actor,
        order,
        action,
        {
          moved,
          from: { status: moved.from },
          to: { status: order.status, devices: devices.length },
        },
        trx
      )
      return order
    })
  })
}
