import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Incoming-equipment (Alat Datang, DT) orders and their device orders, the
 * receiving and hand-over records, feedback, the facility inventory they
 * feed, the public-holiday table used by the completion estimate, and the
 * per-month order number counters.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('order_counters', (table) => {
      table.string('prefix', 20).primary()
      table.integer('last_value').notNullable()
    })

    this.schema.createTable('holidays', (table) => {
      table.date('date').primary()
      table.string('name', 150).notNullable()
    })

    this.schema.createTable('internal_orders', (table) => {
      table.increments('id')
      table.string('number', 30).notNullable().unique()
      table.string('status', 30).notNullable().defaultTo('MENUNGGU')
      table
        .integer('user_id')
        .unsigned()
        .nullable()
        .references('id')
        .inTable('users')
        .onDelete('SET NULL')
      table.integer('fasyankes_id').unsigned().notNullable().references('id').inTable('fasyankes')
      table.string('letter_path', 255).nullable()
      table.date('delivery_date_estimation').notNullable()
      table.date('arrival_date_estimation').notNullable()
      table.string('contact_person_name', 150).notNullable()
      table.string('contact_person_phone', 30).notNullable()
      table.string('delivery_option', 50).notNullable()
      table.string('delivery_travel_name', 150).nullable()
      table.string('service_type', 30).notNullable().defaultTo('Reguler')
      table.text('order_description').nullable()
      table.integer('estimated_minutes').notNullable().defaultTo(0)
      table.timestamp('estimated_completion_at').nullable()
      table.date('certificate_date').nullable()
      table.string('folder_link', 500).nullable()
      table.timestamp('created_at').notNullable()
      table.timestamp('updated_at').notNullable()
      table.index(['status'])
      table.index(['fasyankes_id', 'status'])
    })

    this.schema.createTable('internal_alkes_orders', (table) => {
      table.increments('id')
      table
        .integer('internal_order_id')
        .unsigned()
        .notNullable()
        .references('id')
        .inTable('internal_orders')
        .onDelete('CASCADE')
      table.integer('alkes_id').unsigned().notNullable().references('id').inTable('alkes')
      table.bigInteger('price').notNullable().defaultTo(0)
      table.integer('minute_estimation').notNullable().defaultTo(0)
      table.text('description').nullable()
      table.string('status', 20).notNullable().defaultTo('BELUM SELESAI')
      table.string('merk', 100).nullable()
      table.string('model', 100).nullable()
      table.string('serial_number', 100).nullable()
      table.string('functionality', 20).nullable()
      table.text('accessories').nullable()
      table.text('admin_description').nullable()
      table
        .integer('officer_id')
        .unsigned()
        .nullable()
        .references('id')
        .inTable('users')
        .onDelete('SET NULL')
      table.string('type', 20).nullable()
      table.string('additional_order_number', 50).nullable()
      table.string('certificate_number', 100).nullable()
      table.integer('certificate_month').nullable()
      table.date('work_date').nullable()
      table.string('work_place', 200).nullable()
      table.string('room_name', 100).nullable()
      table.boolean('is_laik').nullable()
      table
        .integer('finisher_officer_id')
        .unsigned()
        .nullable()
        .references('id')
        .inTable('users')
        .onDelete('SET NULL')
      table.timestamp('worksheet_saved_at').nullable()
      table.string('worksheet_file_path', 255).nullable()
      table.string('certificate_file_path', 255).nullable()
      table.string('certificate_link', 500).nullable()
      table.string('result_file_path', 255).nullable()
      table.string('result_link', 500).nullable()
      table.timestamp('created_at').notNullable()
      table.timestamp('updated_at').notNullable()
      table.index(['internal_order_id'])
    })

    this.schema.createTable('internal_receives', (table) => {
      table.increments('id')
      table
        .integer('internal_order_id')
        .unsigned()
        .notNullable()
        .unique()
        .references('id')
        .inTable('internal_orders')
        .onDelete('CASCADE')
      table
        .integer('alkes_checker_user_id')
        .unsigned()
        .nullable()
        .references('id')
        .inTable('users')
        .onDelete('SET NULL')
      table.string('contact_person_name', 150).notNullable()
      table.string('contact_person_phone', 30).notNullable()
      table.date('received_date').notNullable()
      table.date('done_estimation_date').notNullable()
      for (const flag of [
        'review_request',
        'officer_readiness',
        'equipment_condition',
        'accommodation_and_environment',
        'calibration_ability',
        'workload',
        'calibration_method_compatibility',
      ]) {
        table.boolean(flag).notNullable().defaultTo(true)
      }
      table.timestamp('created_at').notNullable()
      table.timestamp('updated_at').notNullable()
    })

    this.schema.createTable('internal_handovers', (table) => {
      table.increments('id')
      table
        .integer('internal_order_id')
        .unsigned()
        .notNullable()
        .unique()
        .references('id')
        .inTable('internal_orders')
        .onDelete('CASCADE')
      table.string('contact_person_receiver_name', 150).notNullable()
      table.string('contact_person_receiver_phone', 30).notNullable()
      table.boolean('alkes_accordingly').notNullable().defaultTo(true)
      table.boolean('certificate_handedover').notNullable().defaultTo(true)
      table.boolean('alkes_checked').notNullable().defaultTo(true)
      table.boolean('cancel_test').notNullable().defaultTo(false)
      table
        .integer('user_id')
        .unsigned()
        .nullable()
        .references('id')
        .inTable('users')
        .onDelete('SET NULL')
      table.timestamp('created_at').notNullable()
    })

    this.schema.createTable('feedbacks', (table) => {
      table.increments('id')
      table
        .integer('internal_order_id')
        .unsigned()
        .notNullable()
        .unique()
        .references('id')
        .inTable('internal_orders')
        .onDelete('CASCADE')
      table
        .integer('user_id')
        .unsigned()
        .nullable()
        .references('id')
        .inTable('users')
        .onDelete('SET NULL')
      table.string('unit', 150).notNullable()
      table.text('critic').nullable()
      table.text('ratings').notNullable()
      table.timestamp('created_at').notNullable()
    })

    this.schema.createTable('inventories', (table) => {
      table.increments('id')
      table
        .integer('fasyankes_id')
        .unsigned()
        .notNullable()
        .references('id')
        .inTable('fasyankes')
        .onDelete('CASCADE')
      table.integer('alkes_id').unsigned().notNullable().references('id').inTable('alkes')
      table.string('merk', 100).nullable()
      table.string('model', 100).nullable()
      table.string('serial_number', 100).notNullable()
      table.date('last_calibration_date').notNullable()
      table.date('next_calibration_date').notNullable()
      table
        .integer('internal_alkes_order_id')
        .unsigned()
        .nullable()
        .references('id')
        .inTable('internal_alkes_orders')
        .onDelete('SET NULL')
      table.timestamp('created_at').notNullable()
      table.timestamp('updated_at').notNullable()
      table.unique(['fasyankes_id', 'alkes_id', 'serial_number'])
      table.index(['next_calibration_date'])
    })
  }

  async down() {
    for (const table of [
      'inventories',
      'feedbacks',
      'internal_handovers',
      'internal_receives',
      'internal_alkes_orders',
      'internal_orders',
      'holidays',
      'order_counters',
    ]) {
      this.schema.dropTable(table)
    }
  }
}
