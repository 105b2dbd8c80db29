import { createRequire } from 'node:module'
import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import User from '#models/user'
import { BUSY_MESSAGE } from '#exceptions/handler'
import { makeStaff } from '#tests/helpers/accounts'
import { HttpSession } from '#tests/helpers/http_session'

type RawConnection = {
  exec(sql: string): void
  pragma(sql: string): unknown
  close(): void
  inTransaction: boolean
}

/** A second, independent connection to the test database: another worker, as SQLite sees it. */
function otherWorker(): RawConnection {
  const Database = createRequire(import.meta.url)('better-sqlite3')
  const connection = new Database(app.makePath(process.env.SQLITE_PATH!)) as RawConnection
  connection.pragma('busy_timeout = 0')
  return connection
}

/** Whether the other connection can take the write lock right now (it gives it back at once). */
function canWrite(other: RawConnection) {
  try {
    other.exec('BEGIN IMMEDIATE')
    other.exec('ROLLBACK')
    return true
  } catch (error) {
    if ((error as { code?: string }).code !== 'SQLITE_BUSY') throw error
    return false
  }
}

const knexClient = () => (db.connection().getWriteClient() as any).client

const notSqlite = () =>
  db.connection().dialect.name !== 'sqlite3' && db.connection().dialect.name !== 'better-sqlite3'

test.group('SQLite | transactions take the write lock at BEGIN', () => {
  test('db.transaction holds the write lock from its first statement, even a read', async ({
    assert,
  }) => {
    const other = otherWorker()
    try {
      assert.isTrue(canWrite(other))
      await db.transaction(async (trx) => {
        await trx.from('users').select('id').first()
        assert.isFalse(canWrite(other), 'another worker waits for this transaction')
      })
      assert.isTrue(canWrite(other), 'and writes once it is over')
    } finally {
      other.close()
    }
  }).skip(notSqlite, 'SQLite only')

  test('a model saved in a managed transaction goes through the same BEGIN IMMEDIATE', async ({
    assert,
  }) => {
    const other = otherWorker()
    try {
      await db.transaction(async (trx) => {
        await User.query({ client: trx }).where('id', 0).first()
        assert.isFalse(canWrite(other))
      })
    } finally {
      other.close()
    }
  }).skip(notSqlite, 'SQLite only')

  test('a connection given back to the pool inside a transaction is rolled back', async ({
    assert,
  }) => {
    const other = otherWorker()
    const client = knexClient()
    try {
      const connection = (await client.acquireConnection()) as RawConnection
      connection.exec('BEGIN IMMEDIATE')
      assert.isFalse(canWrite(other))
      await client.releaseConnection(connection)
      assert.isFalse(connection.inTransaction)
      assert.isTrue(canWrite(other), 'no lock is left behind')
    } finally {
      other.close()
    }
  }).skip(notSqlite, 'SQLite only')
})

test.group('SQLite | a write that cannot get the lock', () => {
  test('answers 503 with Retry-After and an Indonesian message, and changes nothing', async ({
    assert,
  }) => {
    const user = await makeStaff(['yantek'], {
      name: 'Nama Sebelum Sibuk',
      password: 'Kuda-Lari-Pagi-2026',
    })
    // Signed in before the lock is taken: the session itself lives in the database.
    const browser = await HttpSession.signIn(user.email, 'Kuda-Lari-Pagi-2026')
    const connection = (await knexClient().acquireConnection()) as RawConnection
    // Wait 0.2 s instead of the production 10 s for the lock, so the test stays short.
    connection.pragma('busy_timeout = 200')
    await knexClient().releaseConnection(connection)

    const other = otherWorker()
    other.exec('BEGIN IMMEDIATE')
    try {
      const response = await browser.put('/profile', {
        form: { name: 'Nama Saat Sibuk', nip: '', rank: '', position: '' },
        headers: { accept: 'text/plain' },
      })
      assert.equal(response.status, 503)
      assert.equal(response.headers.get('retry-after'), '5')
      assert.equal(response.text, BUSY_MESSAGE)
    } finally {
      other.exec('ROLLBACK')
      other.close()
      const restored = (await knexClient().acquireConnection()) as RawConnection
      restored.pragma('busy_timeout = 10000')
      await knexClient().releaseConnection(restored)
    }
    await user.refresh()
    assert.equal(user.name, 'Nama Sebelum Sibuk')

    // The busy moment leaves nothing broken behind: once the lock is free the same
    // browser saves its profile and signs in again, through nested transactions
    // (the audit chain) on whatever pooled connection it gets.
    for (const name of ['Nama Sesudah Sibuk', 'Nama Sesudah Sibuk Lagi']) {
      const saved = await browser.put('/profile', {
        form: { name, nip: '', rank: '', position: '' },
        headers: { referer: '/profile' },
      })
      assert.equal(saved.status, 302, `PUT /profile after the lock was released: ${saved.text}`)
      await user.refresh()
      assert.equal(user.name, name)
    }
    await HttpSession.signIn(user.email, 'Kuda-Lari-Pagi-2026')
    await User.query().where('id', user.id).delete()
  }).skip(notSqlite, 'SQLite only')
})
