import { test } from '@japa/runner'
import { trustedProxies } from '#services/trusted_proxies'

test.group('TRUSTED_PROXIES', () => {
  test('unset or empty trusts no peer: a client cannot choose its own address', ({ assert }) => {
    for (const value of [undefined, '', ' , ']) {
      const trust = trustedProxies(value)
      for (const peer of ['127.0.0.1', '::1', '10.0.0.1', '203.0.113.9']) {
        assert.isFalse(trust(peer, 0), `${String(value)} / ${peer}`)
      }
    }
  })

  test('named addresses, ranges and keywords are trusted, nothing else', ({ assert }) => {
    const trust = trustedProxies('loopback, 10.1.0.0/16,192.168.5.7')
    assert.isTrue(trust('127.0.0.1', 0))
    assert.isTrue(trust('::1', 0))
    assert.isTrue(trust('10.1.200.3', 1))
    assert.isTrue(trust('192.168.5.7', 0))
    assert.isFalse(trust('10.2.0.1', 0))
    assert.isFalse(trust('192.168.5.8', 0))
    assert.isFalse(trust('203.0.113.9', 0))
  })

  test('a wrong entry stops the start with a message naming the setting', ({ assert }) => {
    assert.throws(() => trustedProxies('10.0.0.0/8, bukan-ip'), /TRUSTED_PROXIES tidak valid/)
  })
})
