import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import { signIn } from '#tests/helpers/browser'
import { makeOrder, userByEmail } from '#tests/functional/internal_orders/_support'

/** Issue 10.17: My tasks from the top bar, and the dashboard cards that open the filtered list. */
test.group('My tasks in Chromium', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('admin_pk opens its tasks from the top bar and goes straight to the action', async ({
    browserContext,
    assert,
  }) => {
    const { order } = await makeOrder({ status: 'MENUNGGU' })
    // Older than anything else waiting: first in its group.
    await db
      .from('orders')
      .where('id', order.id)
      .update({
        status_changed_at: DateTime.utc().minus({ years: 5 }).toSQL({ includeOffset: false }),
      })
    const page = await browserContext.newPage()
    const admin = await userByEmail('admin_pk@kalibra.test')
    await signIn(page, admin.email)
    await page.getByRole('link', { name: 'Tugas Saya' }).click()
    await page.waitForURL('**/tasks')
    const approvals = page
      .locator('div')
      .filter({ has: page.getByRole('heading', { name: /^Konfirmasi permintaan · Alat Datang/ }) })
      .last()
    const row = approvals.getByRole('row').filter({ hasText: order.number })
    await row.getByText(/^\d+ hari$/).waitFor()
    await row.getByRole('link', { name: 'Konfirmasi permintaan' }).click()
    await page.waitForURL(`**/internal/${order.id}/confirm/approve`)

    // A dashboard card opens the list filtered to its status.
    await page.goto('/dashboard')
    await page
      .getByTestId('status-cards')
      .getByRole('link', { name: /Menunggu/ })
      .click()
    await page.waitForURL('**/internal?status=MENUNGGU**')
    await page.getByRole('link', { name: order.number }).waitFor()
    const statuses = await page.locator('tbody tr').allInnerTexts()
    assert.isAbove(statuses.length, 0)
    for (const text of statuses) assert.include(text, 'MENUNGGU')
  }).timeout(60_000)
})
