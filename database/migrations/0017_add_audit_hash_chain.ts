import { BaseSchema } from '@adonisjs/lucid/schema'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import { GENESIS_HASH, chainHash, contentOf } from '#services/audit_chain'

const BATCH = 1000

/**
 * The audit log becomes a hash chain (app/services/audit_chain.ts): each row
 * holds the hash of the previous row and its own.
 *
 * Rows written before this migration get their hashes here. The table refuses
 * UPDATE (migration 0004), so the trigger is dropped for the backfill and
 * created again right after, inside this migration's transaction: this is the
 * only place that ever updates audit rows.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.alterTable('audit_logs', (table) => {
      table.string('prev_hash', 64).nullable()
      table.string('hash', 64).nullable()
    })

    this.defer((db) => chainExistingRows(db))
  }

  async down() {
    // Plain DROP COLUMN on both databases: knex would rebuild the SQLite table and lose its triggers.
    this.defer(async (db) => {
      await db.rawQuery('ALTER TABLE audit_logs DROP COLUMN hash')
      await db.rawQuery('ALTER TABLE audit_logs DROP COLUMN prev_hash')
    })
  }
}

/**
 * Gives every stored row its prev_hash and hash, in id order. The UPDATE
 * trigger is dropped for this and created again right after, in the same
 * transaction. Exported for the test that proves it on old rows.
 */
export async function chainExistingRows(db: QueryClientContract) {
  const postgres = db.dialect.name === 'postgres'
  if (postgres) await db.rawQuery('DROP TRIGGER audit_logs_no_change ON audit_logs')
  else await db.rawQuery('DROP TRIGGER audit_logs_no_update')

  await backfill(db)

  if (postgres) {
    await db.rawQuery(`
      CREATE TRIGGER audit_logs_no_change BEFORE UPDATE OR DELETE ON audit_logs
      FOR EACH ROW EXECUTE FUNCTION audit_logs_append_only()`)
  } else {
    await db.rawQuery(`
      CREATE TRIGGER audit_logs_no_update BEFORE UPDATE ON audit_logs
      BEGIN SELECT RAISE(ABORT, 'audit_logs is append-only'); END`)
  }
}

async function backfill(db: QueryClientContract) {
  let previous = GENESIS_HASH
  let afterId = 0
  for (;;) {
    const rows = await db.from('audit_logs').where('id', '>', afterId).orderBy('id').limit(BATCH)
    for (const row of rows) {
      const hash = chainHash(contentOf(row), previous)
      await db.from('audit_logs').where('id', row.id).update({ prev_hash: previous, hash })
      previous = hash
      afterId = Number(row.id)
    }
    if (rows.length < BATCH) return
  }
}
