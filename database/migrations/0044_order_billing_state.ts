import { BaseSchema } from '@adonisjs/lucid/schema'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'

/**
 * Issue 35, point 3: every order list shows, filters and sorts by the order's billing state
 * (app/enums/billing_states.ts: not billed, invoice issued, payment proof awaiting
 * confirmation, paid). It is kept on the order by the invoice actions
 * (actions/orders/billing_state.ts), never worked out per row: one index reads a filtered page
 * in the list's order (newest first), another a page sorted by the state, at a million orders.
 * `billing_changed_at` is when it last changed (the age My tasks shows the treasurer).
 */
const INDEXES: [name: string, columns: string[]][] = [
  ['orders_type_billing_created_idx', ['type', 'billing_state', 'created_at', 'id']],
  ['orders_type_billing_state_sort_idx', ['type', 'billing_state', 'id']],
]

const CURRENT_PROOF = `FROM order_files f WHERE f.order_id = orders.id AND f.kind = 'payment_proof'
  AND f.superseded_at IS NULL`

/**
 * The orders invoiced before: their state from the stages, the proofs and the confirmation,
 * and since when (the proof's upload, or the last stage's change).
 */
export async function backfillBillingState(client: QueryClientContract) {
  await client.rawQuery(`
    UPDATE orders SET billing_state = CASE
      WHEN payment_confirm_date IS NOT NULL THEN 3
      WHEN EXISTS (SELECT 1 ${CURRENT_PROOF}) THEN 2
      ELSE 1 END
    WHERE invoice_stage > 0 OR payment_confirm_date IS NOT NULL`)
  await client.rawQuery(`
    UPDATE orders SET billing_changed_at = CASE billing_state
      WHEN 2 THEN (SELECT max(f.created_at) ${CURRENT_PROOF})
      ELSE (SELECT max(i.updated_at) FROM invoices i WHERE i.order_id = orders.id) END
    WHERE billing_state > 0`)
}

export default class extends BaseSchema {
  async up() {
    this.schema.alterTable('orders', (table) => {
      table.smallint('billing_state').notNullable().defaultTo(0)
      table.timestamp('billing_changed_at').nullable()
      for (const [name, columns] of INDEXES) table.index(columns, name)
    })
    this.defer(backfillBillingState)
  }

  async down() {
    this.schema.alterTable('orders', (table) => {
      for (const [name, columns] of INDEXES) table.dropIndex(columns, name)
      table.dropColumn('billing_changed_at')
      table.dropColumn('billing_state')
    })
  }
}
