import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Issue 16: a facility's order list sorted by another column (number, devices, total, status)
 * read every one of the facility's orders from the table to sort them: hundreds of wide rows a
 * request (415 ms p95 on PostgreSQL at 20 connections). One index holds every sort key of a
 * facility's orders, so each such sort is read from the index alone and the few hundred keys
 * are sorted in memory.
 */
const COLUMNS = [
  'fasyankes_id',
  'type',
  'created_at',
  'number',
  'device_count',
  'total_price',
  'status',
  'id',
]
const NAME = 'orders_facility_sorts_idx'

export default class extends BaseSchema {
  async up() {
    this.schema.alterTable('orders', (table) => table.index(COLUMNS, NAME))
  }

  async down() {
    this.schema.alterTable('orders', (table) => table.dropIndex(COLUMNS, NAME))
  }
}
