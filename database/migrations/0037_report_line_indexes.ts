import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Issue 16: with whole months read from the kept counts (0036), the reports read lines only for
 * the days of a range's partial first and last months. A lab's lines of a few days are one
 * range of an index that starts with the date; 0031's indexes started with the device type or
 * the facility (each one's whole period read in order), which PostgreSQL cannot skip through.
 */
const OLD: [name: string, columns: string[]][] = [
  [
    'order_devices_ordered_idx',
    ['lab', 'alkes_id', 'ordered_at', 'status', 'order_type', 'fasyankes_id'],
  ],
  [
    'order_devices_work_idx',
    ['lab', 'alkes_id', 'work_date', 'status', 'order_type', 'fasyankes_id'],
  ],
  ['order_devices_facility_idx', ['lab', 'fasyankes_id', 'ordered_at', 'status', 'order_type']],
]

const NEW: [name: string, columns: string[]][] = [
  [
    'order_devices_lab_ordered_idx',
    ['lab', 'ordered_at', 'status', 'alkes_id', 'order_type', 'fasyankes_id'],
  ],
  [
    'order_devices_lab_work_idx',
    ['lab', 'work_date', 'status', 'alkes_id', 'order_type', 'fasyankes_id'],
  ],
]

export default class extends BaseSchema {
  async up() {
    this.schema.alterTable('order_devices', (table) => {
      for (const [name, columns] of OLD) table.dropIndex(columns, name)
      for (const [name, columns] of NEW) table.index(columns, name)
    })
  }

  async down() {
    this.schema.alterTable('order_devices', (table) => {
      for (const [name, columns] of NEW) table.dropIndex(columns, name)
      for (const [name, columns] of OLD) table.index(columns, name)
    })
  }
}
