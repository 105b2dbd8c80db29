import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * On-site (Insitu, DL) orders (issue 11): what only this type has beside its `orders` row, and
 * per lab with requests its estimation and accommodation. Device lines are `order_devices`.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('insitu_orders', (table) => {
      table
        .integer('order_id')
        .unsigned()
        .primary()
        .references('id')
        .inTable('orders')
        .onDelete('CASCADE')
      table.smallint('execution_year').notNullable()
      table.string('letter_number', 100).notNullable()
      table.date('letter_date').notNullable()
      // The facility's approval of the offering letter.
      table.string('signature_name', 150).nullable()
      table.string('signature_nip', 30).nullable()
      table.string('signature_position', 150).nullable()
      table.timestamp('signed_at').nullable()
      table.timestamp('offering_sent_at').nullable()
      // The approved letter yantek uploads; the letter file itself is an order file.
      table.string('contract_number', 100).nullable()
      table.date('contract_date').nullable()
      table.text('finalization_notes').nullable()
      table.text('cancel_reason').nullable()
      table.timestamp('created_at').notNullable()
      table.timestamp('updated_at').notNullable()
    })

    this.schema.createTable('insitu_lab_plans', (table) => {
      table.increments('id')
      table
        .integer('order_id')
        .unsigned()
        .notNullable()
        .references('id')
        .inTable('orders')
        .onDelete('CASCADE')
      table.string('lab', 10).notNullable()
      // Estimation: travel there and back, officers, and the days (raw with two decimals).
      table.integer('pp_hour').notNullable().defaultTo(0)
      table.integer('pp_minute').notNullable().defaultTo(0)
      table.integer('total_officer').notNullable().defaultTo(1)
      table.decimal('raw_estimation', 10, 2).notNullable().defaultTo(0)
      table.integer('final_estimation').notNullable().defaultTo(0)
      table.timestamp('estimated_at').nullable()
      // Accommodation (rupiah, counts, days); null until saved.
      table.bigInteger('officer_price').nullable()
      table.integer('officer_count').nullable()
      table.integer('officer_day').nullable()
      table.bigInteger('transportation_price').nullable()
      table.integer('transportation_day').nullable()
      table.integer('transportation_count').nullable()
      table.bigInteger('hotel_price').nullable()
      table.integer('hotel_day').nullable()
      table.integer('hotel_count').nullable()
      table.bigInteger('plane_price').nullable()
      table.integer('plane_count').nullable()
      table.bigInteger('plane_luggage').nullable()
      table.boolean('plane_is_pp').nullable()
      table.timestamp('accommodation_saved_at').nullable()
      table.timestamp('created_at').notNullable()
      table.timestamp('updated_at').notNullable()
      table.unique(['order_id', 'lab'], { indexName: 'insitu_lab_plans_order_lab_unique' })
    })
  }

  async down() {
    this.schema.dropTable('insitu_lab_plans')
    this.schema.dropTable('insitu_orders')
  }
}
