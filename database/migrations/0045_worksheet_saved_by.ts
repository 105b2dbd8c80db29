import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Issue 35, item 13: who filled each worksheet (the account that saved it; the officer the
 * sheet names may be another, as when a team leader saves for a member). Sheets saved before
 * take the officer they name, the closest the rows tell.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.alterTable('order_devices', (table) => {
      // No foreign key: on SQLite adding one rebuilds the table, which its triggers forbid; an
      // account deleted later simply names nobody.
      table.integer('worksheet_saved_by').unsigned().nullable()
    })
    this.defer(async (db) => {
      await db.rawQuery(
        `UPDATE order_devices SET worksheet_saved_by = finisher_officer_id
         WHERE worksheet_saved_at IS NOT NULL AND finisher_officer_id IS NOT NULL`
      )
    })
  }

  async down() {
    this.schema.alterTable('order_devices', (table) => {
      table.dropColumn('worksheet_saved_by')
    })
  }
}
