import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import type { Page } from 'playwright'
import { newContext, signIn } from '#tests/helpers/browser'
import { makeOrder, userByEmail } from '#tests/functional/internal_orders/_support'

/** Saves what the page looks like when SHOT_DIR names a folder (to look at by eye). */
async function shot(page: Page, name: string) {
  if (process.env.SHOT_DIR) {
    await page.screenshot({ path: `${process.env.SHOT_DIR}/${name}.png`, fullPage: true })
  }
}

/** Issue 35, point 4: a failed device is red on the facility's order page and in the list. */
test.group('Orders | results and certificates in Chromium', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('the facility sees each result and certificate, a TIDAK LAIK line in red, at 1366 and 375 px', async ({
    browser,
    assert,
  }) => {
    const facility = await userByEmail('fasyankes@kalibra.test')
    const { order, devices } = await makeOrder({
      status: 'MENUNGGU FEEDBACK',
      devices: 2,
      deviceStatus: 'SELESAI',
    })
    await db
      .from('order_devices')
      .where('id', devices[0].id)
      .update({ is_laik: true, certificate_number: `PK/UJI/${order.id}/0001` })
    await db
      .from('order_devices')
      .where('id', devices[1].id)
      .update({ is_laik: false, certificate_number: `PK/UJI/${order.id}/0002` })

    for (const width of [1366, 375]) {
      const context = await newContext(browser, { viewport: { width, height: 900 } })
      try {
        const page = await context.newPage()
        await signIn(page, facility.email)
        await page.goto(`/internal/${order.id}/summary`)
        const outcomes = page.locator('[data-testid="device-outcome"]:visible')
        await outcomes.first().waitFor()
        assert.equal(await outcomes.count(), 2, `${width}`)
        const failed = outcomes.nth(1)
        await failed.getByText(`PK/UJI/${order.id}/0002`).waitFor()
        const badge = failed.getByText('TIDAK LAIK', { exact: true })
        assert.include(await badge.getAttribute('class'), 'bg-red-100', `${width}`)
        const wide = await page.evaluate(() => {
          const root = (globalThis as any).document.documentElement
          return (root.scrollWidth as number) > ((globalThis as any).innerWidth as number)
        })
        assert.isFalse(wide, `the order page is wider than ${width} px`)
        await shot(page, `order-${width}`)

        await page.goto('/internal')
        const row =
          width < 768
            ? page.getByTestId('card').filter({ hasText: order.number })
            : page.locator('tr', { hasText: order.number })
        const button = row.getByTestId('device-popover-button')
        await button.click()
        const popover = page.getByTestId('device-popover')
        await popover.getByText(`PK/UJI/${order.id}/0002`).waitFor()
        const red = popover.getByText('TIDAK LAIK', { exact: true })
        assert.include(await red.getAttribute('class'), 'bg-red-100', `${width}`)
        const box = await popover.boundingBox()
        assert.isAtMost(box!.x + box!.width, width, `the popover fits ${width} px`)
        await shot(page, `list-${width}`)
      } finally {
        await context.close()
      }
    }
  })
})
