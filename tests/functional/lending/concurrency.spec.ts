import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import {
  errorFields,
  fieldErrors,
  isRedirect,
  userWithRole,
} from '#tests/functional/internal_orders/_support'
import { loanPayload, makeCalibrator } from '#tests/functional/lending/_support'

/**
 * Two loans submitted at the same moment for one calibrator: exactly one holds it. Run outside
 * a global transaction (two real requests never share one); what they wrote is removed after.
 */
const calibrators: number[] = []

test.group('Calibrator lending | two loans racing for one calibrator', (group) => {
  group.each.teardown(async () => {
    const loans = await db
      .from('calibrator_loan_lines')
      .whereIn('calibrator_id', calibrators)
      .select('loan_id')
    await db
      .from('calibrator_loans')
      .whereIn(
        'id',
        loans.map((row) => row.loan_id)
      )
      .delete()
    await db.from('calibrators').whereIn('id', calibrators.splice(0)).delete()
  })

  test('exactly one of two simultaneous loans succeeds; the other is told the calibrator is out', async ({
    client,
    assert,
  }) => {
    const people = [await userWithRole('yantek'), await userWithRole('admin_pk')]
    for (let round = 0; round < 6; round++) {
      const calibrator = await makeCalibrator('PK')
      calibrators.push(calibrator.id)
      const payload = await loanPayload([calibrator])
      const responses = await Promise.all(
        people.map((person) =>
          client
            .post('/calibrator/loan')
            .json(payload)
            .loginAs(person)
            .withCsrfToken()
            .withInertia()
            .redirects(0)
        )
      )
      const won = responses.filter(
        (response) =>
          isRedirect(response) && !response.flashMessages().error && !errorFields(response).length
      )
      assert.lengthOf(won, 1, `round ${round}: ${responses.map((r) => r.status()).join(', ')}`)
      const lost = responses.find((response) => !won.includes(response))!
      const message = fieldErrors(lost, 'calibrators.0.id').join(' ')
      const busy = lost.status() === 503
      assert.isTrue(busy || /Masih Belum Dikembalikan/.test(message), `round ${round}: ${message}`)
      const holding = await db
        .from('calibrator_loan_lines')
        .where('holding_calibrator_id', calibrator.id)
      assert.lengthOf(holding, 1)
    }
  })
})
