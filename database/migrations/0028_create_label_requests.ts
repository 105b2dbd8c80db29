import { BaseSchema } from '@adonisjs/lucid/schema'

/** The calibration labels the lab hands its officers (domain decisions: Label requests). */
export const LABEL_CATALOG = ['Label Laik Pakai', 'Label Tidak Laik Pakai', 'Segel Kalibrasi']

/**
 * Label requests (spec part 2: Label request entity and states): one per order, its items per
 * label and type (Main or Additional) with the quantities handed over and returned, and the
 * verifiable label of each device handed over (a unique code behind its QR code).
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('labels', (table) => {
      table.increments('id')
      table.string('name', 100).notNullable().unique()
      table.smallint('sort_order').notNullable().defaultTo(0)
      table.timestamp('created_at').notNullable()
      table.timestamp('updated_at').notNullable()
    })

    this.schema.createTable('label_requests', (table) => {
      table.increments('id')
      table
        .integer('order_id')
        .unsigned()
        .notNullable()
        .unique()
        .references('id')
        .inTable('orders')
        .onDelete('CASCADE')
      table.string('status', 20).notNullable().defaultTo('Pending')
      table.text('notes').nullable()
      table.text('additional_notes').nullable()
      for (const who of ['requested_by', 'handed_over_by', 'finished_by']) {
        table
          .integer(who)
          .unsigned()
          .nullable()
          .references('id')
          .inTable('users')
          .onDelete('SET NULL')
      }
      table.timestamp('handed_over_at').nullable()
      table.timestamp('finished_at').nullable()
      table.timestamp('created_at').notNullable()
      table.timestamp('updated_at').notNullable()
    })

    this.schema.createTable('label_request_items', (table) => {
      table.increments('id')
      table
        .integer('label_request_id')
        .unsigned()
        .notNullable()
        .references('id')
        .inTable('label_requests')
        .onDelete('CASCADE')
      table.integer('label_id').unsigned().notNullable().references('id').inTable('labels')
      table.string('type', 20).notNullable()
      table.integer('quantity').notNullable().defaultTo(0)
      table.integer('returned_quantity').nullable()
      table.unique(['label_request_id', 'label_id', 'type'], {
        indexName: 'label_request_items_unique',
      })
    })

    this.schema.createTable('device_labels', (table) => {
      table.increments('id')
      table
        .integer('order_device_id')
        .unsigned()
        .notNullable()
        .unique()
        .references('id')
        .inTable('order_devices')
        .onDelete('CASCADE')
      table
        .integer('label_request_id')
        .unsigned()
        .notNullable()
        .references('id')
        .inTable('label_requests')
        .onDelete('CASCADE')
      table.string('code', 16).notNullable().unique()
      table.timestamp('created_at').notNullable()
    })

    this.defer(async (db) => {
      const now = new Date()
      await db.table('labels').multiInsert(
        LABEL_CATALOG.map((name, index) => ({
          name,
          sort_order: index + 1,
          created_at: now,
          updated_at: now,
        }))
      )
    })
  }

  async down() {
    this.schema.dropTable('device_labels')
    this.schema.dropTable('label_request_items')
    this.schema.dropTable('label_requests')
    this.schema.dropTable('labels')
  }
}
