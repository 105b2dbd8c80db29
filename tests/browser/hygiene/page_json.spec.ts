import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import type { Page } from 'playwright'
import { makeFacility } from '#tests/functional/master_data/_support'
import { makeOrder } from '#tests/functional/internal_orders/_support'
import { newContext, signIn } from '#tests/helpers/browser'

/**
 * Issue 8, point 8, in Chromium: a facility named `RS <!--<script> Uji` used
 * to get a blank first load of its order pages (the HTML parser never left
 * the page-data script element). Its own pages and the staff's view of its
 * order must render on a full page load.
 */
const NAME = 'RS <!--<script> Uji'

function watchErrors(page: Page, errors: string[]) {
  page.on('pageerror', (error) => errors.push(error.message))
}

test.group('Page JSON | hostile names in Chromium', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('the facility and admin_pk see the order of "RS <!--<script> Uji" on a full page load', async ({
    browser,
    browserContext,
    assert,
  }) => {
    const { facility, account } = await makeFacility({ fasyankesName: NAME })
    const { order } = await makeOrder({ fasyankesId: facility.id })
    const errors: string[] = []

    const own = await browserContext.newPage()
    watchErrors(own, errors)
    await signIn(own, account.email)
    await own.goto(`/internal/${order.id}/detail`)
    await own.getByText(order.number).first().waitFor()
    // The user menu carries the account's name (the facility's name).
    await own.getByRole('banner').getByRole('button', { name: NAME }).waitFor()

    const staffContext = await newContext(browser)
    try {
      const staff = await staffContext.newPage()
      watchErrors(staff, errors)
      await signIn(staff, 'admin_pk@kalibra.test')
      await staff.goto(`/internal/${order.id}/detail`)
      await staff.getByText(order.number).first().waitFor()
      await staff.getByText(NAME, { exact: true }).first().waitFor()
      assert.isAbove(await staff.getByText(NAME, { exact: true }).count(), 0)
    } finally {
      await staffContext.close()
    }
    assert.deepEqual(errors, [])
  })
})
