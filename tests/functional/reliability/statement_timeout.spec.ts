import { createRequire } from 'node:module'
import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import User from '#models/user'
import { TIMEOUT_MESSAGE, isStatementTimeout } from '#exceptions/handler'
import { STATEMENT_TIMEOUT_MS, pgConnection } from '#config/database'
import { makeStaff } from '#tests/helpers/accounts'
import { HttpSession } from '#tests/helpers/http_session'

/**
 * The web server's statement timeout on PostgreSQL (DB_STATEMENT_TIMEOUT): the connection
 * settings, PostgreSQL's own cancellation (57014) and what the app answers then. SQLite has no
 * statement timeout (config/database.ts: the slow-query log, tests/functional/reliability/slow_queries.spec.ts).
 */
const notPostgres = () => db.connection().dialect.name !== 'postgres'
const POSTGRES_ONLY = 'PostgreSQL only: SQLite cannot stop a running statement'

type PgClient = {
  connect(): Promise<void>
  query(sql: string, values?: unknown[]): Promise<{ rows: any[] }>
  end(): Promise<void>
}

/** A second connection to the test database, outside the app's pool: another session holding locks. */
async function otherSession(): Promise<PgClient> {
  const { Client } = createRequire(import.meta.url)('pg')
  const client = new Client(db.manager.get(db.primaryConnectionName)!.config.connection)
  await client.connect()
  return client
}

/**
 * Runs `work` with every connection of the app's pool opened as the web server opens them,
 * with a statement timeout, here 300 ms instead of 15 s; the pool is put back afterwards.
 */
async function withStatementTimeout(work: () => Promise<void>) {
  const name = db.primaryConnectionName
  const original = db.manager.get(name)!.config
  const connection = { ...(original.connection as object), statement_timeout: 300 }
  db.manager.patch(name, { ...original, connection } as unknown as typeof original)
  try {
    await work()
  } finally {
    db.manager.patch(name, original)
  }
}

test.group('Statement timeout | settings', () => {
  test('only the web server opens its PostgreSQL connections with statement_timeout', ({
    assert,
  }) => {
    assert.equal(STATEMENT_TIMEOUT_MS, 15_000, 'DB_STATEMENT_TIMEOUT defaults to 15 s')
    assert.propertyVal(pgConnection('web'), 'statement_timeout', STATEMENT_TIMEOUT_MS)
    // Migrations, kalibra:prepare and every other ace command, the REPL, the test run: no limit.
    for (const environment of ['console', 'repl', 'test']) {
      assert.notProperty(pgConnection(environment), 'statement_timeout', environment)
    }
  })
})

test.group('Statement timeout | PostgreSQL cancels the statement', () => {
  test('57014 is recognised, and the transaction around it rolled back', async ({ assert }) => {
    const key = `statement-timeout-${process.pid}-${Date.now()}`.slice(0, 80)
    const error = await db
      .transaction(async (trx) => {
        await trx.table('throttles').insert({
          throttle_key: key,
          attempts: 1,
          window_started_at: Date.now(),
          attempt_id: 'statement-timeout',
          expires_at: Date.now() + 60_000,
        })
        await trx.rawQuery('SET LOCAL statement_timeout = 1')
        await trx.rawQuery('SELECT pg_sleep(0.1)')
      })
      .then(
        () => null,
        (caught: unknown) => caught
      )
    assert.exists(error, 'pg_sleep(0.1) outlived a 1 ms statement_timeout')
    assert.equal((error as { code?: string }).code, '57014')
    assert.isTrue(isStatementTimeout(error))
    assert.isFalse(isStatementTimeout(Object.assign(new Error('x'), { code: '23505' })))
    const left = await db.from('throttles').where('throttle_key', key)
    assert.lengthOf(left, 0, 'the row written before the cancelled statement is not there')
  }).skip(notPostgres, POSTGRES_ONLY)
})

test.group('Statement timeout | the answer', () => {
  test('a data request gets 503 JSON, a page 503 with the error page and the message', async ({
    assert,
  }) => {
    const user = await makeStaff(['admin_pk'], { password: 'Kuda-Lari-Pagi-2026' })
    const browser = await HttpSession.signIn(user.email, 'Kuda-Lari-Pagi-2026')
    try {
      await withStatementTimeout(async () => {
        // Every signed-in request reads the user's roles: held up behind this lock, the read
        // outlives the timeout.
        const other = await otherSession()
        await other.query('BEGIN')
        await other.query('LOCK TABLE user_roles IN ACCESS EXCLUSIVE MODE')
        const guard = setTimeout(() => other.query('ROLLBACK').catch(() => {}), 10_000)
        try {
          const data = await browser.get('/officer/datatable', {
            headers: { accept: 'application/json' },
          })
          assert.equal(data.status, 503, data.text)
          assert.deepEqual(data.json(), { message: TIMEOUT_MESSAGE })

          const page = await browser.get('/profile')
          assert.equal(page.status, 503)
          assert.equal(page.page().component, 'errors/server_error')
          assert.deepEqual(page.page().flash, { error: TIMEOUT_MESSAGE })
        } finally {
          clearTimeout(guard)
          await other.query('ROLLBACK')
          await other.end()
        }
      })
    } finally {
      await User.query().where('id', user.id).delete()
    }
  }).skip(notPostgres, POSTGRES_ONLY)

  test('a form cut by the timeout goes back with the message and nothing of it is saved', async ({
    assert,
  }) => {
    const user = await makeStaff(['yantek'], {
      name: 'Nama Sebelum Batas',
      password: 'Kuda-Lari-Pagi-2026',
    })
    const browser = await HttpSession.signIn(user.email, 'Kuda-Lari-Pagi-2026')
    const auditRows = async () => {
      const [row] = await db.from('audit_logs').count('* as total')
      return Number(row.total)
    }
    const auditBefore = await auditRows()
    try {
      await withStatementTimeout(async () => {
        // The profile is saved with its audit row in one transaction: the name is written,
        // then the audit row waits behind this lock until the timeout cancels it.
        const other = await otherSession()
        await other.query('BEGIN')
        await other.query('LOCK TABLE audit_logs IN EXCLUSIVE MODE')
        const guard = setTimeout(() => other.query('ROLLBACK').catch(() => {}), 10_000)
        try {
          const response = await browser.put('/profile', {
            form: { name: 'Nama Saat Batas', nip: '', rank: '', position: '' },
            headers: { referer: '/profile' },
          })
          assert.equal(response.status, 302, response.text)
          assert.equal(response.location, '/profile')
        } finally {
          clearTimeout(guard)
          await other.query('ROLLBACK')
          await other.end()
        }
      })
      await user.refresh()
      assert.equal(
        user.name,
        'Nama Sebelum Batas',
        'the name written before the audit row rolled back'
      )
      assert.equal(await auditRows(), auditBefore)
      const form = await browser.get('/profile')
      assert.equal(form.page().flash?.error, TIMEOUT_MESSAGE)
    } finally {
      await User.query().where('id', user.id).delete()
    }
  }).skip(notPostgres, POSTGRES_ONLY)
})
