import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * The facility inventory and the dashboard's recalibration monitor read the nearest next
 * calibration first, then the id (app/queries/monitoring/inventory_rows.ts): for every
 * facility at once (yantek, the labs) and for one facility (its own users). Each order is
 * served by an index that ends in the id, so a page is read from the index without sorting.
 */
const INDEXES = [
  ['inventories_next_calibration_id_idx', ['next_calibration_date', 'id']],
  ['inventories_facility_next_calibration_id_idx', ['fasyankes_id', 'next_calibration_date', 'id']],
] as const

export default class extends BaseSchema {
  async up() {
    this.schema.alterTable('inventories', (table) => {
      for (const [name, columns] of INDEXES) table.index([...columns], name)
    })
  }

  async down() {
    this.schema.alterTable('inventories', (table) => {
      for (const [name, columns] of INDEXES) table.dropIndex([...columns], name)
    })
  }
}
