import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright'

/** Password of every demo account (database/seeders/demo_data.ts). */
export const DEMO_PASSWORD = 'kalibra2026'

/** The in-process test server (.env.test; HOST and PORT from the environment win). */
export function baseUrl() {
  return `http://${process.env.HOST ?? 'localhost'}:${process.env.PORT ?? '3334'}`
}

/**
 * A second browser context, for tests that need other options than the
 * per-test one (a phone-sized viewport). The caller closes it.
 */
export function newContext(
  browser: Browser,
  options: BrowserContextOptions = {}
): Promise<BrowserContext> {
  return browser.newContext({ baseURL: baseUrl(), ...options })
}

/** Signs in through the real login form and waits for the first signed-in page. */
export async function signIn(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.goto('/login')
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Kata Sandi').fill(password)
  await page.getByRole('button', { name: 'Masuk' }).click()
  await page.waitForURL((url) => url.pathname !== '/login')
  await page.getByRole('navigation', { name: 'Menu utama' }).waitFor()
}

export interface SidebarItem {
  label: string
  /** Leaf entries are links; groups are toggles without a route of their own. */
  href?: string
  children?: { label: string; href: string }[]
}

export interface SidebarSection {
  title: string | null
  items: SidebarItem[]
}

/** Polls `condition` until it holds (Playwright's own waits need DOM types or a locator). */
export async function until(condition: () => Promise<boolean>, timeout = 10_000) {
  const deadline = Date.now() + timeout
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`Condition not met within ${timeout} ms`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

const clean = (text: string | null) => (text ?? '').replace(/\s+/g, ' ').trim()

/**
 * The sidebar as the user sees it: every group is opened first (children are
 * only rendered when open), then sections, entries and children are read.
 * Text is read as textContent, so CSS text-transform does not change it.
 */
export async function readSidebar(page: Page): Promise<SidebarSection[]> {
  const nav = page.getByRole('navigation', { name: 'Menu utama' })
  await nav.waitFor()
  const closed = nav.locator('button[aria-expanded="false"]')
  for (let left = await closed.count(); left > 0; left = await closed.count()) {
    await closed.first().click()
    await until(async () => (await closed.count()) < left)
  }

  const sections: SidebarSection[] = []
  for (const section of await nav.locator(':scope > div > div').all()) {
    const title = section.locator(':scope > p')
    const items: SidebarItem[] = []
    for (const entry of await section.locator(':scope > ul > li').all()) {
      const link = entry.locator(':scope > a')
      if ((await link.count()) > 0) {
        items.push({
          label: clean(await link.textContent()),
          href: (await link.getAttribute('href')) ?? '',
        })
        continue
      }
      const children = []
      for (const child of await entry.locator(':scope > ul > li > a').all()) {
        children.push({
          label: clean(await child.textContent()),
          href: (await child.getAttribute('href')) ?? '',
        })
      }
      items.push({ label: clean(await entry.locator(':scope > button').textContent()), children })
    }
    sections.push({
      title: (await title.count()) > 0 ? clean(await title.textContent()) : null,
      items,
    })
  }
  return sections
}

/** True when the document root carries the dark-theme class. */
export async function isDark(page: Page) {
  const classes = (await page.locator('html').getAttribute('class')) ?? ''
  return classes.split(/\s+/).includes('dark')
}

/** One person in their own browser profile (the lab's time zone by default), signed in. */
export async function person(browser: Browser, email: string, options: BrowserContextOptions = {}) {
  const context = await newContext(browser, { timezoneId: 'Asia/Makassar', ...options })
  const page = await context.newPage()
  await signIn(page, email)
  return page
}
