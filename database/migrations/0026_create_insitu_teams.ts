import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * The officer team of each lab of an on-site order (issue 11): its leader and members, chosen by
 * the lab's head, and the dates of the visit with their inclusive day counts.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('insitu_team_members', (table) => {
      table.increments('id')
      table.integer('order_id').unsigned().notNullable().references('id').inTable('orders')
      table.string('lab', 10).notNullable()
      table.integer('user_id').unsigned().notNullable().references('id').inTable('users')
      table.boolean('is_leader').notNullable().defaultTo(false)
      table.timestamp('created_at').notNullable()
      table.timestamp('updated_at').notNullable()
      table.unique(['order_id', 'lab', 'user_id'])
      table.index(['user_id'], 'insitu_team_members_user_idx')
    })
    this.schema.createTable('insitu_team_dates', (table) => {
      table.increments('id')
      table.integer('order_id').unsigned().notNullable().references('id').inTable('orders')
      table.string('lab', 10).notNullable()
      table.date('start_date').notNullable()
      table.date('end_date').notNullable()
      table.smallint('days').notNullable()
      table.index(['order_id', 'lab'], 'insitu_team_dates_order_lab_idx')
    })
  }

  async down() {
    this.schema.dropTable('insitu_team_dates')
    this.schema.dropTable('insitu_team_members')
  }
}
