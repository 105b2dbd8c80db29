import { test } from '@japa/runner'
import { overallLoanStatus } from '#workflows/loan_workflow'
import type { LoanStatus } from '#enums/loan_statuses'

/**
 * The overall status of a loan from its labs' decisions (domain decisions, Calibrator lending):
 * null = the lab holds none of the loan's calibrators and does not decide.
 */
const DECISIONS: (LoanStatus | null)[] = [null, 'Pending', 'Confirmed', 'Rejected']

function expected(decisions: (LoanStatus | null)[]): LoanStatus {
  const required = decisions.filter((d) => d !== null)
  if (required.some((d) => d === 'Rejected')) return 'Rejected'
  if (required.every((d) => d === 'Confirmed')) return 'Confirmed'
  return 'Pending'
}

test.group('Calibrator loan | overall status', () => {
  test('every combination of the three labs (required or not) and their decisions', ({
    assert,
  }) => {
    let checked = 0
    for (const pk of DECISIONS) {
      for (const ukpr of DECISIONS) {
        for (const sarpras of DECISIONS) {
          const decisions = [pk, ukpr, sarpras]
          assert.equal(overallLoanStatus(decisions), expected(decisions), JSON.stringify(decisions))
          checked++
        }
      }
    }
    assert.equal(checked, 64)
  })

  test('the rules by example', ({ assert }) => {
    assert.equal(overallLoanStatus(['Confirmed', null, null]), 'Confirmed')
    assert.equal(overallLoanStatus(['Confirmed', 'Pending', null]), 'Pending')
    assert.equal(overallLoanStatus(['Confirmed', 'Rejected', 'Pending']), 'Rejected')
    assert.equal(overallLoanStatus(['Confirmed', 'Confirmed', 'Confirmed']), 'Confirmed')
    // A loan no lab decides on (PDP calibrators only) has nobody to wait for.
    assert.equal(overallLoanStatus([null, null, null]), 'Confirmed')
  })
})
