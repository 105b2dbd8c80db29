import { DateTime } from 'luxon'
import type Order from '#models/order'
import { labToday } from '#services/format'
import { internalWorkflow } from '#workflows/internal_order_workflow'
import { auditOrder, type StaffActor } from '#actions/orders/order_audit'

/** A validated date (local midnight) as YYYY-MM-DD. */
const day = (date: Date | undefined) => (date ? DateTime.fromJSDate(date).toISODate()! : null)

/** admin_pk or yantek refresh the proof of invoice: its date (today unless given) and its file. */
export async function refreshInvoiceProof(actor: StaffActor, order: Order, date?: Date) {
  const proofDate = day(date) ?? labToday()
  await order.load('internal')
  await internalWorkflow.take('invoice_refresh', order, actor.user, async (trx) => {
    const proof = order.internal
    const before = proof.proofOfInvoiceDate?.toISODate() ?? null
    proof.useTransaction(trx)
    proof.proofOfInvoiceDate = DateTime.fromISO(proofDate)
    await proof.save()
    const change = {
      from: { proof_of_invoice_date: before },
      to: { proof_of_invoice_date: proofDate },
    }
    await auditOrder(actor, order, 'invoice_refresh', change, trx)
  })
}
