import { test } from '@japa/runner'
import { conformityOf, describeRule, passes } from '#shared/decision_rules'

/** ILAC-G8:09/2019, each rule at and around its limits (T = 2, U = 0.5). */
test.group('Decision rules | ILAC-G8', () => {
  test('simple acceptance: |e| ≤ T passes, on the limit included', ({ assert }) => {
    assert.equal(conformityOf(1.9, 0.5, 2), 'pass')
    assert.equal(conformityOf(-2, 0.5, 2), 'pass')
    assert.equal(conformityOf(2.01, 0.5, 2), 'fail')
    // Binary rounding of decimals does not fail a value on the limit.
    assert.equal(conformityOf(10.3 - 10.2, 0.05, 0.1), 'pass')
  })

  test('guard band w = U, and w = r·U', ({ assert }) => {
    const band = { rule: 'guard_band' as const }
    assert.equal(conformityOf(1.5, 0.5, 2, band), 'pass', 'on T − U')
    assert.equal(conformityOf(1.51, 0.5, 2, band), 'fail')
    assert.equal(conformityOf(-1.5, 0.5, 2, band), 'pass')
    const half = { rule: 'guard_band' as const, guardFactor: 0.5 }
    assert.equal(conformityOf(1.75, 0.5, 2, half), 'pass', 'on T − U/2')
    assert.equal(conformityOf(1.76, 0.5, 2, half), 'fail')
  })

  test('non-binary: pass, conditional pass, conditional fail, fail', ({ assert }) => {
    const rule = { rule: 'non_binary' as const }
    assert.equal(conformityOf(1.5, 0.5, 2, rule), 'pass', '|e| + U = T')
    assert.equal(conformityOf(1.6, 0.5, 2, rule), 'conditional_pass')
    assert.equal(conformityOf(2, 0.5, 2, rule), 'conditional_pass', 'on T')
    assert.equal(conformityOf(2.1, 0.5, 2, rule), 'conditional_fail')
    assert.equal(conformityOf(2.5, 0.5, 2, rule), 'conditional_fail', 'on T + U')
    assert.equal(conformityOf(2.6, 0.5, 2, rule), 'fail')
    assert.isTrue(passes('conditional_pass'))
    assert.isFalse(passes('conditional_fail'))
  })

  test('a point whose U exceeds T is never a pass, under any rule', ({ assert }) => {
    assert.equal(conformityOf(0, 2.1, 2), 'fail')
    assert.equal(conformityOf(0, 2.1, 2, { rule: 'guard_band' }), 'fail')
    assert.equal(conformityOf(0, 2.1, 2, { rule: 'non_binary' }), 'conditional_fail')
    assert.equal(conformityOf(0, 2, 2), 'pass', 'U equal to T still may')
  })

  test('each rule is stated for the certificate', ({ assert }) => {
    assert.include(describeRule({ rule: 'simple' }), 'penerimaan sederhana')
    assert.include(describeRule({ rule: 'guard_band' }), 'w = U')
    assert.include(describeRule({ rule: 'guard_band', guardFactor: 0.5 }), 'w = 0,5 × U')
    assert.include(describeRule({ rule: 'non_binary' }), 'memenuhi bersyarat')
  })
})
