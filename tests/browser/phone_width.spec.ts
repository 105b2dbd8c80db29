import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import type { Page } from 'playwright'
import { newContext, readSidebar, signIn } from '#tests/helpers/browser'
import { FACILITY_EMAIL, makeOrder, userByEmail } from '#tests/functional/internal_orders/_support'

const PHONE = { width: 375, height: 800 }

/**
 * What reaches past the phone's width: the page itself, any element whose right edge
 * passes the viewport, and any box that scrolls sideways inside the page (a table in an
 * overflow-x container fits the page but still makes the user scroll sideways).
 */
const OVERFLOW_SCRIPT = `(() => {
  const width = window.innerWidth
  const found = []
  const page = Math.max(document.documentElement.scrollWidth, document.body.scrollWidth)
  if (page > width) found.push('page ' + page + ' px')
  const name = (el) => el.tagName.toLowerCase() + (el.id ? '#' + el.id : '') +
    (el.getAttribute('aria-label') ? '[' + el.getAttribute('aria-label') + ']' : '')
  for (const el of document.querySelectorAll('main *')) {
    const rect = el.getBoundingClientRect()
    if (!rect.width || !rect.height) continue
    const style = getComputedStyle(el)
    if (style.visibility === 'hidden' || style.position === 'fixed') continue
    if (rect.right > width + 1) found.push(name(el) + ' ends at ' + Math.round(rect.right) + ' px')
    if (/(auto|scroll)/.test(style.overflowX) && el.scrollWidth > el.clientWidth + 1)
      found.push(name(el) + ' scrolls sideways (' + el.scrollWidth + ' px)')
  }
  return found.slice(0, 5)
})()`

async function overflow(page: Page) {
  return (await page.evaluate(OVERFLOW_SCRIPT)) as string[]
}

/**
 * Issue 10.4: every page a facility uses fits a 375 px phone: nothing scrolls sideways,
 * device pickers and device tables become cards.
 */
test.group('Facility pages on a phone (375 px)', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('no page a facility opens is wider than the phone', async ({ browser, assert }) => {
    const facility = await userByEmail(FACILITY_EMAIL)
    const fasyankesId = facility.fasyankesId!
    const waiting = await makeOrder({ status: 'MENUNGGU', devices: 3, fasyankesId })
    const working = await makeOrder({ status: 'PROSES PENGERJAAN', devices: 3, fasyankesId })
    const feedback = await makeOrder({
      status: 'MENUNGGU FEEDBACK',
      devices: 2,
      deviceStatus: 'SELESAI',
      fasyankesId,
    })
    const done = await makeOrder({
      status: 'SELESAI',
      devices: 2,
      deviceStatus: 'SELESAI',
      fasyankesId,
    })
    const context = await newContext(browser, { viewport: PHONE })
    try {
      const page = await context.newPage()
      await signIn(page, FACILITY_EMAIL)
      const sidebar = await readSidebar(page)
      const sidebarPages = sidebar
        .flatMap((section) => section.items)
        .flatMap((item) => (item.children ?? []).map((child) => child.href).concat(item.href ?? []))
      const orderPages = [
        '/internal/create',
        `/internal/${waiting.order.id}/edit`,
        `/internal/${waiting.order.id}/detail`,
        `/internal/${working.order.id}/detail`,
        `/internal/${working.order.id}/summary`,
        `/internal/${feedback.order.id}/detail`,
        `/internal/${done.order.id}/detail`,
        `/internal/${done.order.id}/attachment`,
        `/internal/${feedback.order.id}/feedback`,
        '/insitu/create',
        '/profile',
        '/password',
      ]
      const tooWide: string[] = []
      for (const path of [...new Set([...sidebarPages, ...orderPages])]) {
        const response = await page.goto(path)
        assert.isBelow(response?.status() ?? 500, 400, `${path} opens`)
        await page.locator('main').waitFor()
        await page.waitForLoadState('networkidle')
        const found = await overflow(page)
        if (found.length) tooWide.push(`${path}: ${found.join('; ')}`)
      }
      assert.deepEqual(tooWide, [])
      assert.isAbove(sidebarPages.length, 1, 'the sidebar was read')
      // The order form's device picker is a list of cards: its header row is hidden.
      await page.goto('/internal/create')
      const pickerHeader = page.locator('thead').filter({ hasText: 'Keterangan' })
      assert.isFalse(await pickerHeader.isVisible())
      await page.screenshot({ path: '/tmp/facility-create-375.png', fullPage: true })
    } finally {
      await context.close()
    }
  }).timeout(120_000)
})
