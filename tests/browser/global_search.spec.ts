import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import { baseUrl, person } from '#tests/helpers/browser'
import { makeOrder } from '#tests/functional/internal_orders/_support'

/** The top bar's search from the keyboard (issue 35, item 14). */
test.group('Global search in Chromium', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.timeout(120_000)

  test('Enter opens the first result, also when pressed before the results came', async ({
    browser,
    assert,
  }) => {
    const { order } = await makeOrder({ status: 'MENUNGGU' })
    const page = await person(browser, 'admin_pk@kalibra.test', {
      viewport: { width: 1366, height: 900 },
    })
    await page.goto(`${baseUrl()}/dashboard`)
    const box = page.getByRole('combobox', { name: 'Telusuri' })
    // Typed and entered at once: the search is asked there and then.
    await box.fill(order.number)
    await box.press('Enter')
    await page.waitForURL(new RegExp(`/internal/${order.id}/detail`))

    await page.goto(`${baseUrl()}/dashboard`)
    await box.fill(order.number)
    const first = page.getByRole('option').first()
    await first.waitFor()
    assert.equal(await first.getAttribute('aria-selected'), 'true')
    await box.press('Enter')
    await page.waitForURL(new RegExp(`/internal/${order.id}/detail`))
  })
})
