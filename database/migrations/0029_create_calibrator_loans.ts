import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Calibrator lending between labs (issue 13, spec part 1 sections 2-4): a loan group with the
 * decision of each lab whose calibrators it holds, its calibrator lines and the orders it serves.
 *
 * `holding_calibrator_id` is the calibrator a line still holds (null once returned or when the
 * loan is rejected). Its unique index is what makes availability exact: two loans submitted at
 * the same moment for one calibrator cannot both insert a holding line.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('calibrator_loans', (table) => {
      table.increments('id')
      table.string('number', 30).notNullable().unique()
      table.integer('borrower_id').unsigned().notNullable().references('id').inTable('users')
      table.text('notes').nullable()
      table.text('loan_description').nullable()
      table.date('planned_return_date').notNullable()
      table.string('status', 12).notNullable().defaultTo('Pending')
      table.timestamp('status_changed_at').nullable()
      for (const lab of ['pk', 'ukpr', 'sarpras']) {
        table.integer(`${lab}_officer_id`).unsigned().nullable().references('id').inTable('users')
        // Null: the loan holds no calibrator of this lab, so the lab does not decide.
        table.string(`${lab}_status`, 12).nullable()
        table.text(`${lab}_reason`).nullable()
        table.timestamp(`${lab}_decided_at`).nullable()
      }
      table.timestamp('returned_at').nullable()
      table.timestamp('created_at').notNullable()
      table.timestamp('updated_at').notNullable()
      table.index(['created_at', 'id'], 'calibrator_loans_created_idx')
      table.index(['borrower_id'], 'calibrator_loans_borrower_idx')
      table.index(['status'], 'calibrator_loans_status_idx')
    })

    this.schema.createTable('calibrator_loan_lines', (table) => {
      table.increments('id')
      table
        .integer('loan_id')
        .unsigned()
        .notNullable()
        .references('id')
        .inTable('calibrator_loans')
        .onDelete('CASCADE')
      table
        .integer('calibrator_id')
        .unsigned()
        .notNullable()
        .references('id')
        .inTable('calibrators')
      table.integer('holding_calibrator_id').unsigned().nullable().unique()
      table.boolean('is_started_good').notNullable().defaultTo(true)
      table.boolean('is_ended_good').nullable()
      table.text('description').nullable()
      table.boolean('is_with_bag').notNullable().defaultTo(false)
      table.boolean('is_with_charger').notNullable().defaultTo(false)
      table.boolean('is_with_filter').notNullable().defaultTo(false)
      table.boolean('is_with_sensor').notNullable().defaultTo(false)
      table.timestamp('return_date').nullable()
      table.integer('returned_by').unsigned().nullable().references('id').inTable('users')
      table.index(['loan_id'], 'calibrator_loan_lines_loan_idx')
      table.index(['calibrator_id'], 'calibrator_loan_lines_calibrator_idx')
    })

    this.schema.createTable('calibrator_loan_orders', (table) => {
      table
        .integer('loan_id')
        .unsigned()
        .notNullable()
        .references('id')
        .inTable('calibrator_loans')
        .onDelete('CASCADE')
      table.integer('order_id').unsigned().notNullable().references('id').inTable('orders')
      table.primary(['loan_id', 'order_id'])
      table.index(['order_id'], 'calibrator_loan_orders_order_idx')
    })
  }

  async down() {
    this.schema.dropTable('calibrator_loan_orders')
    this.schema.dropTable('calibrator_loan_lines')
    this.schema.dropTable('calibrator_loans')
  }
}
