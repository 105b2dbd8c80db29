import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * One-time set-password links an editor issues for an officer. Only the
 * SHA-256 of the token is kept; the token itself is shown once, to the editor.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('password_links', (table) => {
      table.increments('id')
      table
        .integer('user_id')
        .unsigned()
        .notNullable()
        .references('id')
        .inTable('users')
        .onDelete('CASCADE')
      table.string('token_hash', 64).notNullable().unique()
      table.timestamp('expires_at').notNullable()
      table.timestamp('used_at').nullable()
      table
        .integer('created_by')
        .unsigned()
        .nullable()
        .references('id')
        .inTable('users')
        .onDelete('SET NULL')
      table.timestamp('created_at').notNullable()
      table.index(['user_id'])
    })
  }

  async down() {
    this.schema.dropTable('password_links')
  }
}
