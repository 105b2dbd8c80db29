import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { SLOW_QUERY_MS, watchSlowQueries, type SlowQuery } from '#database/slow_queries'

/**
 * The slow-query log of the web server (database/slow_queries.ts, DB_SLOW_QUERY_MS), on the test
 * run's own connection (SQLite or PostgreSQL): the web server attaches the same listener to
 * each connection it opens.
 */
const knex = () => db.connection().getWriteClient() as any

/** A statement that takes a while on either database, with a value bound to it. */
function slowStatement(secret: string) {
  if (db.connection().dialect.name === 'postgres') {
    return db.rawQuery('SELECT pg_sleep(0.15), ?::text AS secret', [secret])
  }
  return db.rawQuery(
    `WITH RECURSIVE counter(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM counter WHERE n < 1000000)
     SELECT count(*) AS total, ? AS secret FROM counter`,
    [secret]
  )
}

test.group('Slow-query log', () => {
  test('DB_SLOW_QUERY_MS defaults to 1 s', ({ assert }) => {
    assert.equal(SLOW_QUERY_MS, 1000)
  })

  test('a statement past the threshold is logged with its SQL, never its values', async ({
    assert,
  }) => {
    const logged: SlowQuery[] = []
    const stop = watchSlowQueries(knex(), 'test', 50, (query) => logged.push(query))
    try {
      await db.rawQuery('SELECT ? AS quick', ['cepat'])
      assert.lengthOf(logged, 0, 'a quick statement is not logged')

      await slowStatement('rahasia-7391')
      assert.lengthOf(logged, 1)
      const [slow] = logged
      assert.equal(slow.connection, 'test')
      assert.isAtLeast(slow.ms, 50)
      assert.isFalse(slow.failed)
      assert.include(slow.sql, 'secret')
      assert.notInclude(JSON.stringify(slow), 'rahasia-7391')
    } finally {
      stop()
    }
    await slowStatement('lagi')
    assert.lengthOf(logged, 1, 'nothing is logged once stopped')
  })

  test('statements inside a transaction and failed ones are timed too', async ({ assert }) => {
    const logged: SlowQuery[] = []
    const stop = watchSlowQueries(knex(), 'test', 0, (query) => logged.push(query))
    try {
      await db.transaction(async (trx) => {
        await trx.rawQuery('SELECT ? AS inside', ['dalam'])
      })
      await db.rawQuery('SELECT * FROM no_such_table WHERE id = ?', [7]).catch(() => {})
    } finally {
      stop()
    }
    assert.isTrue(logged.some((query) => query.sql.includes('inside') && !query.failed))
    assert.isTrue(logged.some((query) => query.sql.includes('no_such_table') && query.failed))
    // BEGIN and COMMIT carry no query id and are not timed.
    assert.isFalse(logged.some((query) => /^(BEGIN|COMMIT)/i.test(query.sql)))
  })
})
