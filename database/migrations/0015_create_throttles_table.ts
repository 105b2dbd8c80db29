import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * The sign-in throttle's counters (app/services/throttle.ts), shared by every
 * worker and machine through the database. Replaces the table of
 * @adonisjs/limiter, which is no longer used.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('throttles', (table) => {
      // sha256 of the rule and its subject (an email, an email and an IP): no address stored in clear.
      table.string('throttle_key', 80).notNullable().primary()
      table.integer('attempts').notNullable()
      // Times are epoch milliseconds, compared in SQL the same way on SQLite and PostgreSQL.
      table.bigint('window_started_at').notNullable()
      table.bigint('blocked_until').nullable()
      // Set by the attempt that was let through, so it can tell itself from a refused one.
      table.string('attempt_id', 40).notNullable()
      table.bigint('expires_at').notNullable().index()
    })
    this.schema.dropTableIfExists('rate_limits')
  }

  async down() {
    this.schema.dropTable('throttles')
    this.schema.createTable('rate_limits', (table) => {
      table.string('key', 255).notNullable().primary()
      table.integer('points', 9).notNullable().defaultTo(0)
      table.bigint('expire').unsigned()
    })
  }
}
