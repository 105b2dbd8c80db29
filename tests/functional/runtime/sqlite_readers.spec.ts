import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import env from '#start/env'
import { SQLITE_BUSY_TIMEOUT_MS } from '#config/database'
import {
  BACKGROUND_READ,
  sqliteReaderCount,
  startSqliteReaders,
  stopSqliteReaders,
} from '#database/sqlite_readers'

/**
 * Issue 34: on SQLite a statement runs synchronously on the request thread, and a worker's one
 * connection is held by a write transaction across its awaits. With the reader threads started
 * (the web server starts them), reads outside a transaction run elsewhere: the event loop turns
 * while one runs, a read does not wait for a transaction in progress, and it sees what was
 * committed. Outside a global transaction: the reads must not be the test's own transaction.
 */
const onSqlite = env.get('DB_CONNECTION', 'sqlite') === 'sqlite'

/** A read SQLite needs a while for: counting to `n` in a recursive query. */
const longRead = (n: number, comment = '') =>
  db.rawQuery(
    `${comment}WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < ${n})
     SELECT count(*) AS n FROM c`
  )

const file = () => (db.manager.get(db.primaryConnectionName)!.config.connection as any).filename

test.group('SQLite readers | reads off the request thread', (group) => {
  group.setup(() => {
    if (!onSqlite) return
    startSqliteReaders(file(), 2, SQLITE_BUSY_TIMEOUT_MS)
    return () => stopSqliteReaders()
  })

  test('the event loop turns while a long read runs', async ({ assert }) => {
    assert.equal(sqliteReaderCount(), 2)
    let ticks = 0
    const timer = setInterval(() => ticks++, 5)
    try {
      const rows = await longRead(3_000_000)
      assert.equal(Number(rows[0].n), 3_000_000)
    } finally {
      clearInterval(timer)
    }
    // On the request thread the loop would have stood still for the whole read.
    assert.isAbove(ticks, 0)
  }).skip(!onSqlite, 'SQLite only')

  test('a read does not wait for a write transaction in progress, and sees it once committed', async ({
    assert,
  }) => {
    const name = `Reader ${Date.now()}`
    let release!: () => void
    const held = new Promise<void>((resolve) => (release = resolve))
    let inside!: () => void
    const begun = new Promise<void>((resolve) => (inside = resolve))
    const writing = db.transaction(async (trx) => {
      await trx.table('holidays').insert({ date: '2099-12-30', name, source: 'lab' })
      inside()
      await held
    })
    await begun
    try {
      const during = await Promise.race([
        db.from('holidays').where('name', name).count('* as n').first(),
        new Promise((resolve) => setTimeout(() => resolve('waited'), 5000)),
      ])
      assert.notEqual(during, 'waited')
      // Not committed yet: not seen.
      assert.equal(Number((during as { n: number }).n), 0)
    } finally {
      release()
      await writing
    }
    const after = await db.from('holidays').where('name', name).count('* as n').first()
    assert.equal(Number(after.n), 1)
    await db.from('holidays').where('name', name).delete()
  }).skip(!onSqlite, 'SQLite only')

  test('writes and a transaction’s own reads stay on the request thread’s connection', async ({
    assert,
  }) => {
    const seen = await db.transaction(async (trx) => {
      await trx
        .table('holidays')
        .insert({ date: '2099-12-29', name: 'Dalam transaksi', source: 'lab' })
      const row = await trx.from('holidays').where('date', '2099-12-29').first()
      return row?.name
    })
    assert.equal(seen, 'Dalam transaksi')
    const updated = await db.from('holidays').where('date', '2099-12-29').update({ name: 'Diubah' })
    assert.equal(Number(updated), 1)
    await db.from('holidays').where('date', '2099-12-29').delete()
  }).skip(!onSqlite, 'SQLite only')

  test('a background read (anchors walked again) does not hold up the requests’ reads', async ({
    assert,
  }) => {
    const finished: string[] = []
    const walks = [1, 2].map((n) =>
      longRead(4_000_000, `/* ${BACKGROUND_READ} */ `).then(() => finished.push(`walk ${n}`))
    )
    // Two long walks on the two request readers would make this one wait for a walk.
    await db.from('holidays').count('* as n').first()
    finished.push('request')
    await Promise.all(walks)
    assert.equal(finished[0], 'request')
  }).skip(!onSqlite, 'SQLite only')

  test('the keyed reads of every request (session, user, roles) do not queue behind long reads', async ({
    assert,
  }) => {
    const finished: string[] = []
    const long = [1, 2].map((n) => longRead(4_000_000).then(() => finished.push(`long ${n}`)))
    // Both readers are busy: this one is read at once on the request thread.
    const session = await db.from('sessions').where('id', 'no-such-session').first()
    finished.push('session')
    await Promise.all(long)
    assert.isNull(session)
    assert.equal(finished[0], 'session')
  }).skip(!onSqlite, 'SQLite only')
})
