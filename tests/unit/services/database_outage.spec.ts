import { test } from '@japa/runner'
import { isDatabaseUnreachable } from '#services/database_outage'

const withCode = (code: string, message = 'x') => Object.assign(new Error(message), { code })

/** Issue 33, point 4: which failures mean "the database cannot be reached" (503, logged once). */
test.group('Database outage | classification', () => {
  test('a stopped, unreachable or full database is unreachable', ({ assert }) => {
    for (const code of [
      'ECONNREFUSED',
      'ENOTFOUND',
      'ETIMEDOUT',
      'EHOSTUNREACH',
      '57P01', // admin shutdown
      '57P03', // cannot connect now
      '53300', // too many connections
      '08006', // connection failure
    ]) {
      assert.isTrue(isDatabaseUnreachable(withCode(code)), code)
    }
    const poolTimeout = new Error(
      'Knex: Timeout acquiring a connection. The pool is probably full. Are you missing a .transacting(trx) call?'
    )
    poolTimeout.name = 'KnexTimeoutError'
    assert.isTrue(isDatabaseUnreachable(poolTimeout))
    assert.isTrue(isDatabaseUnreachable(new Error('Timeout acquiring a connection')))
    assert.isTrue(isDatabaseUnreachable(new Error('Connection terminated unexpectedly')))
    // Node tries every address of a host: the refusals come together.
    assert.isTrue(
      isDatabaseUnreachable(new AggregateError([withCode('ECONNREFUSED')], 'connect failed'))
    )
    assert.isTrue(isDatabaseUnreachable(new Error('query failed', { cause: withCode('57P01') })))
  })

  test('a statement that failed, a busy SQLite or a timeout is not', ({ assert }) => {
    for (const error of [
      withCode('23505', 'duplicate key value violates unique constraint'),
      withCode('57014', 'canceling statement due to statement timeout'),
      withCode('SQLITE_BUSY', 'database is locked'),
      withCode('E_ROW_NOT_FOUND'),
      new Error('relation "x" does not exist'),
      null,
      undefined,
      'ECONNREFUSED',
    ]) {
      assert.isFalse(isDatabaseUnreachable(error), String((error as any)?.code ?? error))
    }
  })
})
