import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import {
  binary,
  pdfText,
  userByEmail,
  userWithRole,
} from '#tests/functional/internal_orders/_support'
import { loanPayload, makeCalibrator } from '#tests/functional/lending/_support'

/**
 * Issue 35, item 8: the loan list's print pages (spec part 1: {current path}/print/order and
 * /print/transaction, with the list's filters) answered 404. Each prints the slips of the loans
 * the list shows, a loan a page.
 */
test.group('Calibrator lending | the list’s print pages', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('print/order and print/transaction hold a slip per listed loan, with the list’s filters', async ({
    client,
    assert,
  }) => {
    const yantek = await userWithRole('yantek')
    const numbers: string[] = []
    for (let i = 0; i < 2; i++) {
      const calibrator = await makeCalibrator('PK')
      await client
        .post('/calibrator/loan')
        .json(await loanPayload([calibrator]))
        .loginAs(yantek)
        .withCsrfToken()
        .withInertia()
      const loan = await db.from('calibrator_loans').orderBy('id', 'desc').first()
      numbers.push(loan.number)
    }
    // The second is decided: only the first stays Pending.
    const second = await db.from('calibrator_loans').where('number', numbers[1]).first()
    await db.from('calibrator_loans').where('id', second.id).update({ status: 'Confirmed' })

    const order = await binary(client.get('/calibrator/loan/print/order'))
      .qs({ status: 'Pending' })
      .loginAs(yantek)
    assert.equal(order.status(), 200)
    assert.equal(order.header('content-type'), 'application/pdf')
    const orderText = pdfText(order.body() as Buffer)
    assert.include(orderText, 'SURAT PEMINJAMAN KALIBRATOR')
    assert.include(orderText, numbers[0])
    assert.notInclude(orderText, numbers[1])

    const transactions = await binary(client.get('/calibrator/loan/print/transaction'))
      .qs({ status: 'ALL' })
      .loginAs(yantek)
    assert.equal(transactions.status(), 200)
    const text = pdfText(transactions.body() as Buffer)
    for (const number of numbers) assert.include(text, number)
    assert.include(text, 'BUKTI TRANSAKSI PEMINJAMAN KALIBRATOR')

    // Whoever may not see the loans does not get their slips; an unknown slip is no page.
    const facility = await userByEmail('fasyankes@kalibra.test')
    const refused = await client.get('/calibrator/loan/print/order').loginAs(facility)
    assert.include([403, 404], refused.status())
    const unknown = await client.get('/calibrator/loan/print/kwitansi').loginAs(yantek)
    unknown.assertStatus(404)
  })
})
