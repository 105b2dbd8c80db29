import { test } from '@japa/runner'
import { formatDays } from '#shared/insitu_costs'

test.group('Insitu | days as Indonesian writes them (issue 35, item 13)', () => {
  test('a decimal comma, two decimals, dots between thousands', ({ assert }) => {
    assert.equal(formatDays(0.8), '0,80')
    assert.equal(formatDays(1.5), '1,50')
    assert.equal(formatDays(2), '2,00')
    assert.equal(formatDays(1234.567), '1.234,57')
  })
})
