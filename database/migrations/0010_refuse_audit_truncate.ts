import { BaseSchema } from '@adonisjs/lucid/schema'

/** PostgreSQL can empty a table with TRUNCATE, which row triggers do not see: refuse that too. */
export default class extends BaseSchema {
  async up() {
    this.defer(async (db) => {
      if (db.dialect.name !== 'postgres') return
      await db.rawQuery(`
        CREATE TRIGGER audit_logs_no_truncate BEFORE TRUNCATE ON audit_logs
        FOR EACH STATEMENT EXECUTE FUNCTION audit_logs_append_only()`)
    })
  }

  async down() {
    this.defer(async (db) => {
      if (db.dialect.name === 'postgres')
        await db.rawQuery('DROP TRIGGER IF EXISTS audit_logs_no_truncate ON audit_logs')
    })
  }
}
