import { BaseSchema } from '@adonisjs/lucid/schema'

export default class extends BaseSchema {
  async up() {
    this.schema.createTable('users', (table) => {
      table.increments('id')
      table.string('name', 150).notNullable()
      table.string('email', 254).notNullable().unique()
      table.string('password').notNullable()
      table.string('nip', 30).nullable().unique()
      table.string('rank', 100).nullable()
      table.string('position', 150).nullable()
      table
        .integer('fasyankes_id')
        .unsigned()
        .nullable()
        .references('id')
        .inTable('fasyankes')
        .onDelete('CASCADE')
      table.string('telegram_username', 64).nullable()
      table.string('telegram_chat_id', 64).nullable()
      table.timestamp('created_at').notNullable()
      table.timestamp('updated_at').notNullable()
      // The officer table filters and sorts on these columns.
      table.index(['name'])
      table.index(['rank'])
      table.index(['position'])
    })
    this.schema.createTable('user_roles', (table) => {
      table
        .integer('user_id')
        .unsigned()
        .notNullable()
        .references('id')
        .inTable('users')
        .onDelete('CASCADE')
      table.string('role', 40).notNullable()
      table.primary(['user_id', 'role'])
      table.index(['role'])
    })
  }

  async down() {
    this.schema.dropTable('user_roles')
    this.schema.dropTable('users')
  }
}
