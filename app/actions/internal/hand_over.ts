import type Order from '#models/order'
import InternalHandover from '#models/internal_handover'
import { internalWorkflow } from '#workflows/internal_order_workflow'
import { auditOrder, moveOrder, type StaffActor } from '#actions/orders/order_audit'

export interface HandoverInput {
  contact_person_receiver_name: string
  contact_person_receiver_phone: string
  alkes_accordingly: boolean
  certificate_handedover: boolean
  alkes_checked: boolean
  /** Ignored: derived from the order's lines. */
  cancel_test?: boolean
}

/** The devices go back to the facility once every line is SELESAI or BATAL UJI. */
export async function handOver(actor: StaffActor, order: Order, input: HandoverInput) {
  await internalWorkflow.take('handover', order, actor.user, async (trx) => {
    // "Terdapat alat batal uji" states what the lines say, whatever the form sent.
    const cancelled = await trx
      .from('order_devices')
      .where('order_id', order.id)
      .where('status', 'BATAL UJI')
      .first()
    const moved = await moveOrder(trx, order, 'handover')
    await InternalHandover.create(
      {
        orderId: order.id,
        contactPersonReceiverName: input.contact_person_receiver_name,
        contactPersonReceiverPhone: input.contact_person_receiver_phone,
        alkesAccordingly: input.alkes_accordingly,
        certificateHandedover: input.certificate_handedover,
        alkesChecked: input.alkes_checked,
        cancelTest: !!cancelled,
        userId: actor.user.id,
      },
      { client: trx }
    )
    await auditOrder(
      actor,
      order,
      'handover',
      {
        moved,
        from: { status: moved.from },
        to: { status: moved.to, receiver: input.contact_person_receiver_name },
      },
      trx
    )
  })
}
