import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import type { Page } from 'playwright'
import User from '#models/user'
import { signIn } from '#tests/helpers/browser'

/** The user-menu trigger in the top bar (it carries the user's initial and name). */
function userMenuButton(page: Page, user: User) {
  return page.getByRole('banner').getByRole('button', { name: user.name })
}

test.group('User menu', () => {
  test(
    'shows name, position and email; Profil and Ubah Kata Sandi work; Keluar ends the session'
  ).run(async ({ browserContext, assert }) => {
    const user = await User.findByOrFail('email', 'admin_pk@kalibra.test')
    const page = await browserContext.newPage()
    await signIn(page, user.email)

    await userMenuButton(page, user).click()
    const menu = page.getByRole('menu')
    await menu.waitFor()
    const text = await menu.innerText()
    assert.include(text, user.name)
    assert.include(text, user.position!)
    assert.include(text, user.email)
    const items = await menu.getByRole('menuitem').allInnerTexts()
    assert.deepEqual(
      items.map((t) => t.trim()),
      ['Profil', 'Ubah Kata Sandi', 'Hari Libur', 'Hubungkan Telegram', 'Keluar']
    )

    await menu.getByRole('menuitem', { name: 'Profil' }).click()
    await page.waitForURL('**/profile')
    await page.getByRole('heading', { name: 'Profil' }).waitFor()
    assert.equal(await page.getByRole('menu').count(), 0, 'the menu closes after following a link')

    await userMenuButton(page, user).click()
    await page.getByRole('menuitem', { name: 'Ubah Kata Sandi' }).click()
    await page.waitForURL('**/password')

    // Only roles that may edit holidays get the Hari Libur entry (admin_pk may).
    await userMenuButton(page, user).click()
    await page.getByRole('menuitem', { name: 'Hari Libur' }).click()
    await page.waitForURL('**/holidays')
    await page.getByRole('heading', { name: 'Hari Libur' }).waitFor()

    await userMenuButton(page, user).click()
    await page.getByRole('menuitem', { name: 'Hubungkan Telegram' }).click()
    await page.waitForURL('**/telegram/connect')

    // Escape closes the menu.
    await userMenuButton(page, user).click()
    await page.getByRole('menu').waitFor()
    await page.keyboard.press('Escape')
    await page.getByRole('menu').waitFor({ state: 'detached' })

    await userMenuButton(page, user).click()
    await page.getByRole('menuitem', { name: 'Keluar' }).click()
    await page.waitForURL('**/login')
    await page.getByRole('heading', { name: 'Selamat Datang' }).waitFor()
    await page.getByRole('status').filter({ hasText: 'Anda telah keluar.' }).waitFor()

    // The session is gone: a signed-in page sends back to the login screen.
    await page.goto('/profile')
    assert.equal(new URL(page.url()).pathname, '/login')
  })

  test("a facility user's menu has no 'Hubungkan Telegram'", async ({ browserContext, assert }) => {
    const user = await User.findByOrFail('email', 'fasyankes@kalibra.test')
    const page = await browserContext.newPage()
    await signIn(page, user.email)
    await userMenuButton(page, user).click()
    const menu = page.getByRole('menu')
    await menu.waitFor()
    assert.include(await menu.innerText(), user.email)
    const items = await menu.getByRole('menuitem').allInnerTexts()
    assert.deepEqual(
      items.map((t) => t.trim()),
      ['Profil', 'Ubah Kata Sandi', 'Keluar']
    )
    assert.equal(await page.getByText('Hubungkan Telegram').count(), 0)
  })
})

test.group('Toasts', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test("saving the profile shows 'Profil berhasil diperbarui.' at the bottom right").run(
    async ({ browserContext, assert }) => {
      const page = await browserContext.newPage()
      await signIn(page, 'treasurer@kalibra.test')
      await page.goto('/profile')
      await page.getByLabel('Jabatan').fill('Bendahara Penerimaan Utama')
      await page.getByRole('button', { name: 'Simpan' }).click()

      const toast = page.getByRole('status').filter({ hasText: 'Profil berhasil diperbarui.' })
      await toast.waitFor()
      const box = await toast.boundingBox()
      const viewport = page.viewportSize()
      assert.exists(box)
      assert.exists(viewport)
      if (!box || !viewport) return
      assert.isAbove(box.x, viewport.width / 2, 'toast on the right')
      assert.isAbove(box.y, viewport.height / 2, 'toast at the bottom')

      // Saved: the user menu shows the new position right away, and after a reload.
      const user = await User.findByOrFail('email', 'treasurer@kalibra.test')
      assert.equal(user.position, 'Bendahara Penerimaan Utama')
      await page.reload()
      await userMenuButton(page, user).click()
      assert.include(await page.getByRole('menu').innerText(), 'Bendahara Penerimaan Utama')
    }
  )

  test('an error flash becomes an error toast too (wrong old password)', async ({
    browserContext,
    assert,
  }) => {
    const page = await browserContext.newPage()
    await signIn(page, 'human_resource@kalibra.test')
    await page.goto('/password')
    await page.getByLabel('Kata Sandi Lama').fill('bukan-sandi-lama')
    await page.getByLabel('Kata Sandi Baru', { exact: true }).fill('sandi-baru-2026')
    await page.getByLabel('Konfirmasi Kata Sandi Baru').fill('sandi-baru-2026')
    await page.getByRole('button', { name: 'Simpan' }).click()

    await page.getByRole('status').filter({ hasText: 'Kata sandi lama tidak sesuai.' }).waitFor()
    assert.equal(await page.getByLabel('Kata Sandi Lama').getAttribute('aria-invalid'), 'true')
    assert.equal(new URL(page.url()).pathname, '/password')
  })
})
