import { test } from '@japa/runner'
import { isDark, newContext, signIn, until } from '#tests/helpers/browser'

test.group('Theme', () => {
  test(
    'the dark theme is kept in local storage: it survives a reload and can be switched back'
  ).run(async ({ browserContext, assert }) => {
    const page = await browserContext.newPage()
    await page.emulateMedia({ colorScheme: 'light' })
    await signIn(page, 'admin_pk@kalibra.test')
    assert.isFalse(await isDark(page))

    const toggle = page.getByRole('banner').getByRole('button', { name: /^Mode (gelap|terang)$/ })
    assert.equal(await toggle.getAttribute('aria-label'), 'Mode gelap')
    assert.equal(await toggle.getAttribute('data-theme'), 'light')

    await toggle.click()
    assert.isTrue(await isDark(page))
    assert.equal(await page.evaluate(() => localStorage.getItem('theme')), 'dark')
    assert.equal(await toggle.getAttribute('aria-label'), 'Mode terang')

    await page.reload()
    await page.getByRole('navigation', { name: 'Menu utama' }).waitFor()
    assert.isTrue(await isDark(page))
    // The button learns the theme once mounted (the page is rendered on the client).
    await page.locator('header button[data-theme="dark"]').waitFor()

    // Another page of the app (an Inertia visit) and the login screen keep it too.
    await page
      .getByRole('navigation', { name: 'Menu utama' })
      .getByRole('link', { name: 'Petugas' })
      .click()
    await page.waitForURL('**/officer')
    assert.isTrue(await isDark(page))

    await toggle.click()
    assert.isFalse(await isDark(page))
    await page.reload()
    await page.getByRole('navigation', { name: 'Menu utama' }).waitFor()
    assert.isFalse(await isDark(page))
    assert.equal(await page.evaluate(() => localStorage.getItem('theme')), 'light')
    assert.equal(await toggle.getAttribute('aria-label'), 'Mode gelap')
  })

  test('the login screen toggle works the same way', async ({ browserContext, assert }) => {
    const page = await browserContext.newPage()
    await page.emulateMedia({ colorScheme: 'light' })
    await page.goto('/login')
    assert.isFalse(await isDark(page))
    await page.getByRole('button', { name: 'Mode gelap' }).click()
    await page.reload()
    assert.isTrue(await isDark(page))
    await page.getByRole('button', { name: 'Mode terang' }).click()
    await page.reload()
    assert.isFalse(await isDark(page))
  })

  test('without a stored choice the system preference applies; a stored choice wins over it').run(
    async ({ browserContext, assert }) => {
      const page = await browserContext.newPage()
      await page.emulateMedia({ colorScheme: 'dark' })
      await page.goto('/login')
      assert.isTrue(await isDark(page))
      await page.locator('button[data-theme="dark"]').waitFor()

      await page.getByRole('button', { name: 'Mode terang' }).click()
      await page.reload()
      assert.isFalse(await isDark(page))
    }
  )
})

test.group('Layout', () => {
  test('on a desktop the sidebar toggle hides and shows the sidebar', async ({
    browserContext,
    assert,
  }) => {
    const page = await browserContext.newPage()
    await signIn(page, 'admin_pk@kalibra.test')
    const nav = page.getByRole('navigation', { name: 'Menu utama' })
    assert.isTrue(await nav.isVisible())
    await page.getByRole('button', { name: 'Tutup menu' }).click()
    await nav.waitFor({ state: 'hidden' })
    await page.getByRole('button', { name: 'Buka menu' }).click()
    await nav.waitFor({ state: 'visible' })
  })

  test(
    'on a phone the sidebar starts closed, opens over the page and closes after following a link'
  ).run(async ({ browser, assert }) => {
    const context = await newContext(browser, { viewport: { width: 375, height: 800 } })
    try {
      const page = await context.newPage()
      await signIn(page, 'admin_pk@kalibra.test')
      // Closed on a phone means moved off screen to the left.
      const aside = page.locator('aside#sidebar')
      const onScreen = async () => {
        const box = await aside.boundingBox()
        return !!box && box.x >= 0
      }
      const offScreen = async () => {
        const box = await aside.boundingBox()
        return !box || box.x + box.width <= 0
      }
      const toggle = page.getByRole('button', { name: /^(Buka|Tutup) menu$/ })
      assert.equal(await toggle.getAttribute('aria-expanded'), 'false')
      await until(offScreen)

      await page.getByRole('button', { name: 'Buka menu' }).click()
      await until(onScreen)

      const nav = page.getByRole('navigation', { name: 'Menu utama' })
      await nav.getByRole('link', { name: 'Petugas' }).click()
      await page.waitForURL('**/officer')
      await until(offScreen)
      assert.equal(await toggle.getAttribute('aria-expanded'), 'false')
    } finally {
      await context.close()
    }
  })
})
