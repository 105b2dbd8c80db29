import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Issue 34: sorting the Alat Datang list by "Estimasi Kirim" sorted all 650,000 orders for one
 * page (6 to 7 s at a million orders). A sort on a column of an order's own row of its type
 * reads that table's index in order (lists/list_sort.ts, `through`): the column, then the
 * order's id, which ends every sort.
 */
const INDEXES = [
  ['internal_orders', 'delivery_date_estimation'],
  ['insitu_orders', 'execution_year'],
] as const

const name = (table: string, column: string) => `${table}_${column}_sort_idx`

export default class extends BaseSchema {
  async up() {
    for (const [table, column] of INDEXES) {
      this.schema.alterTable(table, (t) => t.index([column, 'order_id'], name(table, column)))
    }
  }

  async down() {
    for (const [table, column] of INDEXES) {
      this.schema.alterTable(table, (t) => t.dropIndex([column, 'order_id'], name(table, column)))
    }
  }
}
