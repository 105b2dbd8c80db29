import { existsSync } from 'node:fs'

/**
 * Browser tests drive Debian's Chromium (Playwright cannot download its own
 * browsers here). CHROMIUM_PATH overrides the location.
 */
export function chromiumLaunchOptions() {
  const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
  return {
    executablePath: existsSync(executablePath) ? executablePath : undefined,
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  }
}
