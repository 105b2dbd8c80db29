import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Append-only audit trail. Triggers refuse UPDATE and DELETE on both SQLite
 * and PostgreSQL, so not even a bug in the application can rewrite history.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('audit_logs', (table) => {
      table.bigIncrements('id')
      table.integer('user_id').unsigned().nullable()
      table.string('user_name', 150).nullable()
      table.string('role', 400).nullable()
      table.string('action', 80).notNullable()
      table.string('subject_type', 80).nullable()
      table.string('subject_id', 80).nullable()
      table.text('changes_from').nullable()
      table.text('changes_to').nullable()
      table.text('reason').nullable()
      table.string('ip', 64).nullable()
      table.timestamp('created_at').notNullable()
      table.index(['subject_type', 'subject_id'])
      table.index(['user_id'])
    })

    this.defer(async (db) => {
      const dialect = db.dialect.name
      if (dialect === 'postgres') {
        await db.rawQuery(`
          CREATE FUNCTION audit_logs_append_only() RETURNS trigger AS $$
          BEGIN
            RAISE EXCEPTION 'audit_logs is append-only';
          END;
          $$ LANGUAGE plpgsql`)
        await db.rawQuery(`
          CREATE TRIGGER audit_logs_no_change BEFORE UPDATE OR DELETE ON audit_logs
          FOR EACH ROW EXECUTE FUNCTION audit_logs_append_only()`)
      } else {
        for (const operation of ['UPDATE', 'DELETE']) {
          await db.rawQuery(`
            CREATE TRIGGER audit_logs_no_${operation.toLowerCase()} BEFORE ${operation} ON audit_logs
            BEGIN SELECT RAISE(ABORT, 'audit_logs is append-only'); END`)
        }
      }
    })
  }

  async down() {
    this.schema.dropTable('audit_logs')
    this.defer(async (db) => {
      if (db.dialect.name === 'postgres')
        await db.rawQuery('DROP FUNCTION IF EXISTS audit_logs_append_only()')
    })
  }
}
