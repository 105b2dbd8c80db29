import { readFile } from 'node:fs/promises'
import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { audit } from '#services/audit'

/**
 * Issue 8, point 12 (PostgreSQL): database/app_role.sql, the rights of the
 * app's own role, does what the README says. Inside one transaction that is
 * rolled back at the end (roles and grants are transactional in PostgreSQL),
 * a fresh role gets exactly that file's grants; then, acting as that role,
 * the app's normal work succeeds and every way of rewriting the audit log is
 * refused by the database itself.
 */

/** The file's statements with psql's :"app_role" filled in. */
async function grantStatements(role: string) {
  const sql = await readFile('database/app_role.sql', 'utf8')
  return sql
    .split('\n')
    .filter((line) => !line.startsWith('--'))
    .join('\n')
    .split(';')
    .map((statement) => statement.trim().replaceAll(':"app_role"', `"${role}"`))
    .filter(Boolean)
}

/** Runs one statement in a savepoint that is always rolled back; answers the error, if any. */
async function attempt(
  trx: TransactionClientContract,
  work: (sp: TransactionClientContract) => Promise<unknown>
) {
  const savepoint = await trx.transaction()
  try {
    await work(savepoint)
    return null
  } catch (error) {
    return (error as Error).message
  } finally {
    await savepoint.rollback()
  }
}

test.group('Audit log | the app role on PostgreSQL', () => {
  test('as the app role: normal writes and appending audit rows work; UPDATE, DELETE, TRUNCATE, ALTER, DROP and setval on the audit log are refused', async ({
    assert,
  }) => {
    const trx = await db.transaction()
    const role = `kalibra_app_test_${process.pid}`
    try {
      await trx.rawQuery(`CREATE ROLE "${role}" NOLOGIN`)
      for (const statement of await grantStatements(role)) await trx.rawQuery(statement)
      await trx.rawQuery(`SET LOCAL ROLE "${role}"`)

      const allowed: [string, (sp: TransactionClientContract) => Promise<unknown>][] = [
        ['SELECT audit_logs', (sp) => sp.from('audit_logs').count('* as total')],
        [
          'audit() appends a chained row',
          (sp) => audit({ user: null, ip: null }, { action: 'test.app_role' }, sp),
        ],
        ['UPDATE users', (sp) => sp.from('users').where('id', 0).update({ name: 'x' })],
        [
          'INSERT and DELETE throttles',
          async (sp) => {
            await sp.table('throttles').insert({
              throttle_key: `app-role-${role}`,
              attempts: 1,
              window_started_at: Date.now(),
              attempt_id: 'app-role',
              expires_at: Date.now() + 60_000,
            })
            await sp.from('throttles').where('throttle_key', `app-role-${role}`).delete()
          },
        ],
      ]
      for (const [name, work] of allowed) assert.isNull(await attempt(trx, work), name)

      const refused: [string, RegExp][] = [
        ["UPDATE audit_logs SET reason = 'x'", /permission denied/],
        ['DELETE FROM audit_logs', /permission denied/],
        ['TRUNCATE audit_logs', /permission denied/],
        ['ALTER TABLE audit_logs ADD COLUMN x int', /must be owner/],
        ['ALTER TABLE audit_logs DISABLE TRIGGER audit_logs_no_change', /must be owner/],
        ['DROP TRIGGER audit_logs_no_change ON audit_logs', /must be owner/],
        ['DROP TABLE audit_logs', /must be owner/],
        ["SELECT setval('audit_logs_id_seq', 1)", /permission denied/],
        ['CREATE TABLE app_role_probe (id int)', /permission denied/],
      ]
      for (const [sql, message] of refused) {
        const error = await attempt(trx, (sp) => sp.rawQuery(sql))
        assert.match(error ?? 'accepted', message, sql)
      }
    } finally {
      await trx.rollback()
    }
  }).skip(process.env.DB_CONNECTION !== 'pg', 'PostgreSQL only: SQLite has no roles')
})
