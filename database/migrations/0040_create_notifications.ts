import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Notifications that arrive (issue 17):
 *
 * - `notices`: what a user reads in the app (the bell in the top bar), one row per recipient;
 * - `outbox_messages`: the same news to be delivered by Telegram or e-mail, written in the
 *   transaction of the action that caused it and delivered afterwards by a worker with retries
 *   (app/notifications/outbox.ts), so sending never blocks or breaks the action;
 * - `telegram_link_codes`: the one-time codes of the deep links that link a Telegram chat;
 * - `reminders_sent`: which recalibration reminder went out for which inventory item and due
 *   date, so a reminder is sent once however often the job runs;
 * - `job_leases`: who runs the jobs only one process may run at a time (the Telegram updates,
 *   the daily reminders), across workers and machines, with what they keep between runs.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('notices', (table) => {
      table.increments('id')
      table
        .integer('user_id')
        .unsigned()
        .notNullable()
        .references('id')
        .inTable('users')
        .onDelete('CASCADE')
      table.string('title', 200).notNullable()
      table.text('body').notNullable()
      table.string('href', 500).nullable()
      table.timestamp('created_at').notNullable()
      table.timestamp('read_at').nullable()
      table.index(['user_id', 'id'], 'notices_user_idx')
      table.index(['user_id', 'read_at'], 'notices_unread_idx')
    })

    this.schema.createTable('outbox_messages', (table) => {
      table.increments('id')
      table
        .integer('user_id')
        .unsigned()
        .nullable()
        .references('id')
        .inTable('users')
        .onDelete('SET NULL')
      // 'telegram' or 'email'
      table.string('channel', 10).notNullable()
      // The chat id or the e-mail address, as it was when the message was written.
      table.string('address', 254).notNullable()
      table.string('subject', 200).notNullable()
      table.text('body').notNullable()
      table.string('href', 500).nullable()
      // 'pending', 'sending', 'sent' or 'failed'
      table.string('status', 10).notNullable().defaultTo('pending')
      table.smallint('attempts').notNullable().defaultTo(0)
      table.timestamp('next_attempt_at').notNullable()
      // A worker that took the message and has not finished by then has died: it is retried.
      table.timestamp('claimed_until').nullable()
      table.text('last_error').nullable()
      table.timestamp('sent_at').nullable()
      table.timestamp('created_at').notNullable()
      table.index(['status', 'next_attempt_at'], 'outbox_due_idx')
      table.index(['created_at', 'id'], 'outbox_created_idx')
    })

    this.schema.createTable('telegram_link_codes', (table) => {
      table.increments('id')
      table
        .integer('user_id')
        .unsigned()
        .notNullable()
        .references('id')
        .inTable('users')
        .onDelete('CASCADE')
      // SHA-256 of the code: a leaked table does not link anyone's chat.
      table.string('code_hash', 64).notNullable().unique()
      table.timestamp('expires_at').notNullable()
      table.timestamp('used_at').nullable()
      table.timestamp('created_at').notNullable()
      table.index(['user_id'], 'telegram_link_codes_user_idx')
    })

    this.schema.createTable('reminders_sent', (table) => {
      table.increments('id')
      table
        .integer('inventory_id')
        .unsigned()
        .notNullable()
        .references('id')
        .inTable('inventories')
        .onDelete('CASCADE')
      // '30_hari' (30 days before) or 'jatuh_tempo' (on the due date)
      table.string('kind', 12).notNullable()
      table.date('due_date').notNullable()
      table.timestamp('created_at').notNullable()
      table.unique(['inventory_id', 'kind', 'due_date'])
    })

    this.schema.createTable('job_leases', (table) => {
      table.string('name', 50).primary()
      table.string('holder', 100).nullable()
      table.timestamp('expires_at').nullable()
      // What the job keeps between runs (the Telegram update offset, the last reminder day).
      table.string('state', 100).nullable()
    })
  }

  async down() {
    this.schema.dropTable('job_leases')
    this.schema.dropTable('reminders_sent')
    this.schema.dropTable('telegram_link_codes')
    this.schema.dropTable('outbox_messages')
    this.schema.dropTable('notices')
  }
}
