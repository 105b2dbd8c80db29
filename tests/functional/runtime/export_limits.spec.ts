import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import { PDF_EXPORT } from '#lists/list_responder'
import { binary } from '#tests/functional/internal_orders/_support'
import { accountWithRole, makeAlkes } from '#tests/functional/master_data/_support'

/**
 * Issue 34: a PDF of a whole list at a million orders ran 231 s and grew the server by 3.6 GB.
 * A PDF holds at most PDF_EXPORT.maxRows rows; a longer list is refused with the advice to
 * narrow it or take Excel, which has no such limit.
 */
test.group('Exports | the size of a PDF', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('a list longer than the limit is refused as a PDF with the advice; Excel still comes', async ({
    client,
    assert,
  }) => {
    const admin = await accountWithRole('admin_pk')
    for (let i = 0; i < 3; i++) await makeAlkes()
    const limit = PDF_EXPORT.maxRows
    PDF_EXPORT.maxRows = 2
    try {
      const pdf = await client
        .get('/alkes/data/print/pdf')
        .loginAs(admin)
        .header('referer', '/alkes/data')
        .redirects(0)
      assert.equal(pdf.status(), 302)
      assert.equal(
        pdf.flashMessages().error,
        'PDF dibatasi 2 baris; daftar ini lebih panjang. Persempit filter (status, bulan, fasyankes) atau unduh Excel.'
      )
      const excel = await binary(client.get('/alkes/data/print/excel')).loginAs(admin)
      assert.equal(excel.status(), 200)
    } finally {
      PDF_EXPORT.maxRows = limit
    }
    const whole = await binary(client.get('/alkes/data/print/pdf')).loginAs(admin)
    assert.equal(whole.status(), 200)
    assert.equal(whole.header('content-type'), 'application/pdf')
  })
})
