import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type Order from '#models/order'
import { BILLING_STATES, type BillingState } from '#enums/billing_states'
import { databaseNow } from '#services/database_time'

/**
 * Keeps the order's billing state (app/enums/billing_states.ts) after an invoice action, inside
 * its transaction: paid once the payment is confirmed; a payment proof awaiting confirmation
 * once the facility uploaded one to an issued invoice; an invoice issued once a stage is;
 * otherwise not billed. When it changes, the moment is kept (the age My tasks shows).
 */
export async function refreshBillingState(trx: TransactionClientContract, order: Order) {
  const row = await trx
    .from('orders')
    .where('id', order.id)
    .select('invoice_stage', 'payment_confirm_date', 'billing_state')
    .first()
  const proof = await trx
    .from('order_files')
    .where({ order_id: order.id, kind: 'payment_proof' })
    .whereNull('superseded_at')
    .first()
  let state: BillingState = 'belum_ditagih'
  if (row.payment_confirm_date) state = 'lunas'
  else if (Number(row.invoice_stage) > 0) state = proof ? 'menunggu_konfirmasi' : 'terbit'
  const code = BILLING_STATES[state].code
  if (Number(row.billing_state) === code) return
  await trx
    .from('orders')
    .where('id', order.id)
    .update({ billing_state: code, billing_changed_at: databaseNow(trx) })
}
