import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Server-side sessions (SESSION_DRIVER=database, the default): the columns the
 * session store of @adonisjs/session reads and writes. `user_id` tags a
 * signed-in session with its user, so all of a user's sessions can be ended.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('sessions', (table) => {
      table.string('id', 255).primary()
      table.text('data').notNullable()
      table.string('user_id', 40).nullable().index()
      table.timestamp('expires_at').notNullable().index()
    })
  }

  async down() {
    this.schema.dropTable('sessions')
  }
}
