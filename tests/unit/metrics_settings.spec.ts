import { test } from '@japa/runner'
import { spawnSync } from 'node:child_process'
import app from '@adonisjs/core/services/app'
import { metricsAllow, metricsToken } from '#services/metrics_settings'

test.group('METRICS_TOKEN and METRICS_ALLOW', () => {
  test('unset or empty: nothing, so /metrics stays closed', ({ assert }) => {
    assert.isUndefined(metricsToken('METRICS_TOKEN', undefined))
    assert.isUndefined(metricsToken('METRICS_TOKEN', ''))
    assert.isUndefined(metricsAllow('METRICS_ALLOW', undefined))
    assert.isUndefined(metricsAllow('METRICS_ALLOW', ' '))
  })

  test('a token of 24 characters or more without spaces is kept as a secret', ({ assert }) => {
    const token = metricsToken('METRICS_TOKEN', 'a'.repeat(24))!
    assert.equal(token.release(), 'a'.repeat(24))
    assert.notInclude(String(token), 'aaaa', 'not printed by accident')
  })

  test('a short token, or one with a space, is refused with a message naming it', ({ assert }) => {
    for (const value of ['rahasia', 'a'.repeat(23), `${'a'.repeat(20)} ${'b'.repeat(10)}`]) {
      assert.throws(() => metricsToken('METRICS_TOKEN', value), /METRICS_TOKEN tidak valid/)
    }
  })

  test('addresses, ranges and keywords are accepted; anything else is refused', ({ assert }) => {
    assert.equal(metricsAllow('METRICS_ALLOW', '10.0.0.0/8, loopback'), '10.0.0.0/8, loopback')
    assert.throws(
      () => metricsAllow('METRICS_ALLOW', '10.0.0.0/8, prometheus'),
      /METRICS_ALLOW tidak valid/
    )
  })

  test('the server does not start with a wrong value', ({ assert }) => {
    for (const [name, value] of [
      ['METRICS_TOKEN', 'pendek'],
      ['METRICS_ALLOW', 'bukan-alamat'],
    ]) {
      // One process (no workers); stopped after a minute should it start after all.
      const run = spawnSync(process.execPath, ['server.js'], {
        cwd: app.makePath(),
        env: { ...process.env, WEB_CONCURRENCY: '1', PORT: '0', [name]: value },
        encoding: 'utf8',
        timeout: 60_000,
      })
      assert.equal(run.status, 1, name)
      assert.include(`${run.stdout}${run.stderr}`, `${name} tidak valid`)
    }
  }).timeout(130_000)
})
